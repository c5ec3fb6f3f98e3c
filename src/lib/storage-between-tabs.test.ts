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

  it("keeps a change in memory, reported, when IndexedDB refuses it, and makes the next on that copy", async () => {
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
