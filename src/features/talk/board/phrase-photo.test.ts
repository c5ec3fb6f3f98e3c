import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { createPhotoKeeper, type PhotoKeeper } from "@/features/talk/board/phrase-photo";
import { removePictures, savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { resetStorageForTests } from "@/lib/storage";

const photo = new Blob([new Uint8Array([0xff, 0xd8, 1])], { type: "image/jpeg" });
const small = new Blob([new Uint8Array([0x52, 0x49, 2])], { type: "image/webp" });

/**
 * A keeper whose photo is made smaller when the test says, and which records the ids it kept;
 * `whileSaving` runs as the bytes are written (the user acting meanwhile).
 */
function keeperForTest(whileSaving?: (keeper: PhotoKeeper) => void) {
  let finishResizing!: () => void;
  const resized = new Promise<void>((resolve) => (finishResizing = resolve));
  const saved: string[] = [];
  const keeper: PhotoKeeper = createPhotoKeeper({
    resize: async () => {
      await resized;
      return small;
    },
    save: async (picture) => {
      const id = await savePicture(picture);
      if (id) saved.push(id);
      whileSaving?.(keeper);
      return id;
    },
    remove: removePictures,
  });
  return { keeper, finishResizing, saved };
}

describe("a photo for a phrase", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("is kept on the device and becomes the phrase's picture when nothing came first", async () => {
    const { keeper, finishResizing } = keeperForTest();
    const kept = keeper.keep(photo);
    finishResizing();
    const outcome = await kept;
    expect(outcome).toEqual({ id: expect.stringMatching(/^picture-/) });
    expect(await readPicture((outcome as { id: string }).id)).toBeDefined();
  });

  it("made smaller after a symbol was chosen (or the dialog cancelled) is not used, nor kept", async () => {
    const { keeper, finishResizing, saved } = keeperForTest();
    const kept = keeper.keep(photo);
    keeper.overtake();
    finishResizing();
    expect(await kept).toBe("overtaken");
    expect(saved).toEqual([]);
  });

  it("kept while a symbol was chosen (or the dialog cancelled) is erased again", async () => {
    const { keeper, finishResizing, saved } = keeperForTest((keeper) => keeper.overtake());
    const kept = keeper.keep(photo);
    finishResizing();
    expect(await kept).toBe("overtaken");
    expect(saved).toHaveLength(1);
    expect(await readPicture(saved[0]!)).toBeUndefined();
  });

  it("gives way to a photo chosen after it", async () => {
    const { keeper, finishResizing } = keeperForTest();
    const first = keeper.keep(photo);
    const second = keeper.keep(photo);
    finishResizing();
    expect(await first).toBe("overtaken");
    expect(await second).toEqual({ id: expect.stringMatching(/^picture-/) });
  });
});
