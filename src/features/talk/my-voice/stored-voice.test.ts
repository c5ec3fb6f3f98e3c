import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it } from "vitest";
import { changeStoredExamples } from "@/features/talk/my-voice/stored-voice";
import { setPhraseExamples, type StoredExample } from "@/features/talk/my-voice/voice-examples";
import { readValue, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

const example = (addedAt: number): StoredExample => ({
  features: { format: 2, method: "normalised", dims: 24, voicedMs: 900, frames: "AAAA" },
  origin: "taught",
  addedAt,
});

describe("stored voice", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("a change made beside one damaged example keeps every other phrase's examples", async () => {
    await writeValue(storageKeys.voiceExamples, {
      en: {
        water: [example(1), example(2), example(3)],
        help: [example(4), { ...example(5), origin: "from a later version" }],
      },
    });
    await changeStoredExamples((all) =>
      setPhraseExamples(all, "en", "nurse", [example(6), example(7), example(8)]),
    );
    expect(await readValue(storageKeys.voiceExamples)).toEqual({
      en: {
        water: [example(1), example(2), example(3)],
        help: [example(4)],
        nurse: [example(6), example(7), example(8)],
      },
    });
  });
});
