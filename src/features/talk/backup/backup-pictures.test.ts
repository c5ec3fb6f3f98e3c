import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  keepImportedPictures,
  picturesReplaced,
  readBoardPictures,
  withNewPictureIds,
} from "@/features/talk/backup/backup-pictures";
import { exportBoards, parseBoardFile, tooLargeToRead } from "@/features/talk/backup/board-file";
import type { Board } from "@/features/talk/board/board";
import {
  readPicture,
  resetPicturesForTests,
  savePicture,
} from "@/features/talk/board/phrase-pictures";
import { resetStorageForTests } from "@/lib/storage";

const phrase = (id: string, pictureId?: string) => ({
  id,
  text: id,
  category: "mine" as const,
  favourite: false,
  ...(pictureId ? { symbol: { set: "picture" as const, id: pictureId } } : {}),
});

describe("pictures in a board file", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
    resetPicturesForTests();
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
    const text = exportBoards(boards, {}, new Date(), await readBoardPictures(boards));

    // A new phone: nothing kept yet.
    globalThis.indexedDB = new IDBFactory();
    resetPicturesForTests();
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

  it("exports a board of 40 photos of 400 kB in a file it imports again, with every picture", async () => {
    const photo = (seed: number) => {
      // A JPEG's start (SOI, then a frame header: 1600 × 1200), then the rest of the photo.
      const bytes = new Uint8Array(400 * 1024).map((_, at) => (at * 31 + seed) % 251);
      bytes.set([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x04, 0xb0, 0x06, 0x40, 3]);
      return new Blob([bytes], { type: "image/jpeg" });
    };
    const board: Board = await Promise.all(
      Array.from({ length: 40 }, async (_, at) => phrase(`p${at}`, await savePicture(photo(at)))),
    );
    const boards = { kk: board };
    const text = exportBoards(boards, {}, new Date(), await readBoardPictures(boards));

    // A new phone.
    globalThis.indexedDB = new IDBFactory();
    resetPicturesForTests();
    const file = new Blob([text], { type: "application/json" });
    expect(await tooLargeToRead(file)).toBe(false);
    const result = parseBoardFile(await file.text(), file.size);
    if (!result.ok) throw new Error(result.problem);
    const imported = await keepImportedPictures(result.boards, result.pictures);
    const ids = imported?.kk?.map((item) => (item.symbol?.set === "picture" ? item.symbol.id : ""));
    expect(ids).toHaveLength(40);
    for (const [at, id] of ids!.entries()) {
      const picture = await readPicture(id);
      expect(picture?.size).toBe(400 * 1024);
      expect(new Uint8Array(await picture!.arrayBuffer())[20]).toBe((20 * 31 + at) % 251);
    }
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
