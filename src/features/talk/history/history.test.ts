import { afterEach, describe, expect, it, vi } from "vitest";
import {
  clearHistory,
  deleteEntry,
  maxHistoryEntries,
  newEntryId,
  parseHistory,
  recordSaid,
  restoreCleared,
  restoreEntry,
  type History,
} from "@/features/talk/history/history";

const say = (history: History, text: string, saidAt: number, language = "en" as const) =>
  recordSaid(history, { id: `h${saidAt}`, text, language, saidAt });

describe("talk history", () => {
  it("keeps what was said newest first, and moves a repeat to the top", () => {
    let history = say([], "Hello", 1);
    history = say(history, "I am thirsty", 2);
    history = say(history, "hello ", 3);
    expect(history.map((entry) => entry.text)).toEqual(["hello", "I am thirsty"]);
    expect(history[0]!.saidAt).toBe(3);
    // The same entry, moved: it keeps its id (the list keeps its row, and the row its focus).
    expect(history[0]!.id).toBe("h1");
    // The same words in another language are another entry.
    history = recordSaid(history, { id: "x", text: "Hello", language: "ru", saidAt: 4 });
    expect(history).toHaveLength(3);
    expect(say(history, "   ", 5)).toBe(history);
  });

  it("keeps the last 100", () => {
    let history: History = [];
    for (let i = 0; i < maxHistoryEntries + 5; i++) history = say(history, `Phrase ${i}`, i);
    expect(history).toHaveLength(maxHistoryEntries);
    expect(history[0]!.text).toBe(`Phrase ${maxHistoryEntries + 4}`);
    expect(history.at(-1)!.text).toBe("Phrase 5");
  });

  it("puts a deleted entry back where it was, once", () => {
    const history = say(say(say([], "One", 1), "Two", 2), "Three", 3);
    const two = history[1]!;
    const without = deleteEntry(history, two.id);
    const restored = restoreEntry(without, two);
    expect(restored.map((entry) => entry.text)).toEqual(["Three", "Two", "One"]);
    expect(restoreEntry(restored, two)).toBe(restored);
  });

  it("puts a deleted entry back by its time after new words, where a reload shows it too", () => {
    const history = say(say(say([], "One", 1), "Two", 2), "Three", 3);
    const two = history[1]!;
    // Deleted, then two new phrases said before Undo.
    const since = say(say(deleteEntry(history, two.id), "Four", 4), "Five", 5);
    const restored = restoreEntry(since, two);
    expect(restored.map((entry) => entry.text)).toEqual(["Five", "Four", "Three", "Two", "One"]);
    // The stored history is read back in the same order.
    expect(parseHistory(structuredClone(restored))).toEqual(restored);
  });

  it("deletes one entry or all", () => {
    const history = say(say([], "One", 1), "Two", 2);
    expect(deleteEntry(history, "h1").map((entry) => entry.text)).toEqual(["Two"]);
    expect(clearHistory()).toEqual([]);
  });

  it("puts a cleared history back with what was said since, each words once", () => {
    const cleared = say(say(say([], "One", 1), "Two", 2), "Three", 3);
    // Said after the clear: new words, and words that were in the cleared list.
    const since = say(say(clearHistory(), "Four", 4), "one", 5);
    const back = restoreCleared(since, cleared);
    expect(back.map((entry) => entry.text)).toEqual(["one", "Four", "Three", "Two"]);
    expect(restoreCleared(clearHistory(), cleared)).toEqual(cleared);
  });

  it("reads a stored history, dropping what is unusable", () => {
    expect(parseHistory(undefined)).toEqual([]);
    expect(parseHistory("x")).toEqual([]);
    const stored = [
      { id: "a", text: "Old", language: "kk", saidAt: 1 },
      { id: "b", text: "New", language: "ru", saidAt: 5 },
      { id: "c", text: "", language: "ru", saidAt: 6 },
      { id: "d", text: "Bad language", language: "xx", saidAt: 7 },
      { id: "e", text: "No time", language: "en" },
      null,
    ];
    expect(parseHistory(stored).map((entry) => entry.id)).toEqual(["b", "a"]);
  });

  describe("a new entry's id", () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it("is made on a page over plain http, which has no crypto.randomUUID", () => {
      const real = globalThis.crypto;
      vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
      const ids = new Set(Array.from({ length: 50 }, () => newEntryId(1_000)));
      expect(ids.size).toBe(50);
    });

    it("is new beside the entries an earlier visit kept, said in the same millisecond", async () => {
      vi.useFakeTimers({ now: 1_700_000_000_000 });
      // Each visit loads the history module afresh; the clock reads the same.
      const visit = async () => {
        vi.resetModules();
        return import("@/features/talk/history/history");
      };
      const first = await visit();
      const earlier = parseHistory([
        { id: first.newEntryId(Date.now()), text: "Hello", language: "en", saidAt: Date.now() },
      ]);
      const again = await visit();
      const id = again.newEntryId(Date.now());
      expect(id).not.toBe(earlier[0]!.id);
      // What was said last, taken back ("Not that"), takes only its own entry with it.
      const history = again.recordSaid(earlier, {
        id,
        text: "Water",
        language: "en",
        saidAt: Date.now(),
      });
      expect(again.deleteEntry(history, id).map((entry) => entry.text)).toEqual(["Hello"]);
    });
  });
});
