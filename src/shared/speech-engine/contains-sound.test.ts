import { describe, expect, it } from "vitest";
import { containsSound } from "./contains-sound.ts";

describe("containsSound", () => {
  it("finds no sound in no samples or in silence", () => {
    expect(containsSound(new Int16Array(0))).toBe(false);
    expect(containsSound(new Int16Array(176))).toBe(false);
    expect(containsSound(Int16Array.from([0, 100, -100, 3, 0]))).toBe(false);
  });

  it("finds sound in a single sample above the silence ceiling, either way", () => {
    expect(containsSound(Int16Array.from([0, 0, 101, 0]))).toBe(true);
    expect(containsSound(Int16Array.from([0, -101, 0]))).toBe(true);
    expect(containsSound(Int16Array.from([-32768]))).toBe(true);
  });
});
