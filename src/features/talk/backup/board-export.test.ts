import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveBoardFile, voiceInFile } from "@/features/talk/backup/board-export";
import {
  boardFileName,
  boardsOf,
  parseBoardFile,
  voiceOfImport,
} from "@/features/talk/backup/board-file";
import { savePicture } from "@/features/talk/board/phrase-picture-writes";
import { resetStorageForTests } from "@/lib/storage";
import { phrase } from "@/features/talk/backup/phrases-for-tests";

describe("exporting the board", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("saves the boards and their pictures in one file", async () => {
    const id = await savePicture(new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }));
    const download = vi.fn<(file: Blob, name: string) => void>();
    const saved = await saveBoardFile(
      { boards: { en: [phrase("cat", id)] }, voice: {}, language: "en" },
      download,
    );
    expect(saved).toEqual({ ok: true, picturesLeftOut: 0, voiceLeftOut: false });
    expect(download).toHaveBeenCalledOnce();
    const [file, name] = download.mock.calls[0]!;
    expect(name).toBe(boardFileName);
    const read = parseBoardFile(await file.text());
    if (!read.ok) throw new Error(read.problem);
    expect(read.boards.en).toEqual([phrase("cat", id)]);
    expect(Object.keys(read.pictures)).toEqual([id]);
  });

  it("says how many pictures the file goes without", async () => {
    const download = vi.fn();
    const saved = await saveBoardFile(
      { boards: { en: [phrase("cat", "picture-gone")] }, voice: {}, language: "en" },
      download,
    );
    expect(saved).toEqual({ ok: true, picturesLeftOut: 1, voiceLeftOut: false });
    expect(download).toHaveBeenCalledOnce();
  });

  it("saves the boards without My voice's examples when they were not read in time, and says so", async () => {
    const download = vi.fn<(file: Blob, name: string) => void>();
    // My voice's store never answered: the board shown, never changed, goes into the file as
    // the starter board it is, and the user's own board too.
    const saved = await saveBoardFile(
      { boards: { ru: [phrase("cat")] }, voice: null, language: "en" },
      download,
    );
    expect(saved).toEqual({ ok: true, picturesLeftOut: 0, voiceLeftOut: true });
    expect(download).toHaveBeenCalledOnce();
    const read = parseBoardFile(await download.mock.calls[0]![0].text());
    if (!read.ok) throw new Error(read.problem);
    expect(read.boards.ru).toEqual([phrase("cat")]);
    expect(read.boards.en?.length).toBeGreaterThan(0);
    expect(read.voice).toEqual({});
  });

  it("a file saved without My voice's examples, imported later, leaves what My voice learnt as it is", async () => {
    const exported = async (voice: Parameters<typeof saveBoardFile>[0]["voice"]) => {
      const download = vi.fn<(file: Blob, name: string) => void>();
      await saveBoardFile({ boards: { ru: [phrase("cat")] }, voice, language: "en" }, download);
      const read = parseBoardFile(await download.mock.calls[0]![0].text());
      if (!read.ok) throw new Error(read.problem);
      return voiceOfImport(read, await boardsOf(read));
    };
    // Export gave up waiting for My voice (a slow tablet making its examples again): the file
    // never had them, so it takes nothing away from the phone it is imported on.
    expect(await exported(null)).toBeNull();
    // A file saved when My voice had learnt nothing: what it learnt for these boards goes.
    expect(await exported({})).toEqual({ en: {}, ru: {} });
  });

  it("says so when the device fails it, and saves no file", async () => {
    const source = {
      boards: { en: [phrase("cat", "picture-1")] },
      voice: {},
      language: "en" as const,
    };
    const download = vi.fn();
    const brokenDatabase = () =>
      Promise.reject(new DOMException("The picture database failed", "UnknownError"));
    expect(await saveBoardFile(source, download, { readPictures: brokenDatabase })).toEqual({
      ok: false,
    });
    expect(download).not.toHaveBeenCalled();
    // Nor does a browser that cannot hand the file over (too little memory for it) go unheard.
    const noRoom = () => {
      throw new RangeError("Out of memory");
    };
    expect(await saveBoardFile(source, noRoom)).toEqual({ ok: false });
  });

  it("does not wait for My voice when the device failed to read it, and says so", () => {
    // Read: it goes in the file.
    expect(voiceInFile({ en: {} }, false, false)).toBe("in");
    // Still being read: the file waits, up to voiceWaitMs, then goes without it as late.
    expect(voiceInFile(null, false, false)).toBe("wait");
    expect(voiceInFile(null, false, true)).toBe("late");
    // The device failed the read: waiting changes nothing, the file goes at once, as not read.
    expect(voiceInFile(null, true, false)).toBe("not-read");
  });
});
