import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import {
  base64ToBytes,
  bytesToBase64,
  keepImportedPictures,
  readBoardPictures,
  withNewPictureIds,
} from "@/features/talk/backup/backup-pictures";
import { exportBoards, parseBoardFile } from "@/features/talk/backup/board-file";
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
    const symbol = imported.ru?.[0]?.symbol;
    expect(symbol?.set).toBe("picture");
    const picture = await readPicture(symbol?.set === "picture" ? symbol.id : "");
    expect(picture?.type).toBe("image/webp");
    expect([...new Uint8Array(await picture!.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(imported.kk).toEqual([phrase("dog")]);
  });
});
