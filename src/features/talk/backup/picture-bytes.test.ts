import { describe, expect, it } from "vitest";
import { pictureSize, pictureType } from "@/features/talk/backup/picture-bytes";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  );
const le16 = (value: number) => [value & 0xff, value >> 8];
const be16 = (value: number) => [value >> 8, value & 0xff];
const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];

describe("pictureSize", () => {
  it("reads a PNG's size from its header", () => {
    const png = Uint8Array.from(
      atob(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      ),
      (char) => char.charCodeAt(0),
    );
    expect(pictureSize(png, "image/png")).toEqual({ width: 1, height: 1 });
  });

  it("reads GIF, JPEG (past its other segments) and the three kinds of WebP", () => {
    expect(pictureSize(bytes("GIF89a", le16(640), le16(480), [0, 0]), "image/gif")).toEqual({
      width: 640,
      height: 480,
    });
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, ...be16(16)],
      "JFIF\0",
      new Array<number>(9).fill(0),
      [0xff, 0xc4, ...be16(4), 0, 0],
      [0xff, 0xc0, ...be16(17), 8, ...be16(3000), ...be16(4000), 3],
    );
    expect(pictureType(jpeg)).toBe("image/jpeg");
    expect(pictureSize(jpeg, "image/jpeg")).toEqual({ width: 4000, height: 3000 });

    const riff = (chunk: string, body: number[]) =>
      bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [0, 0, 0, 0], body, new Array<number>(8).fill(0));
    const lossy = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(800), ...le16(600)]);
    expect(pictureSize(lossy, "image/webp")).toEqual({ width: 800, height: 600 });
    const bits = (800 - 1) | ((600 - 1) << 14);
    const lossless = riff("VP8L", [
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      bits >>> 24,
    ]);
    expect(pictureSize(lossless, "image/webp")).toEqual({ width: 800, height: 600 });
    const extended = riff("VP8X", [0, 0, 0, 0, ...le24(30000 - 1), ...le24(20000 - 1)]);
    expect(pictureSize(extended, "image/webp")).toEqual({ width: 30000, height: 20000 });
  });

  it("says nothing of SVG or a header cut short", () => {
    expect(pictureSize(bytes("<svg></svg>"), "image/svg+xml")).toBeUndefined();
    expect(pictureSize(bytes("GIF89a", [1]), "image/gif")).toBeUndefined();
    expect(pictureSize(bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg")).toBeUndefined();
  });
});
