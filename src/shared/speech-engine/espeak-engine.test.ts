import { beforeAll, describe, expect, it } from "vitest";
import { createSpeechEngine, LANGUAGES } from "./espeak-engine.ts";
import type { SpeechEngine } from "./espeak-engine.ts";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildVoicePack, readPackageDataFiles } from "../../../scripts/build/build-voice-pack.ts";
import { dataFilesFor, decodeVoicePack, encodeVoicePack } from "./voice-pack.ts";
import { SAMPLE_TEXTS, rms } from "./sample-texts.ts";
import { AudioTooLongError } from "../audio-length.ts";

let engine: SpeechEngine;
const logs: string[] = [];

beforeAll(async () => {
  // Same path the browser uses: a voice pack, not the package's 24 MB data file.
  const { files } = readPackageDataFiles();
  const subset = new Map(dataFilesFor(LANGUAGES).map((p) => [p, files.get(p)!] as const));
  engine = await createSpeechEngine({
    voicePacks: [encodeVoicePack(subset, "test")],
    onLog: (l) => logs.push(l),
  });
}, 30_000);

describe("espeak engine with voice pack", () => {
  it("exposes all six languages at 22050 Hz", () => {
    expect([...engine.languages].sort()).toEqual(["az", "en", "kk", "ky", "ru", "uz"]);
    expect(engine.sampleRate).toBe(22050);
  });

  for (const lang of LANGUAGES) {
    it(`synthesizes non-silent ${lang} speech`, async () => {
      const { samples, sampleRate } = await engine.synthesize(SAMPLE_TEXTS[lang], lang);
      const seconds = samples.length / sampleRate;
      // ~100 characters at 175 wpm is several seconds of speech.
      expect(seconds).toBeGreaterThan(3);
      expect(seconds).toBeLessThan(20);
      expect(rms(samples)).toBeGreaterThan(500);
    });
  }

  it("speaks slower at a lower rate and clamps out-of-range values", async () => {
    const fast = await engine.synthesize(SAMPLE_TEXTS.ru, "ru", { rate: 400 });
    const slow = await engine.synthesize(SAMPLE_TEXTS.ru, "ru", { rate: 100 });
    expect(slow.samples.length).toBeGreaterThan(fast.samples.length * 2);
    // espeak-ng output length jitters by ~1% between identical calls, so compare loosely.
    const clamped = (await engine.synthesize(SAMPLE_TEXTS.ru, "ru", { rate: 10_000, pitch: -5 }))
      .samples.length;
    const max = (await engine.synthesize(SAMPLE_TEXTS.ru, "ru", { rate: 450, pitch: 0 })).samples
      .length;
    expect(Math.abs(clamped - max) / max).toBeLessThan(0.05);
  });

  it("speaks text that looks like markup as written", async () => {
    const seconds = async (text: string) => {
      const { samples, sampleRate } = await engine.synthesize(text, "ru");
      return samples.length / sampleRate;
    };
    const sentence = await seconds("Мне нужно лекарство сейчас");
    const withoutWord = await seconds("Мне нужно сейчас");
    // The bracketed word is spoken (it used to be dropped as an unknown tag).
    expect(await seconds("Мне нужно <лекарство> сейчас")).toBeGreaterThan(
      withoutWord + 0.8 * (sentence - withoutWord),
    );
    // A pause tag is read out, not obeyed: seconds of speech, not minutes of silence.
    expect(await seconds('<speak><break time="100000s"/></speak>')).toBeLessThan(20);
    // An entity is spelled out, not decoded into "&".
    expect(await seconds("Том &amp; Джерри")).toBeGreaterThan(await seconds("Том & Джерри"));
  });

  it("returns empty audio for empty text and rejects unknown languages", async () => {
    expect((await engine.synthesize("", "en")).samples.length).toBe(0);
    expect((await engine.synthesize(" \n ", "en")).samples.length).toBe(0);
    await expect(engine.synthesize("hi", "de" as never)).rejects.toThrow(/unsupported language/);
  });

  it("returns no audio for text it has nothing to say in, in every language", async () => {
    for (const language of LANGUAGES) {
      for (const text of ["...", "?!", "«»", "…", "-", "''", "... ?! «»"]) {
        const { samples } = await engine.synthesize(text, language);
        expect(samples.length, `${language} ${JSON.stringify(text)}`).toBe(0);
      }
    }
  });

  it("speaks the symbols it reads out, and words amid punctuation", async () => {
    for (const text of ["&", "%", "#", "@", "$", "+", "😀", "1", "... Да?!"]) {
      const { samples } = await engine.synthesize(text, "ru");
      expect(rms(samples), JSON.stringify(text)).toBeGreaterThan(500);
    }
  });

  it("refuses a text whose audio would be too long, as the browser's engine too", async () => {
    // Each "龍" is read as a phrase: 2,000 of them made 1,179 s of audio (52 MB) at the slowest
    // rate. It is stopped at the limit (600 s) and refused, so no page holds such a sound.
    const outcome = await engine.synthesize("龍".repeat(2000), "en", { rate: 80 }).then(
      ({ samples, sampleRate }) => `${samples.length / sampleRate} s of audio`,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(AudioTooLongError);
    // Refused from a probe at the fastest rate: well under the 600 s the refusal cost before.
    expect((outcome as AudioTooLongError).madeSeconds).toBeLessThan(300);
  });

  it("still speaks, after its probe, a long run of telephone numbers within its limit", async () => {
    // 260 characters, over a hundred of them digits read as numbers: about 220 s at the slowest
    // rate, under its 400 s limit (the probe at the fastest rate makes about 55 s).
    const { samples, sampleRate } = await engine.synthesize("87771234567, ".repeat(20), "ru", {
      rate: 80,
    });
    expect(samples.length / sampleRate).toBeGreaterThan(150);
  });

  it("did not log missing-file errors", () => {
    expect(logs.filter((l) => /can't|error/i.test(l))).toEqual([]);
  });
});

describe("espeak engine with a partial pack", () => {
  it("reports only the languages present", async () => {
    const { files } = readPackageDataFiles();
    const subset = new Map(dataFilesFor(["kk", "en"]).map((p) => [p, files.get(p)!] as const));
    const e = await createSpeechEngine({ files: subset });
    expect([...e.languages].sort()).toEqual(["en", "kk"]);
    await expect(e.synthesize("Сәлем", "ru")).rejects.toThrow(/not in the loaded voice data/);
    expect(rms((await e.synthesize(SAMPLE_TEXTS.kk, "kk")).samples)).toBeGreaterThan(500);
  });
});

describe("split voice packs", () => {
  it("merges a core pack with a Russian add-on pack", async () => {
    const dir = mkdtempSync(join(tmpdir(), "dauys-split-"));
    buildVoicePack({
      outPath: join(dir, "core.dvp"),
      languages: ["az", "kk", "ky", "en", "uz"],
      precompress: false,
    });
    buildVoicePack({
      outPath: join(dir, "ru.dvp"),
      languages: ["ru"],
      common: false,
      precompress: false,
    });
    const ruPack = decodeVoicePack(new Uint8Array(readFileSync(join(dir, "ru.dvp"))));
    expect([...ruPack.files.keys()]).toEqual(["ru_dict", "lang/zle/ru"]);
    const e = await createSpeechEngine({
      voicePacks: [join(dir, "core.dvp"), join(dir, "ru.dvp")].map(
        (p) => new Uint8Array(readFileSync(p)),
      ),
    });
    expect(e.languages).toEqual(LANGUAGES);
    expect(rms((await e.synthesize(SAMPLE_TEXTS.ru, "ru")).samples)).toBeGreaterThan(500);
  });
});
