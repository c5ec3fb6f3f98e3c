import { describe, expect, it } from "vitest";
import { strFromU8, strToU8, zipSync } from "fflate";
import { safeZipPath, unzipSafely, type ZipLimits } from "@/features/talk/backup/open-board-zip";

const limits: ZipLimits = { files: 10, fileBytes: 1024 * 1024, totalBytes: 2 * 1024 * 1024 };

/** Sets the unpacked size every header of a one-file zip declares, as a hostile tool could. */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const lying = zip.slice();
  const view = new DataView(lying.buffer);
  for (let at = 0; at + 4 <= lying.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return lying;
}

describe("safeZipPath", () => {
  it("keeps paths inside the set and tidies a leading ./", () => {
    expect(safeZipPath("boards/root.obf")).toBe("boards/root.obf");
    expect(safeZipPath("./images/a.png")).toBe("images/a.png");
  });

  it.each(["../evil.obf", "boards/../../evil", "/etc/passwd", "C:/evil", "images\\a.png", ""])(
    "refuses %j",
    (path) => {
      expect(safeZipPath(path)).toBeUndefined();
    },
  );
});

describe("unzipSafely", () => {
  it("unpacks every file of a good set, stored or deflated", async () => {
    const zip = zipSync({
      "manifest.json": strToU8('{"format":"open-board-0.1"}'),
      "images/a.png": [new Uint8Array([1, 2, 3]), { level: 0 }],
    });
    const result = await unzipSafely(zip, limits);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(strFromU8(result.files.get("manifest.json")!)).toBe('{"format":"open-board-0.1"}');
    expect([...result.files.get("images/a.png")!]).toEqual([1, 2, 3]);
  });

  it("refuses what is not a zip", async () => {
    expect(await unzipSafely(strToU8("just text"), limits)).toEqual({
      ok: false,
      problem: "not-a-zip",
    });
  });

  it.each(["../evil.obf", "/absolute.obf", "a\\b.obf", "C:/windows.obf"])(
    "refuses a set with the file %j",
    async (name) => {
      const zip = zipSync({ [name]: strToU8("{}"), "manifest.json": strToU8("{}") });
      expect(await unzipSafely(zip, limits)).toEqual({ ok: false, problem: "unsafe-path" });
    },
  );

  it("refuses a file that declares more than the limit", async () => {
    const zip = zipSync({ "big.bin": new Uint8Array(limits.fileBytes + 1) });
    expect(await unzipSafely(zip, limits)).toEqual({ ok: false, problem: "too-large-unpacked" });
  });

  it("stops inflating a file that grows past what it declared (a zip bomb)", async () => {
    const bomb = declareSize(zipSync({ "bomb.bin": new Uint8Array(limits.fileBytes * 2) }), 100);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await unzipSafely(bomb, limits)).toEqual({ ok: false, problem: "too-large-unpacked" });
  });

  it("refuses files that together unpack to more than the limit", async () => {
    const part = new Uint8Array(limits.fileBytes);
    const zip = zipSync({ "a.bin": part, "b.bin": part, "c.bin": part });
    expect(await unzipSafely(zip, limits)).toEqual({ ok: false, problem: "too-large-unpacked" });
  });

  it("refuses a set with too many files", async () => {
    const many = Object.fromEntries(
      Array.from({ length: limits.files + 1 }, (_, index) => [`f${index}.txt`, strToU8("x")]),
    );
    expect(await unzipSafely(zipSync(many), limits)).toEqual({
      ok: false,
      problem: "too-large-unpacked",
    });
  });

  it("gives the page its turn while it unpacks a big set", async () => {
    // 3 MB that hardly compress, as photos: the page's own work waits on no turn of it.
    let seed = 2463534242;
    const photo = new Uint8Array(3 * 1024 * 1024).map(() => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 24;
    });
    const zip = zipSync({ "images/photo.jpg": photo });
    let pageRan = false;
    setTimeout(() => (pageRan = true), 0);
    const result = await unzipSafely(zip, { ...limits, fileBytes: 4 << 20, totalBytes: 4 << 20 });
    expect(result.ok && result.files.get("images/photo.jpg")?.length).toBe(photo.length);
    expect(pageRan).toBe(true);
  });

  it("refuses a cut-off zip", async () => {
    const zip = zipSync({ "manifest.json": strToU8("{}".repeat(1000)) });
    const result = await unzipSafely(zip.subarray(0, zip.length - 30), limits);
    expect(result.ok).toBe(false);
  });
});
