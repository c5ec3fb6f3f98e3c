import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { removePicturesOnceStored } from "@/features/talk/board/unused-pictures";
import { resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

const withPicture = (id: string) => ({
  en: [{ id: "p", text: "My cat", category: "mine", symbol: { set: "picture", id } }],
});

describe("pictures a board change stopped using", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });

  it("stay while the boards' write fails, and go once the boards are stored without them", async () => {
    const id = (await savePicture(new Blob([new Uint8Array([1, 2])], { type: "image/jpeg" })))!;
    await writeValue(storageKeys.talkBoards, withPicture(id));

    // The phrase is deleted; the device cannot store the board (a value IndexedDB refuses).
    removePicturesOnceStored([id]);
    expect(await writeValue(storageKeys.talkBoards, { en: [], refused: () => undefined })).toBe(
      false,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The board read at the next start is the stored one, and its picture is still there.
    expect(await readPicture(id)).toBeDefined();

    expect(await writeValue(storageKeys.talkBoards, { en: [] })).toBe(true);
    await vi.waitFor(async () => expect(await readPicture(id)).toBeUndefined());
  });

  it("stay while the stored boards still use them (an earlier change stored first, or Undo)", async () => {
    const id = (await savePicture(new Blob([new Uint8Array([3])], { type: "image/png" })))!;
    removePicturesOnceStored([id]);
    expect(await writeValue(storageKeys.talkBoards, withPicture(id))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readPicture(id)).toBeDefined();

    expect(await writeValue(storageKeys.talkBoards, { en: [] })).toBe(true);
    await vi.waitFor(async () => expect(await readPicture(id)).toBeUndefined());
  });
});
