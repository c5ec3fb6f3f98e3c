/**
 * `npm run phrases:corpus -- OUT_DIR [--languages en,ru] [--profiles mild,severe,pausing] [--phrases 30]
 * [--unknown 10] [--takes 6] [--seed 1] [--voices espeak|recorded]`: a stand-in corpus of synthetic "speakers"
 * for the phrase recogniser, made with the project's own eSpeak NG WebAssembly engine (no native
 * espeak-ng needed), or with `--voices recorded` from voices built from recordings of real people
 * (English and Russian; Debian's flite and festival, see recorded-voices.ts).
 *
 * Layout: OUT_DIR/<language>-<profile>/<phrase-id>/<take>.wav (`--takes`: 3 enrol + 3 test by
 * default; 15 gives each phrase 12 tests, to see a session learn over longer use) and
 * OUT_DIR/<speaker>/_unknown/*.wav (never-taught phrases, 2 takes each).
 *
 * Per speaker: a voice (formant/pitch shift by resampling), a speaking rate and pitch, an output
 * sample rate (8–48 kHz) and mono or stereo. Per take: rate and pitch jitter, slurred consonants
 * (text perturbation), inserted pauses, tremor (amplitude and pitch modulation), muffling
 * (low-pass), loudness, additive noise. "severe" is slower, more slurred, noisier, more muffled; "pausing" is severe, slower still, and said
 * a word at a time with pauses of 0.6–1.6 s between words (not part of the default corpus).
 * Deterministic for a given seed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  createSpeechEngine,
  type SpeechEngine,
} from "../../src/shared/speech-engine/espeak-engine.ts";
import { encodeWav16 } from "../../src/shared/phrase-recogniser/wav-reader.ts";
import { speechLanguages, type SpeechLanguage } from "../../src/shared/speech-options.ts";
import { PHRASE_TEXTS } from "./phrase-corpus-texts.ts";
import {
  missingForRecordedVoices,
  RECORDED_VOICES,
  recordedVoiceEngine,
} from "./recorded-voices.ts";
import { PROFILE, slur } from "./speaker-profiles.ts";

export type Profile = keyof typeof PROFILE;

export interface CorpusOptions {
  outDir: string;
  languages?: readonly SpeechLanguage[];
  profiles?: readonly Profile[];
  /** Taught phrases per speaker (≤ 30). */
  phrases?: number;
  /** Never-taught phrases per speaker (≤ 10), two takes each. */
  unknown?: number;
  /** Takes per taught phrase (3 enrol + 3 test by default). */
  takes?: number;
  seed?: number;
  engine?: SpeechEngine;
  /**
   * "espeak" (default): the project's eSpeak NG engine, one speaker per language and profile.
   * "recorded": voices built from recordings (recorded-voices.ts; English and Russian), one
   * speaker per voice and profile, named <language>-<profile>-<voice>.
   */
  voices?: "espeak" | "recorded";
}

/** mulberry32: a small deterministic generator. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a name (a speaker, a take's path), so every run draws the same numbers for it. */
export const seedOf = (name: string) =>
  [...name].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7);

const between = (next: () => number, [low, high]: readonly [number, number]) =>
  low + (high - low) * next();

/** A standard normal draw (Box–Muller). */
export function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
}

interface Speaker {
  language: SpeechLanguage;
  profile: Profile;
  rate: number;
  pitch: number;
  formant: number;
  outRate: number;
  channels: number;
}

/**
 * A phrase said a word at a time: between two words a pause in the profile's range (for a share
 * of the gaps, and at least one), else a short breath.
 */
function wordByWord(
  engine: SpeechEngine,
  text: string,
  language: SpeechLanguage,
  voice: { rate: number; pitch: number },
  p: (typeof PROFILE)["pausing"],
  /** The speaker's reading speed (take()): pauses are made shorter by it, to last as chosen. */
  speed: number,
  next: () => number,
): { samples: Int16Array; sampleRate: number } {
  const words = text.split(/\s+/).filter(Boolean);
  // Each word without the engine's own silence around it, so a pause is as long as chosen.
  const said = words.map((word) => {
    const { samples, sampleRate } = engine.synthesizeSync(word, language, voice);
    let [first, last] = [0, samples.length];
    while (first < last && Math.abs(samples[first]!) < 100) first++;
    while (last > first && Math.abs(samples[last - 1]!) < 100) last--;
    return { samples: samples.subarray(first, last), sampleRate };
  });
  const sampleRate = said[0]!.sampleRate;
  const forced = Math.floor(next() * Math.max(1, words.length - 1));
  const gaps = words.slice(1).map((_, gap) => {
    const long = gap === forced || next() < p.wordPauses;
    return Math.round(((long ? between(next, p.pauseMs) : 80) / 1000) * sampleRate * speed);
  });
  const parts = said.flatMap(({ samples }, i) =>
    i < gaps.length ? [samples, new Int16Array(gaps[i]!)] : [samples],
  );
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return { samples: out, sampleRate };
}

/** One take: synthesis, then the speaker's and the take's degradations, at the speaker's rate. */
function take(
  engine: SpeechEngine,
  speaker: Speaker,
  text: string,
  next: () => number,
): Float32Array {
  const p = PROFILE[speaker.profile];
  const said = slur(text, p.slur, next);
  const rate = speaker.rate * (1 + p.rateJitter * (next() * 2 - 1));
  const pitch = Math.max(0, Math.min(99, speaker.pitch + (next() * 2 - 1) * 8));
  const { samples, sampleRate } =
    "wordPauses" in p
      ? wordByWord(engine, said, speaker.language, { rate, pitch }, p, speaker.formant, next)
      : engine.synthesizeSync(said, speaker.language, { rate, pitch });
  let signal = Float32Array.from(samples, (s) => s / 32768);
  // Pauses, at the quietest point near a random place in the middle.
  const pauses = Math.round(between(next, p.pauses));
  for (let i = 0; i < pauses; i++) {
    const around = Math.floor(signal.length * between(next, [0.25, 0.75]));
    const win = Math.floor(sampleRate * 0.02);
    let best = around;
    let bestEnergy = Infinity;
    for (let at = around - 5 * win; at <= around + 5 * win; at += win) {
      if (at < 0 || at + win > signal.length) continue;
      let e = 0;
      for (let k = at; k < at + win; k++) e += signal[k]! ** 2;
      if (e < bestEnergy) [bestEnergy, best] = [e, at];
    }
    const gap = Math.floor((between(next, p.pauseMs) / 1000) * sampleRate);
    const longer = new Float32Array(signal.length + gap);
    longer.set(signal.subarray(0, best));
    longer.set(signal.subarray(best), best + gap);
    signal = longer;
  }
  // Voice (formant/pitch shift) and vibrato by reading at a varying speed; tremor in amplitude.
  const tremorHz = between(next, [4, 7]);
  const tremorDepth = between(next, p.tremor);
  const vibrato = p.vibrato * next();
  const phase = next() * 2 * Math.PI;
  const shifted: number[] = [];
  for (let position = 0, n = 0; position < signal.length - 1; n++) {
    const t = n / sampleRate;
    const i = Math.floor(position);
    const w = position - i;
    const value = signal[i]! * (1 - w) + signal[i + 1]! * w;
    shifted.push(
      value * (1 - tremorDepth * 0.5 * (1 + Math.sin(2 * Math.PI * tremorHz * t + phase))),
    );
    position += speaker.formant * (1 + vibrato * Math.sin(2 * Math.PI * tremorHz * t + phase));
  }
  let voiced = Float32Array.from(shifted);
  // Muffling: two one-pole low-passes.
  if (next() < p.muffle) {
    const a = Math.exp((-2 * Math.PI * between(next, p.cutoff)) / sampleRate);
    for (let pass = 0; pass < 2; pass++) {
      let y = 0;
      for (let i = 0; i < voiced.length; i++) voiced[i] = y = (1 - a) * voiced[i]! + a * y;
    }
  }
  // Silence around the take, loudness, noise (white and low-frequency rumble) at a chosen SNR.
  const lead = Math.floor(between(next, [0.15, 0.5]) * sampleRate);
  const tail = Math.floor(between(next, [0.15, 0.5]) * sampleRate);
  const padded = new Float32Array(lead + voiced.length + tail);
  padded.set(voiced, lead);
  voiced = padded;
  let peak = 0;
  let power = 0;
  for (const v of voiced) {
    peak = Math.max(peak, Math.abs(v));
    power += v * v;
  }
  const gain = 10 ** (between(next, [-26, -4]) / 20) / (peak || 1);
  const speechRms = Math.sqrt(power / Math.max(1, voiced.length - lead - tail)) * gain;
  const noiseRms = speechRms / 10 ** (between(next, p.snrDb) / 20);
  let rumble = 0;
  for (let i = 0; i < voiced.length; i++) {
    rumble = 0.98 * rumble + 0.2 * gaussian(next);
    voiced[i] = voiced[i]! * gain + noiseRms * (0.8 * gaussian(next) + 0.6 * rumble * 0.5);
  }
  // The speaker's microphone rate (simple linear interpolation: the recogniser must cope).
  const ratio = sampleRate / speaker.outRate;
  const length = Math.floor(voiced.length / ratio);
  const out = new Float32Array(length * speaker.channels);
  for (let n = 0; n < length; n++) {
    const position = n * ratio;
    const i = Math.floor(position);
    const w = position - i;
    const value = voiced[i]! * (1 - w) + (voiced[i + 1] ?? 0) * w;
    for (let c = 0; c < speaker.channels; c++)
      out[n * speaker.channels + c] = value * (c === 0 ? 1 : 0.8);
  }
  return out;
}

const profileSeeds: Record<Profile, number> = { mild: 0, severe: 1, pausing: 2 };

/**
 * The voices speakers are made from: eSpeak NG's, one per language; or the recorded voices, each
 * speaker named after its voice and drawing its own rate, pitch and degradations.
 */
async function voicesOf(options: CorpusOptions) {
  if (options.voices === "recorded") {
    const missing = missingForRecordedVoices();
    if (missing) throw new Error(`the recorded voices need ${missing}`);
    return RECORDED_VOICES.filter(
      (voice) => !options.languages || options.languages.includes(voice.language),
    ).map((voice, index) => ({
      language: voice.language,
      engine: recordedVoiceEngine(voice),
      suffix: `-${voice.name}`,
      seedOffset: 100 * (index + 1),
    }));
  }
  const engine = options.engine ?? (await createSpeechEngine({ onLog: () => {} }));
  return (options.languages ?? speechLanguages).map((language) => ({
    language,
    engine,
    suffix: "",
    seedOffset: 0,
  }));
}

export async function synthesiseCorpus(
  options: CorpusOptions,
): Promise<{ speakers: string[]; files: number }> {
  const profiles = options.profiles ?? ["mild", "severe"];
  const phraseCount = Math.min(30, options.phrases ?? 30);
  const unknownCount = Math.min(10, options.unknown ?? 10);
  const takes = options.takes ?? 6;
  const seed = options.seed ?? 1;
  const voices = await voicesOf(options);
  const speakers: string[] = [];
  let files = 0;
  for (const { language, engine, suffix, seedOffset } of voices) {
    for (const profile of profiles) {
      const next = random(
        seed * 1000 + speechLanguages.indexOf(language) * 10 + profileSeeds[profile] + seedOffset,
      );
      const p = PROFILE[profile];
      const speaker: Speaker = {
        language,
        profile,
        rate: between(next, p.rate),
        pitch: between(next, [25, 75]),
        formant: between(next, p.formant),
        outRate: [8000, 16000, 22050, 44100, 48000][Math.floor(next() * 5)]!,
        channels: next() < 0.3 ? 2 : 1,
      };
      const name = `${language}-${profile}${suffix}`;
      speakers.push(name);
      const texts = PHRASE_TEXTS[language];
      const write = (folder: string, file: string, samples: Float32Array) => {
        const dir = join(options.outDir, name, folder);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, file), encodeWav16(samples, speaker.outRate, speaker.channels));
        files++;
      };
      for (let phrase = 0; phrase < phraseCount; phrase++)
        for (let t = 0; t < takes; t++)
          write(
            `p${String(phrase + 1).padStart(2, "0")}`,
            `take${t + 1}.wav`,
            take(engine, speaker, texts[phrase]!, next),
          );
      for (let u = 0; u < unknownCount; u++)
        for (let t = 0; t < 2; t++)
          write(
            "_unknown",
            `u${String(u + 1).padStart(2, "0")}-${t + 1}.wav`,
            take(engine, speaker, texts[30 + u]!, next),
          );
    }
  }
  return { speakers, files };
}

function parseArguments(argv: string[]): CorpusOptions {
  const options: CorpusOptions = { outDir: "" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "--languages") {
      const list = value().split(",");
      for (const l of list)
        if (!(speechLanguages as readonly string[]).includes(l))
          throw new Error(`unknown language ${l}`);
      options.languages = list as SpeechLanguage[];
    } else if (arg === "--profiles") {
      const list = value().split(",");
      for (const profile of list)
        if (!(profile in PROFILE)) throw new Error(`unknown profile ${profile}`);
      options.profiles = list as Profile[];
    } else if (arg === "--phrases") options.phrases = Number(value());
    else if (arg === "--unknown") options.unknown = Number(value());
    else if (arg === "--takes") {
      options.takes = Number(value());
      if (!Number.isInteger(options.takes) || options.takes < 2)
        throw new Error(
          "--takes must be a whole number of at least 2 (takes to teach and to test)",
        );
    } else if (arg === "--seed") options.seed = Number(value());
    else if (arg === "--voices") {
      const voices = value();
      if (voices !== "espeak" && voices !== "recorded") throw new Error(`unknown voices ${voices}`);
      options.voices = voices;
    } else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else options.outDir = arg;
  }
  if (!options.outDir)
    throw new Error(
      "usage: npm run phrases:corpus -- OUT_DIR [--languages en,ru] [--profiles mild,severe,pausing] [--phrases 30] [--unknown 10] [--takes 6] [--seed 1] [--voices espeak|recorded]",
    );
  return options;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const started = performance.now();
    const { speakers, files } = await synthesiseCorpus(parseArguments(process.argv.slice(2)));
    console.log(
      `${files} takes for ${speakers.length} speakers in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    console.error(`phrases:corpus: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
