import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  keepImportedPictures,
  pictureForFile,
  picturesReplaced,
  readBoardPictures,
  withNewPictureIds,
} from "@/features/talk/backup/backup-pictures";
import { exportBoards, parseBoardFile, tooLargeToRead } from "@/features/talk/backup/board-file";
import { pictureSize, pictureType } from "@/features/talk/backup/picture-bytes";
import type { Board } from "@/features/talk/board/board";
import { savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { resetStorageForTests } from "@/lib/storage";
import { phrase } from "@/features/talk/backup/phrases-for-tests";

/** `bytes` bytes of a JPEG whose frame header says `width` × `height`. */
function jpeg(width: number, height: number, bytes: number, seed = 0): Blob {
  const data = new Uint8Array(bytes).map((_, at) => (at * 31 + seed) % 251);
  data.set([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255]);
  return new Blob([data], { type: "image/jpeg" });
}

/** A PNG of a few bytes whose header says `width` × `height`. */
function png(width: number, height: number): Blob {
  const data = new Uint8Array(64);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(data.buffer).setUint32(16, width);
  new DataView(data.buffer).setUint32(20, height);
  return new Blob([data], { type: "image/png" });
}

/**
 * What the browser draws with, which Node does not have: a picture decodes at the size its header
 * says, and a canvas writes a WebP of its own size (20 kB, as a photo at 256 px is); one that
 * cannot write WebP (`webp: false`, as Safari) gives the type it can, PNG, for it. Returns the
 * sizes drawn at.
 */
function drawLikeABrowser({ webp: writesWebp = true } = {}): { width: number; height: number }[] {
  const drawn: { width: number; height: number }[] = [];
  vi.stubGlobal("createImageBitmap", async (picture: Blob) => {
    const head = new Uint8Array(await picture.slice(0, 1024).arrayBuffer());
    return { ...pictureSize(head, pictureType(head)!), close: () => {} };
  });
  const createElement = () => {
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ({ drawImage: () => {} }),
      toBlob: (done: (blob: Blob) => void, type: string) => {
        drawn.push({ width: canvas.width, height: canvas.height });
        const webp = new Uint8Array(20 * 1024);
        webp.set([...new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0")]);
        webp.set([(canvas.width - 1) & 255, (canvas.width - 1) >> 8, 0], 24);
        webp.set([(canvas.height - 1) & 255, (canvas.height - 1) >> 8, 0], 27);
        done(new Blob([webp], { type: type === "image/webp" && !writesWebp ? "image/png" : type }));
      },
    };
    return canvas;
  };
  vi.stubGlobal("document", { createElement });
  return drawn;
}

describe("pictures in a board file", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("turns bytes into base64 and back, past the size of one slice", () => {
    const bytes = new Uint8Array(100_000).map((_, at) => (at * 7) % 256);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
    expect(bytesToBase64(new Uint8Array([0xff, 0xd8, 0xff]))).toBe("/9j/");
  });

  it("gives phrases their pictures' new ids, and leaves a phrase bare whose picture was not kept", () => {
    const board: Board = [phrase("a", "old-1"), phrase("b", "old-2"), phrase("c")];
    const renamed = withNewPictureIds(board, new Map([["old-1", "new-1"]]));
    expect(renamed.map((item) => item.symbol)).toEqual([
      { set: "picture", id: "new-1" },
      undefined,
      undefined,
    ]);
    expect(renamed[1]).toEqual(phrase("b"));
  });

  it("exports the pictures the boards use and keeps them on the device again on import", async () => {
    const id = await savePicture(new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }));
    const boards = { ru: [phrase("cat", id)], kk: [phrase("dog")] };
    const text = exportBoards(boards, {}, new Date(), (await readBoardPictures(boards)).pictures);

    // A new phone: nothing kept yet.
    globalThis.indexedDB = new IDBFactory();
    const result = parseBoardFile(text);
    if (!result.ok) throw new Error(result.problem);
    const imported = await keepImportedPictures(result.boards, result.pictures);
    const symbol = imported?.ru?.[0]?.symbol;
    expect(symbol?.set).toBe("picture");
    const picture = await readPicture(symbol?.set === "picture" ? symbol.id : "");
    expect(picture?.type).toBe("image/webp");
    expect([...new Uint8Array(await picture!.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(imported?.kk).toEqual([phrase("dog")]);
  });

  it("counts the pictures it leaves out: gone from the device, or not one a file carries", async () => {
    const kept = await savePicture(new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }));
    // Without a browser's drawing, a GIF cannot be made small, and a board file carries none.
    const gif = await savePicture(
      new Blob([new TextEncoder().encode("GIF89a")], { type: "image/gif" }),
    );
    const boards = {
      ru: [phrase("cat", kept), phrase("dog", "picture-gone"), phrase("ball", gif)],
      // The same missing picture on two boards is one picture left out.
      kk: [phrase("dog", "picture-gone")],
    };
    const { pictures, leftOut } = await readBoardPictures(boards);
    expect(Object.keys(pictures)).toEqual([kept]);
    expect(leftOut).toBe(2);
  });

  it("leaves out, and counts, a picture that fails to be read, and still reads the others", async () => {
    const bytes = (value: number) =>
      new Blob([new Uint8Array([value, value])], { type: "image/webp" });
    const good = await savePicture(bytes(1));
    const broken = await savePicture(bytes(2));
    const failingOnTwo = async (picture: Blob) => {
      if (new Uint8Array(await picture.arrayBuffer())[0] === 2) {
        throw new DOMException("The picture could not be read", "NotReadableError");
      }
      return picture;
    };
    const boards = { ru: [phrase("cat", broken), phrase("dog", good)] };
    const { pictures, leftOut } = await readBoardPictures(boards, failingOnTwo);
    expect(Object.keys(pictures)).toEqual([good]);
    expect(leftOut).toBe(1);
  });

  // 16 MB through the stand-in IndexedDB and base64: 7 s here when idle, 36 s beside the browser
  // tests.
  it(
    "exports a board of 40 photos of 400 kB in a file it imports again, with every picture",
    {
      timeout: 120_000,
    },
    async () => {
      // Where the browser cannot make them small, they go into the file as they are.
      const photo = (seed: number) => jpeg(1600, 1200, 400 * 1024, seed);
      const board: Board = await Promise.all(
        Array.from({ length: 40 }, async (_, at) => phrase(`p${at}`, await savePicture(photo(at)))),
      );
      const boards = { kk: board };
      const text = exportBoards(boards, {}, new Date(), (await readBoardPictures(boards)).pictures);

      // A new phone.
      globalThis.indexedDB = new IDBFactory();
      const file = new Blob([text], { type: "application/json" });
      expect(await tooLargeToRead(file)).toBe(false);
      const result = parseBoardFile(await file.text(), file.size);
      if (!result.ok) throw new Error(result.problem);
      const imported = await keepImportedPictures(result.boards, result.pictures);
      const ids = imported?.kk?.map((item) =>
        item.symbol?.set === "picture" ? item.symbol.id : "",
      );
      expect(ids).toHaveLength(40);
      for (const [at, id] of ids!.entries()) {
        const picture = await readPicture(id);
        expect(picture?.size).toBe(400 * 1024);
        expect(new Uint8Array(await picture!.arrayBuffer())[20]).toBe((20 * 31 + at) % 251);
      }
    },
  );

  it("makes small a picture bigger than the board shows, however few its bytes", async () => {
    const drawn = drawLikeABrowser();
    const huge = await pictureForFile(png(6000, 6000));
    expect(huge?.type).toBe("image/webp");
    const photo = await pictureForFile(jpeg(1600, 1200, 100 * 1024));
    expect(photo?.type).toBe("image/webp");
    expect(drawn).toEqual([
      { width: 256, height: 256 },
      { width: 256, height: 192 },
    ]);
    // One the board's size is kept as it is.
    const small = jpeg(256, 192, 30 * 1024);
    expect(await pictureForFile(small)).toBe(small);
    expect(drawn).toHaveLength(2);
  });

  it("where WebP cannot be written, makes a symbol small as PNG, keeping its clear parts, and a photo as JPEG", async () => {
    drawLikeABrowser({ webp: false });
    expect((await pictureForFile(png(500, 500)))?.type).toBe("image/png");
    expect((await pictureForFile(jpeg(1600, 1200, 100 * 1024)))?.type).toBe("image/jpeg");
  });

  it("keeps as it came a picture that cannot be made small, if a board file takes it", async () => {
    // Without a browser's drawing, nothing can be made small.
    const photo = jpeg(1600, 1200, 100 * 1024);
    expect(await pictureForFile(photo)).toBe(photo);
    expect(await pictureForFile(png(50_000, 50_000))).toBeUndefined();
    const gif = new Blob([new TextEncoder().encode("GIF89a")], { type: "image/gif" });
    expect(await pictureForFile(gif)).toBeUndefined();
  });

  it("exports 40 photos of 400 kB at the board's size: a file of about 1 MB, not 21", async () => {
    drawLikeABrowser();
    const board: Board = await Promise.all(
      Array.from({ length: 40 }, async (_, at) =>
        phrase(`p${at}`, await savePicture(jpeg(1600, 1200, 400 * 1024, at))),
      ),
    );
    const text = exportBoards(
      { kk: board },
      {},
      new Date(),
      (await readBoardPictures({ kk: board })).pictures,
    );
    expect(text.length).toBeLessThan(40 * 30 * 1024);
    const result = parseBoardFile(text);
    if (!result.ok) throw new Error(result.problem);
    const imported = await keepImportedPictures(result.boards, result.pictures);
    expect(imported?.kk?.every((item) => item.symbol?.set === "picture")).toBe(true);
    const first = imported?.kk?.[0]?.symbol;
    const picture = await readPicture(first?.set === "picture" ? first.id : "");
    const head = new Uint8Array(await picture!.arrayBuffer());
    expect(pictureSize(head, "image/webp")).toEqual({ width: 256, height: 192 });
  });

  it("keeps all of a file's pictures or none, and only those a phrase uses", async () => {
    const picture = { type: "image/webp", data: bytesToBase64(new Uint8Array([1, 2, 3])) };
    const boards = { ru: [phrase("cat", "p1"), phrase("dog", "p2")] };
    const pictures = { p1: picture, p2: picture, unused: picture };
    const saved: string[] = [];
    const removed: string[] = [];
    // The device keeps one picture, then is full.
    const fillingStore = {
      savePicture: () => {
        if (saved.length === 1) return Promise.resolve(undefined);
        saved.push(`kept-${saved.length}`);
        return Promise.resolve(saved.at(-1));
      },
      removePictures: (ids: readonly string[]) => {
        removed.push(...ids);
        return Promise.resolve();
      },
    };
    expect(await keepImportedPictures(boards, pictures, fillingStore)).toBeUndefined();
    expect(removed).toEqual(["kept-0"]);

    const kept = await keepImportedPictures(boards, pictures);
    expect(kept?.ru?.map((item) => item.symbol?.set)).toEqual(["picture", "picture"]);
    // Two pictures on the device, not the unused third.
    const ids = kept!.ru!.map((item) => (item.symbol?.set === "picture" ? item.symbol.id : ""));
    expect(new Set(ids).size).toBe(2);
  });

  it("erases the pictures only the replaced boards used", () => {
    const current = {
      ru: [phrase("a", "ru-only"), phrase("b", "shared")],
      kk: [phrase("c", "kk-only"), phrase("d", "shared")],
    };
    // The file replaces the Russian board; the Kazakh one stays and still shows "shared".
    expect(picturesReplaced(current, { ru: [phrase("e", "new")] })).toEqual(["ru-only"]);
    expect(picturesReplaced(current, { en: [phrase("f")] })).toEqual([]);
  });
});
