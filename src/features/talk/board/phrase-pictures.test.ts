import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { removePictures, savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { onStorageError, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

function jpeg(bytes: number[]): Blob {
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

async function bytesOf(blob: Blob | undefined): Promise<number[] | undefined> {
  return blob ? [...new Uint8Array(await blob.arrayBuffer())] : undefined;
}

describe("phrase pictures", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keeps a picture under a new id and gives back the same bytes and type", async () => {
    const id = await savePicture(jpeg([0xff, 0xd8, 1, 2, 3]));
    expect(id).toMatch(/^picture-/);

    const picture = await readPicture(id!);
    expect(picture?.type).toBe("image/jpeg");
    expect(await bytesOf(picture)).toEqual([0xff, 0xd8, 1, 2, 3]);
  });

  it("gives every picture its own id", async () => {
    const first = await savePicture(jpeg([1]));
    const second = await savePicture(jpeg([2]));
    expect(first).not.toBe(second);
    expect(await bytesOf(await readPicture(first!))).toEqual([1]);
    expect(await bytesOf(await readPicture(second!))).toEqual([2]);
  });

  it("keeps pictures on a page over plain http, which has no crypto.randomUUID", async () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    const first = await savePicture(jpeg([1]));
    const second = await savePicture(jpeg([2]));
    expect(first).toMatch(/^picture-/);
    expect(second).not.toBe(first);
    expect(await bytesOf(await readPicture(first!))).toEqual([1]);
    expect(await bytesOf(await readPicture(second!))).toEqual([2]);
  });

  it("keeps the pictures after the page is opened again", async () => {
    const id = await savePicture(jpeg([7, 8]));
    // The same device's databases, through a new connection, as a page opened again makes.
    const device = globalThis.indexedDB;
    globalThis.indexedDB = new Proxy(device, {
      get: (target, key) => {
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(await bytesOf(await readPicture(id!))).toEqual([7, 8]);
  });

  it("on a kiosk tablet, never erases a picture of the clinic's boards", async () => {
    const clinics = await savePicture(jpeg([1]));
    const patients = await savePicture(jpeg([2]));
    await writeValue(storageKeys.talkClinicBoards, {
      en: [{ id: "c", text: "Nurse", category: "people", symbol: { set: "picture", id: clinics } }],
    });
    // The patient deleted the clinic's phrase and their own.
    await removePictures([clinics!, patients!]);
    expect(await bytesOf(await readPicture(clinics!))).toEqual([1]);
    expect(await readPicture(patients!)).toBeUndefined();
  });

  it("erases only the pictures asked for", async () => {
    const kept = await savePicture(jpeg([1]));
    const erased = await savePicture(jpeg([2]));
    await removePictures([erased!, "picture-never-kept"]);
    expect(await readPicture(erased!)).toBeUndefined();
    expect(await bytesOf(await readPicture(kept!))).toEqual([1]);
  });

  it("answers nothing for an id it does not know", async () => {
    expect(await readPicture("picture-unknown")).toBeUndefined();
  });

  it("keeps working without IndexedDB: no id, the failure reported, reads and erasing do not throw", async () => {
    vi.stubGlobal("indexedDB", undefined);
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));

    expect(await savePicture(jpeg([1]))).toBeUndefined();
    expect(failures).toEqual([storageKeys.pictures]);
    expect(await readPicture("picture-any")).toBeUndefined();
    await removePictures(["picture-any"]);
    stop();
  });

  it("does not wait for good on a picture database that never answers: after 3 s it works as without one", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // A browser bug some have met: the opening request never succeeds nor fails.
    vi.stubGlobal("indexedDB", { open: () => ({}) });
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));

    const saved = savePicture(jpeg([1]));
    const read = readPicture("picture-any");
    const removed = removePictures(["picture-any"]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await saved).toBeUndefined();
    expect(await read).toBeUndefined();
    await removed;
    expect(failures).toContain(storageKeys.pictures);
    // From then on nothing waits.
    expect(await savePicture(jpeg([2]))).toBeUndefined();
    expect(await readPicture("picture-any")).toBeUndefined();
    stop();
    vi.useRealTimers();
  });

  it("reports a picture that cannot be read to be kept, and gives no id", async () => {
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    const unreadable = jpeg([1]);
    vi.spyOn(unreadable, "arrayBuffer").mockRejectedValue(new Error("NotReadableError"));

    expect(await savePicture(unreadable)).toBeUndefined();
    expect(failures).toEqual([storageKeys.pictures]);
    stop();
  });
});
