import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, del } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  isDeviceStoreMissing,
  onStorageError,
  onValueChange,
  readValue,
  removeValue,
  resetStorageForTests,
  storageKeys,
  writeValue,
} from "@/lib/storage";

describe("storage", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks the browser to keep its data once what a user made is first saved, not for a draft", async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const persisted = vi.fn(() => Promise.resolve(false));
    vi.stubGlobal("navigator", { storage: { persist, persisted } });
    await writeValue(storageKeys.contactDraft, { message: "draft" });
    expect(persisted).not.toHaveBeenCalled();
    await writeValue(storageKeys.voiceExamples, { phrases: [] });
    await writeValue(storageKeys.talkBoards, {});
    await vi.waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    expect(persisted).toHaveBeenCalledTimes(1);
  });

  it("saves all the same where the browser has no persistent storage", async () => {
    vi.stubGlobal("navigator", {});
    expect(await writeValue(storageKeys.kiosk, { enabled: true })).toBe(true);
    expect(await readValue(storageKeys.kiosk)).toEqual({ enabled: true });
  });

  it("does not bring back from memory a value another tab or the service worker removed", async () => {
    expect(await writeValue(storageKeys.outbox, [{ id: "r1" }])).toBe(true);
    await del(storageKeys.outbox, createStore("dauys", "keyval"));
    expect(await readValue(storageKeys.outbox)).toBeUndefined();
  });

  it("does not bring back a value whose removal IndexedDB refused", async () => {
    expect(await writeValue(storageKeys.contactDraft, { message: "private" })).toBe(true);
    const refuse = vi.spyOn(IDBObjectStore.prototype, "delete").mockImplementation(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    expect(await removeValue(storageKeys.contactDraft)).toBe(false);
    expect(await readValue(storageKeys.contactDraft)).toBeUndefined();
    refuse.mockRestore();
    // Once a write goes through, IndexedDB is read again.
    expect(await writeValue(storageKeys.contactDraft, { message: "next" })).toBe(true);
    expect(await readValue(storageKeys.contactDraft)).toEqual({ message: "next" });
  });

  it("keeps working without IndexedDB: the value stays in memory and the failed write is reported", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));

    expect(await writeValue(storageKeys.outbox, [{ id: "r1" }])).toBe(false);
    expect(await readValue(storageKeys.outbox)).toEqual([{ id: "r1" }]);
    expect(failures).toEqual([storageKeys.outbox]);
    stop();
  });

  it("tells a listener that registers after a failed write about it at once", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetStorageForTests();
    expect(await writeValue(storageKeys.talkBoards, {})).toBe(false);
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    expect(failures).toEqual([storageKeys.talkBoards]);
    stop();
  });

  it("tells this page's listeners about every write and removal of their key", async () => {
    const seen: string[] = [];
    const stop = onValueChange(storageKeys.outbox, () => seen.push("outbox"));
    onValueChange(storageKeys.contactDraft, () => seen.push("draft"));

    await writeValue(storageKeys.outbox, []);
    await removeValue(storageKeys.outbox);
    stop();
    await writeValue(storageKeys.outbox, []);
    expect(seen).toEqual(["outbox", "outbox"]);
  });

  it("does not wait for good on a database that never answers: after 3 s it works as without IndexedDB", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // A browser bug some have met: the opening request never succeeds nor fails.
    vi.stubGlobal("indexedDB", { open: () => ({}) });
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));

    const read = readValue(storageKeys.kiosk);
    const write = writeValue(storageKeys.outbox, [{ id: "r1" }]);
    expect(isDeviceStoreMissing()).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    // What is read from now on may be untrue: the service worker's delivery asks to try later.
    expect(isDeviceStoreMissing()).toBe(true);
    expect(await read).toBeUndefined();
    expect(await write).toBe(false);
    expect(failures).toEqual([storageKeys.outbox]);
    // From then on nothing waits: reads come from memory, writes are reported at once.
    expect(await readValue(storageKeys.outbox)).toEqual([{ id: "r1" }]);
    expect(await writeValue(storageKeys.talkBoards, {})).toBe(false);
    expect(failures).toEqual([storageKeys.outbox, storageKeys.talkBoards]);
    stop();
    vi.useRealTimers();
  });

  it("keeps using a database that opened in time once the time limit has passed", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    expect(await writeValue(storageKeys.kiosk, { enabled: true })).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(isDeviceStoreMissing()).toBe(false);
    await del(storageKeys.kiosk, createStore("dauys", "keyval"));
    expect(await readValue(storageKeys.kiosk)).toBeUndefined();
    expect(await writeValue(storageKeys.kiosk, { enabled: false })).toBe(true);
    vi.useRealTimers();
  });
});
