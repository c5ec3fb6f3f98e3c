import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  onStorageError,
  readValue,
  removeValue,
  resetStorageForTests,
  storageKeys,
  writeValue,
} from "@/lib/storage";
import { onChangeElsewhere, updateValue } from "@/lib/storage-between-tabs";

type Stored = { en?: Record<string, number> };
const adding = (id: string) => (stored: unknown) => ({
  en: { ...(stored as Stored | undefined)?.en, [id]: 1 },
});
const removing = (id: string) => (stored: unknown) => ({
  en: Object.fromEntries(
    Object.entries((stored as Stored | undefined)?.en ?? {}).filter(([name]) => name !== id),
  ),
});

/** A tab of the app: its own copies of the storage modules, on the device's one database. */
async function openTab() {
  vi.resetModules();
  return {
    ...(await import("@/lib/storage")),
    ...(await import("@/lib/storage-between-tabs")),
  };
}

describe("storage between tabs", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("changes a value as it is stored now: what another tab stored since this page wrote stays", async () => {
    await writeValue(storageKeys.talkBoards, { en: { mine: 1 } });
    // Another tab of the app, since.
    await set(
      storageKeys.talkBoards,
      { en: { mine: 1, theirs: 1 } },
      createStore("dauys", "keyval"),
    );
    const kept = await updateValue(storageKeys.talkBoards, adding("new"));
    const expected = { en: { mine: 1, theirs: 1, new: 1 } };
    expect(kept).toEqual(expected);
    expect(await readValue(storageKeys.talkBoards)).toEqual(expected);
  });

  it("makes changes one after another: two at once both stay", async () => {
    await Promise.all(
      ["a", "b", "c"].map((id) => updateValue(storageKeys.voiceExamples, adding(id))),
    );
    expect(await readValue(storageKeys.voiceExamples)).toEqual({ en: { a: 1, b: 1, c: 1 } });
  });

  it("keeps a change, reported, when IndexedDB refuses it, and stores it with the next change", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { a: 1 } });
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    expect(await updateValue(storageKeys.voiceExamples, adding("b"))).toEqual({
      en: { a: 1, b: 1 },
    });
    expect(await readValue(storageKeys.voiceExamples)).toEqual({ en: { a: 1, b: 1 } });
    expect(failures).toEqual([storageKeys.voiceExamples]);
    refuse.mockRestore();
    await updateValue(storageKeys.voiceExamples, adding("c"));
    // What IndexedDB holds now, not this page's memory.
    resetStorageForTests();
    expect(await readValue(storageKeys.voiceExamples)).toEqual({ en: { a: 1, b: 1, c: 1 } });
    stop();
  });

  it("after one write this page could not store, what another tab stored meanwhile stays, with this page's changes", async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    const failures: string[] = [];
    tabA.onStorageError((_error, key) => failures.push(key));
    await tabA.updateValue(storageKeys.talkBoards, adding("first"));
    // The disk refuses tab A's next write once (a full disk, a passing error).
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    expect(await tabA.updateValue(storageKeys.talkBoards, adding("mine"))).toEqual({
      en: { first: 1, mine: 1 },
    });
    refuse.mockRestore();
    expect(failures).toEqual([storageKeys.talkBoards]);
    // Meanwhile the user adds a phrase in tab B (the installed app beside a browser tab).
    await tabB.updateValue(storageKeys.talkBoards, adding("theirs"));

    // Tab A, reading again on tab B's news, shows both phrases.
    const both = { en: { first: 1, mine: 1, theirs: 1 } };
    expect(await tabA.readValue(storageKeys.talkBoards)).toEqual(both);
    // Its next change is stored, on tab B's phrase, with the one its disk refused.
    expect(await tabA.updateValue(storageKeys.talkBoards, adding("later"))).toEqual({
      en: { ...both.en, later: 1 },
    });
    const device = await openTab();
    expect(await device.readValue(storageKeys.talkBoards)).toEqual({
      en: { ...both.en, later: 1 },
    });
    // Once stored, tab A's change is not made again: deleted in tab B, the phrase stays deleted.
    await tabB.updateValue(storageKeys.talkBoards, removing("mine"));
    expect(await tabA.readValue(storageKeys.talkBoards)).toEqual({
      en: { first: 1, theirs: 1, later: 1 },
    });
  });

  it("a change made when the device fails the read is not written over what is stored", async () => {
    await (await openTab()).updateValue(storageKeys.talkBoards, adding("stored"));
    // A new tab, which has read nothing yet; the device fails its read once.
    const tab = await openTab();
    const failures: string[] = [];
    tab.onStorageError((_error, key) => failures.push(key));
    const refuse = vi.spyOn(IDBObjectStore.prototype, "get").mockImplementationOnce(() => {
      throw new DOMException("A passing error", "UnknownError");
    });
    expect(await tab.updateValue(storageKeys.talkBoards, adding("mine"))).toEqual({
      en: { mine: 1 },
    });
    refuse.mockRestore();
    expect(failures).toEqual([storageKeys.talkBoards]);
    const device = await openTab();
    expect(await device.readValue(storageKeys.talkBoards)).toEqual({ en: { stored: 1 } });
    // Read again, the phrase stored is there with this tab's; its next change stores both.
    expect(await tab.readValue(storageKeys.talkBoards)).toEqual({ en: { stored: 1, mine: 1 } });
    await tab.updateValue(storageKeys.talkBoards, adding("later"));
    expect(await device.readValue(storageKeys.talkBoards)).toEqual({
      en: { stored: 1, mine: 1, later: 1 },
    });
  });

  it("without IndexedDB, changes are kept in this page's memory, each reported as not saved", async () => {
    // @ts-expect-error: a browser without IndexedDB (some private modes).
    delete globalThis.indexedDB;
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    await updateValue(storageKeys.voiceExamples, adding("a"));
    await updateValue(storageKeys.voiceExamples, adding("b"));
    await updateValue(storageKeys.voiceExamples, removing("a"));
    expect(await readValue(storageKeys.voiceExamples)).toEqual({ en: { b: 1 } });
    expect(failures).toEqual(Array(3).fill(storageKeys.voiceExamples));
    stop();
  });

  it("tells the app's other tabs which value it stored, and this page which value they stored", async () => {
    const otherTab = new BroadcastChannel("dauys-storage");
    const heard: unknown[] = [];
    otherTab.addEventListener("message", (event: MessageEvent<unknown>) => heard.push(event.data));
    const seen: string[] = [];
    const stop = onChangeElsewhere(storageKeys.talkHistory, () => seen.push("history"));

    await updateValue(storageKeys.talkSettings, () => ({ rate: 1 }));
    // Once a value is shared, every write of it is news, a removal too.
    await writeValue(storageKeys.talkHistory, []);
    await removeValue(storageKeys.talkHistory);
    await vi.waitFor(() =>
      expect(heard).toEqual([
        storageKeys.talkSettings,
        storageKeys.talkHistory,
        storageKeys.talkHistory,
      ]),
    );
    // This page's own writes are not news to it.
    expect(seen).toEqual([]);
    otherTab.postMessage(storageKeys.talkHistory);
    otherTab.postMessage(storageKeys.talkBoards);
    await vi.waitFor(() => expect(seen).toEqual(["history"]));
    stop();
    otherTab.postMessage(storageKeys.talkHistory);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(["history"]);
    otherTab.close();
  });
});
