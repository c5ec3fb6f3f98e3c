import { describe, expect, it } from "vitest";
import { extractFeatures, FEATURES_FORMAT } from "@/shared/phrase-recogniser/features.ts";
import { serialiseFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import { PHRASE_A, PHRASE_B, speechLike } from "@/shared/phrase-recogniser/test-signals.ts";
import { decodeWav, encodeWav16 } from "@/shared/phrase-recogniser/wav-reader.ts";
import {
  phraseDeletion,
  parseVoiceExamples,
  readStoredExamples,
  remakeStaleExamples,
  restoreHeld,
  withPhrasesRenamed,
  type StoredExample,
} from "@/features/talk/my-voice/voice-examples";

const rate = 16000;
const take = (pitch: number) => speechLike(PHRASE_A, { pitch });
const current = (samples: Float32Array) => serialiseFeatures(extractFeatures(samples, rate));
/** Features as an older version of the method stored them. */
const older = (samples: Float32Array) => ({ ...current(samples), format: FEATURES_FORMAT - 1 });
const recording = (samples: Float32Array) =>
  new Blob([encodeWav16(samples, rate) as BlobPart], { type: "audio/wav" });

/** What the worker does with a kept recording: decode the WAV and extract features again. */
const remake = async (audio: Blob) => {
  const wav = decodeWav(new Uint8Array(await audio.arrayBuffer()));
  return serialiseFeatures(extractFeatures(wav.samples, wav.sampleRate));
};

describe("remakeStaleExamples", () => {
  it("makes examples of an older method again from their recordings", async () => {
    const samples = [take(110), take(125), take(140)];
    const list: StoredExample[] = samples.map((s, i) => ({
      features: older(s),
      origin: "taught",
      addedAt: i,
      audio: recording(s),
    }));
    const result = await remakeStaleExamples({ en: { a: list } }, remake);
    expect(result.changed).toBe(true);
    expect(result.teachAgain).toEqual({});
    const remade = result.examples.en!.a!;
    expect(remade).toHaveLength(3);
    remade.forEach((example, i) => {
      expect(example.features.format).toBe(FEATURES_FORMAT);
      // The same features a new take of the same sound gets (16-bit WAV rounding aside).
      const fresh = current(samples[i]!);
      expect(example.features.dims).toBe(fresh.dims);
      expect(example.features.frames.length).toBe(fresh.frames.length);
      expect(example.audio).toBe(list[i]!.audio);
      expect(example.addedAt).toBe(i);
    });
  });

  it("lists the phrases to teach again when there is no recording, and keeps the others", async () => {
    const b = speechLike(PHRASE_B, { pitch: 120 });
    const stale: StoredExample[] = [
      { features: older(take(110)), origin: "taught", addedAt: 1 },
      { features: older(take(120)), origin: "counter", addedAt: 2 },
    ];
    const fine: StoredExample[] = [{ features: current(b), origin: "taught", addedAt: 3 }];
    const mixed: StoredExample[] = [
      { features: current(b), origin: "taught", addedAt: 4 },
      { features: older(b), origin: "confirmed", addedAt: 5 },
    ];
    const result = await remakeStaleExamples(
      { en: { a: stale, b: fine }, ru: { c: mixed } },
      remake,
    );
    expect(result.teachAgain).toEqual({ en: ["a"] });
    expect(result.examples.en).toEqual({ b: fine });
    expect(result.examples.ru!.c).toEqual([mixed[0]]);
    // What was left is still a valid store.
    expect(parseVoiceExamples(result.examples)).toEqual(result.examples);
  });

  it("leaves a newer version's examples as they are (a tab already updated stored them)", async () => {
    const newer = { ...current(take(115)), format: FEATURES_FORMAT + 1 };
    const all = {
      en: {
        a: [{ features: newer, origin: "taught" as const, addedAt: 1 }],
        b: [{ features: current(take(125)), origin: "taught" as const, addedAt: 2 }],
      },
    };
    const result = await remakeStaleExamples(all, () => Promise.reject(new Error("not called")));
    // Nothing to store back over them, and no phrase to teach again.
    expect(result).toEqual({ examples: all, changed: false, teachAgain: {} });
  });

  it("changes nothing when every example is of this version", async () => {
    const all = {
      en: { b: [{ features: current(take(115)), origin: "taught" as const, addedAt: 1 }] },
    };
    const result = await remakeStaleExamples(all, () => Promise.reject(new Error("not called")));
    expect(result).toEqual({ examples: all, changed: false, teachAgain: {} });
  });

  it("drops a recording that cannot be read instead of failing the rest", async () => {
    const list: StoredExample[] = [
      { features: older(take(110)), origin: "taught", addedAt: 1, audio: new Blob(["not a wav"]) },
      { features: older(take(120)), origin: "taught", addedAt: 2, audio: recording(take(120)) },
    ];
    const result = await remakeStaleExamples({ en: { a: list } }, remake);
    expect(result.examples.en!.a!.map((example) => example.addedAt)).toEqual([2]);
  });

  it("reads stored examples leaving out only what is damaged or unknown, so the rest stay", () => {
    const good = { features: current(take(115)), origin: "taught" as const, addedAt: 1 };
    const stored = {
      en: {
        a: [good, { ...good, origin: "later-kind" }, { ...good, features: { frames: 3 } }],
        b: [good, good],
        c: [{ ...good, addedAt: "yesterday" }],
        d: "not a list",
      },
      xx: { a: [good] },
      ru: { e: [good] },
    };
    // A file like it is refused whole; the device's own store keeps every usable example.
    expect(parseVoiceExamples(stored, true)).toBeUndefined();
    expect(readStoredExamples(stored)).toEqual({
      en: { a: [good], b: [good, good] },
      ru: { e: [good] },
    });
    expect(readStoredExamples(undefined)).toEqual({});
    expect(readStoredExamples("damaged")).toEqual({});
  });
});

describe("phraseDeletion", () => {
  const list: StoredExample[] = [{ features: current(take(1)), origin: "taught", addedAt: 1 }];
  it("holds a deleted phrase's examples, and keeps them when the same phrase is deleted again", () => {
    const first = phraseDeletion(null, "en", "nurse");
    expect(first.change({ en: { nurse: list } })).toEqual({ en: {} });
    expect(first.hold).toEqual({ language: "en", phraseId: "nurse", list });
    // A double tap: the second deletion finds no examples left, and the first's stay held.
    const again = phraseDeletion(first.hold, "en", "nurse");
    again.change({ en: {} });
    expect(again.hold).toBe(first.hold);
    expect(again.hold.list).toBe(list);
    // Another phrase, or the same id on another language's board, holds its own (or none).
    expect(phraseDeletion(first.hold, "en", "thirsty").hold.list).toEqual([]);
    expect(phraseDeletion(first.hold, "ru", "nurse").hold.list).toEqual([]);
  });
});

describe("withPhrasesRenamed", () => {
  const list: StoredExample[] = [{ features: current(take(1)), origin: "taught", addedAt: 1 }];
  const other: StoredExample[] = [{ features: current(take(2)), origin: "taught", addedAt: 2 }];
  it("moves a phrase's examples to its new id, in its language only", () => {
    const all = { en: { nurse: list, water: other }, ru: { nurse: other } };
    const renamed = withPhrasesRenamed(all, "en", new Map([["nurse", "opened-7"]]));
    expect(renamed).toEqual({ en: { "opened-7": list, water: other }, ru: { nurse: other } });
  });
  it("changes nothing when no renamed phrase was taught", () => {
    const all = { en: { water: other } };
    expect(withPhrasesRenamed(all, "en", new Map([["nurse", "opened-7"]]))).toBe(all);
    expect(withPhrasesRenamed(all, "kk", new Map([["water", "opened-1"]]))).toBe(all);
  });
});

describe("restoreHeld", () => {
  const samples = take(120);
  const list: StoredExample[] = [
    { features: current(samples), origin: "taught", addedAt: 1, audio: recording(samples) },
  ];
  const held = { language: "en" as const, phraseId: "nurse", list };
  const others = { en: { water: list } };
  it("puts a deleted phrase's examples back, with their recordings while they are kept", () => {
    expect(restoreHeld(others, held, true).en?.nurse).toBe(list);
  });
  it("leaves the recordings out once the user no longer keeps them", () => {
    // Turned off since the deletion: every stored recording is gone already, these stay gone.
    const restored = restoreHeld({ en: { water: [] } }, held, false);
    expect(restored.en?.nurse).toEqual([
      { features: list[0]!.features, origin: "taught", addedAt: 1 },
    ]);
  });
});
