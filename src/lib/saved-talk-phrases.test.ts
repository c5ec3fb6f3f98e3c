import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { parseSavedTalkPhrases, readSavedTalkPhrases } from "@/lib/saved-talk-phrases";
import { resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

describe("saved Talk phrases", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("reads the changed boards and the history as Talk stores them", async () => {
    await writeValue(storageKeys.talkBoards, {
      ru: [
        { id: "a", text: "Я хочу пить", category: "needs", favourite: false },
        { id: "b", text: "Позовите врача", category: "mine", favourite: true },
      ],
    });
    await writeValue(storageKeys.talkHistory, [
      { id: "h1", text: "Hello", language: "en", saidAt: 10 },
      { id: "h2", text: "Привет", language: "ru", saidAt: 20 },
    ]);
    expect(await readSavedTalkPhrases()).toEqual({
      boards: {
        ru: [
          { text: "Я хочу пить", favourite: false },
          { text: "Позовите врача", favourite: true },
        ],
      },
      history: [
        { text: "Привет", language: "ru", saidAt: 20 },
        { text: "Hello", language: "en", saidAt: 10 },
      ],
    });
  });

  it("is empty when Talk has stored nothing", async () => {
    expect(await readSavedTalkPhrases()).toEqual({ boards: {}, history: [] });
  });

  it("skips whatever it does not understand", () => {
    expect(
      parseSavedTalkPhrases(
        { xx: [{ text: "?" }], ru: [null, { text: 5 }, { text: " Да " }], en: "nope" },
        [
          { text: "ok", language: "ru", saidAt: Number.NaN },
          { text: "", language: "ru", saidAt: 1 },
          7,
        ],
      ),
    ).toEqual({ boards: { ru: [{ text: "Да", favourite: false }] }, history: [] });
    expect(parseSavedTalkPhrases("boards", null)).toEqual({ boards: {}, history: [] });
  });
});
