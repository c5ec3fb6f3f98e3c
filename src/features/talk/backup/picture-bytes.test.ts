import { describe, expect, it } from "vitest";
import { jpegOrientation, pictureSize, pictureType } from "@/features/talk/backup/picture-bytes";

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

describe("jpegOrientation", () => {
  /** A JPEG's start with a JFIF segment and an EXIF one of the given byte order and entries. */
  const withExif = (order: "II" | "MM", entries: [tag: number, value: number][]) => {
    const u16 = (value: number) => (order === "II" ? le16(value) : be16(value));
    const u32 = (value: number) =>
      order === "II"
        ? [...le16(value & 0xffff), ...le16(value >>> 16)]
        : [...be16(value >>> 16), ...be16(value & 0xffff)];
    const tiff = [
      ...bytes(order),
      ...u16(42),
      ...u32(8),
      ...u16(entries.length),
      ...entries.flatMap(([tag, value]) => [
        ...u16(tag),
        ...u16(3),
        ...u32(1),
        ...u16(value),
        0,
        0,
      ]),
      ...u32(0),
    ];
    return bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, ...be16(16)],
      "JFIF\0",
      new Array<number>(9).fill(0),
      [0xff, 0xe1, ...be16(2 + 6 + tiff.length)],
      "Exif\0\0",
      tiff,
      [0xff, 0xc0, ...be16(17), 8, ...be16(3000), ...be16(4000), 3],
    );
  };

  it("reads the orientation a phone writes, in either byte order, past other tags", () => {
    expect(jpegOrientation(withExif("MM", [[0x0112, 6]]))).toBe(6);
    expect(
      jpegOrientation(
        withExif("II", [
          [0x010f, 1],
          [0x0112, 3],
        ]),
      ),
    ).toBe(3);
    // The frame header is still found past the EXIF data.
    expect(pictureSize(withExif("II", [[0x0112, 8]]), "image/jpeg")).toEqual({
      width: 4000,
      height: 3000,
    });
  });

  it("is 1 (as stored) without EXIF data, without the tag, or with a value out of range", () => {
    expect(jpegOrientation(withExif("II", []))).toBe(1);
    expect(jpegOrientation(withExif("MM", [[0x0112, 9]]))).toBe(1);
    expect(jpegOrientation(bytes([0xff, 0xd8], [0xff, 0xc0, ...be16(17), 8]))).toBe(1);
    // Cut short in the middle of the EXIF data.
    expect(jpegOrientation(withExif("MM", [[0x0112, 6]]).subarray(0, 40))).toBe(1);
  });
});
