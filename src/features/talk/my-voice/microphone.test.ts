import { describe, expect, it } from "vitest";
import { meterLevel } from "./microphone.ts";

/** 20 ms of a tone at this level (RMS, dBFS). */
const tone = (db: number) =>
  Float32Array.from({ length: 960 }, (_, n) => Math.SQRT2 * 10 ** (db / 20) * Math.sin(n / 7));

describe("meterLevel", () => {
  it("shows a soft voice, and stays empty for silence and a quiet room", () => {
    expect(meterLevel(new Float32Array(960))).toBe(0);
    expect(meterLevel(tone(-80))).toBe(0);
    // A soft speaker on a phone opened without automatic gain: visibly heard.
    expect(meterLevel(tone(-55))).toBeGreaterThan(0.2);
    expect(meterLevel(tone(-55))).toBeLessThan(meterLevel(tone(-30)));
    expect(meterLevel(tone(-3))).toBe(1);
  });
});
