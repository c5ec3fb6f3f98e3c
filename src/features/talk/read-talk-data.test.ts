import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { recordSaid, deleteEntry, clearHistory } from "@/features/talk/history/history";
import { readTalkData, storeChanges } from "@/features/talk/read-talk-data";
import { defaultTalkSettings } from "@/features/talk/talk-defaults";
import type { TalkData } from "@/features/talk/use-talk-data";
import { resetStorageForTests } from "@/lib/storage";

const empty: TalkData = { boards: {}, history: [], settings: defaultTalkSettings("en") };

/** `data` with `text` said at `saidAt`, as the Talk screen records it. */
const said = (data: TalkData, text: string, saidAt: number): TalkData => ({
  ...data,
  history: recordSaid(data.history, { id: `${text}-${saidAt}`, text, language: "en", saidAt }),
});

const storedTexts = async () => (await readTalkData("en")).history.map((entry) => entry.text);

// Two tabs of the app on one device (the installed app beside a browser tab), each with the
// history it read, before it has heard of the other's change.
describe("the history stored by two tabs at once", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("keeps a phrase said in each", async () => {
    const start = said(empty, "Good morning", 1);
    await storeChanges(empty, start, "en");
    await storeChanges(start, said(start, "I need water", 2), "en");
    await storeChanges(start, said(start, "I am cold", 3), "en");
    expect(await storedTexts()).toEqual(["I am cold", "I need water", "Good morning"]);
  });

  it("deletes or clears only what the tab had, and a phrase said again is listed once", async () => {
    const start = said(said(empty, "Good morning", 1), "Thank you", 2);
    await storeChanges(empty, start, "en");
    const elsewhere = said(start, "I need water", 3);
    await storeChanges(start, elsewhere, "en");
    // This tab says the first words again, and deletes "Thank you".
    const again = said(start, "good morning", 4);
    await storeChanges(start, again, "en");
    const id = again.history.find((entry) => entry.text === "Thank you")!.id;
    await storeChanges(again, { ...again, history: deleteEntry(again.history, id) }, "en");
    expect(await storedTexts()).toEqual(["good morning", "I need water"]);
    // Cleared here, what this tab showed goes; all of it.
    const shown = (await readTalkData("en")).history;
    await storeChanges({ ...empty, history: shown }, { ...empty, history: clearHistory() }, "en");
    expect(await storedTexts()).toEqual([]);
  });
});
