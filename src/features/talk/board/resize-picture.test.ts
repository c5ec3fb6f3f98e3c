import { describe, expect, it } from "vitest";
import { fitWithin } from "@/features/talk/board/resize-picture";

describe("resizing a photo", () => {
  it("fits the longest side within 256 px and keeps the shape", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 256, height: 192 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 192, height: 256 });
    expect(fitWithin(5000, 10)).toEqual({ width: 256, height: 1 });
  });

  it("never enlarges a small picture", () => {
    expect(fitWithin(100, 80)).toEqual({ width: 100, height: 80 });
    expect(fitWithin(256, 256)).toEqual({ width: 256, height: 256 });
  });
});
