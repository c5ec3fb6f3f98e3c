// Environment-agnostic eSpeak NG engine wrapper (Node main thread, Node
// worker_threads, browser Web Worker). One Emscripten instance per engine,
// created once and reused for every call.
//
// The package is wasm2js output (plain JS, no .wasm file to locate). Its only
// external resource is espeak-ng.data (24 MB, every language); we avoid it by
// answering Emscripten's `getPreloadedPackage` hook with an empty buffer and
// then writing our own files into MEMFS before the engine initialises.

import createEspeakModule from "@echogarden/espeak-ng-emscripten";
import type { ESpeakNGWorker, EmscriptenFS } from "@echogarden/espeak-ng-emscripten";
import {
  COMMON_DATA_FILES,
  LANGUAGE_DATA_FILES,
  LANGUAGES,
  VOICE_FOR_LANGUAGE,
  decodeVoicePack,
  isLanguage,
} from "./voice-pack.ts";
import type { Language } from "./voice-pack.ts";
import { containsSound } from "./contains-sound.ts";
import { pitchRange, rateRange } from "../speech-options.ts";
import { AudioTooLongError, maxAudioSeconds } from "../audio-length.ts";

export type { Language } from "./voice-pack.ts";
export { LANGUAGES, VOICE_FOR_LANGUAGE, isLanguage } from "./voice-pack.ts";

/**
 * This build always reads its input as SSML, so a word typed between angle brackets was a tag and
 * went unspoken, and a `<break time="100000s"/>` in a short request made minutes of silence (tens
 * of megabytes of audio). The people who type or dictate the text mean it as written: markup
 * characters are escaped, so every word is spoken, "<" and "&" included.
 */
function asLiteralText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Compiled-in espeak-ng data path of this build (espeak_Initialize is called with path NULL). */
const DATA_ROOT = "/usr/share/espeak-ng-data";

const RATE_MIN = rateRange.min;
const RATE_MAX = rateRange.max;
const RATE_DEFAULT = rateRange.default;
const PITCH_MIN = pitchRange.min;
const PITCH_MAX = pitchRange.max;
const PITCH_DEFAULT = pitchRange.default;

/**
 * A text whose audio may be too long is first made at the fastest rate, which costs a quarter to a
 * fifth of the work, and refused at once if even that shows it too long: before this, 2,000 "龍"
 * at the slowest rate cost the full 600 s of audio (2–4 s of a core) before their refusal. Audio
 * at the fastest rate was 4.0–6.0 times shorter than at the slowest (5.6 times the words a
 * minute: pauses shrink less); 0.6 of the rates' ratio stays below that. Only texts with many
 * characters read as long words (digits, symbols, other scripts) at a slow rate are made twice:
 * prose in its own letters stays far under the limit.
 */
const probeSlowdown = (rate: number) => (RATE_MAX / rate) * 0.6;
const probeBelowRate = 200;
const probeFromCharacters = 100;
const plainCharacter = /[\p{Script=Latin}\p{Script=Cyrillic}\s.,!?;:'"«»()\-–—…]/u;

function readAsLongWords(text: string): number {
  let count = 0;
  for (const character of text) if (!plainCharacter.test(character)) count++;
  return count;
}

export interface SpeechEngineOptions {
  /**
   * Voice pack(s) built by build-voice-pack.ts. Later packs override earlier
   * ones on path clashes. If neither this nor `files` is given, the package's
   * own 24 MB espeak-ng.data is loaded (fine in Node; in a browser it would be
   * fetched next to the bundled script, which you almost certainly don't want).
   */
  voicePacks?: readonly Uint8Array[];
  /** Raw data files keyed by path relative to espeak-ng-data, e.g. "lang/zle/ru". */
  files?: ReadonlyMap<string, Uint8Array>;
  /** Languages to synthesize once during creation, so the first real call is fast. */
  warmUp?: readonly Language[];
  /** Receives espeak-ng's stderr lines (defaults to console.warn). */
  onLog?: (line: string) => void;
}

export interface SynthesisOptions {
  /** Words per minute, clamped to 80..450. Default 165. */
  rate?: number;
  /** 0..99, default 50. */
  pitch?: number;
}

export interface SynthesisResult {
  /** None when the text has nothing to say aloud (blank, or punctuation only such as "..."). */
  samples: Int16Array;
  sampleRate: number;
}

export interface SpeechEngine {
  readonly sampleRate: number;
  /** Languages whose data is present in this engine. */
  readonly languages: readonly Language[];
  /** Rejects with AudioTooLongError when the audio would pass `maxAudioSeconds` of the text. */
  synthesize(text: string, language: Language, opts?: SynthesisOptions): Promise<SynthesisResult>;
  /** Synchronous variant (the work is synchronous anyway); for worker code that wants no microtask hop. */
  synthesizeSync(text: string, language: Language, opts?: SynthesisOptions): SynthesisResult;
}

function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.round(Math.min(max, Math.max(min, value)));
}

function removeTree(fs: EmscriptenFS, path: string): void {
  if (fs.isDir(fs.stat(path).mode)) {
    for (const name of fs.readdir(path))
      if (name !== "." && name !== "..") removeTree(fs, `${path}/${name}`);
    fs.rmdir(path);
  } else {
    fs.unlink(path);
  }
}

function collectFiles(options: SpeechEngineOptions): Map<string, Uint8Array> | undefined {
  if (!options.voicePacks && !options.files) return undefined;
  const files = new Map<string, Uint8Array>();
  for (const pack of options.voicePacks ?? [])
    for (const [p, b] of decodeVoicePack(pack).files) files.set(p, b);
  for (const [p, b] of options.files ?? []) files.set(p, b);
  return files;
}

// Kept as top-level functions on purpose: a closure inside createSpeechEngine
// that mentions `files` would keep the whole pack (9 MB) alive for the
// engine's lifetime, next to the MEMFS copy.
function missingCommonFiles(files: ReadonlyMap<string, Uint8Array>): string[] {
  return COMMON_DATA_FILES.filter((f) => !files.has(f));
}

function installFiles(fs: EmscriptenFS, files: ReadonlyMap<string, Uint8Array>): Language[] {
  // Replace the placeholder tree so espeak's voice scan sees only our voices.
  removeTree(fs, DATA_ROOT);
  fs.mkdirTree(DATA_ROOT);
  for (const [path, bytes] of files) {
    const full = `${DATA_ROOT}/${path}`;
    fs.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    fs.writeFile(full, bytes); // copies into MEMFS
  }
  return LANGUAGES.filter((l) => LANGUAGE_DATA_FILES[l].every((f) => files.has(f)));
}

export async function createSpeechEngine(options: SpeechEngineOptions = {}): Promise<SpeechEngine> {
  const onLog = options.onLog ?? ((line: string) => console.warn(`[espeak-ng] ${line}`));
  const files = collectFiles(options);

  if (files) {
    const missing = missingCommonFiles(files);
    if (missing.length) throw new Error(`voice data lacks required files: ${missing.join(", ")}`);
  }

  const module = await createEspeakModule({
    // Empty buffer = "already fetched": the packager then creates its ~460
    // entries as empty files and never touches espeak-ng.data. Must be an
    // ArrayBuffer (the packager asserts constructor.name === 'ArrayBuffer').
    ...(files ? { getPreloadedPackage: () => new ArrayBuffer(0) } : {}),
    print: () => {},
    printErr: onLog,
  });

  const languages: Language[] = files ? installFiles(module.FS, files) : [...LANGUAGES];

  // espeak_Initialize runs inside this constructor (it reads phontab etc.), so
  // it must come after the files are in place. espeak keeps global state, so
  // one worker object per module instance is all there is.
  const worker: ESpeakNGWorker = new module.eSpeakNGWorker();
  const sampleRate = worker.samplerate;
  if (!sampleRate) throw new Error("espeak-ng failed to initialise (no sample rate)");

  let currentVoice = "";

  function synthesizeSync(
    text: string,
    language: Language,
    opts: SynthesisOptions = {},
  ): SynthesisResult {
    if (!isLanguage(language)) throw new Error(`unsupported language: ${String(language)}`);
    if (!languages.includes(language))
      throw new Error(`language "${language}" is not in the loaded voice data`);
    if (typeof text !== "string") throw new TypeError("text must be a string");

    // espeak emits a few ms of silence for blank input; callers expect nothing.
    if (text.trim() === "") return { samples: new Int16Array(0), sampleRate };

    const voice = VOICE_FOR_LANGUAGE[language];
    // set_voice reloads the dictionary (ru_dict is 8.5 MB), so skip it when unchanged.
    if (voice !== currentVoice) {
      const code = worker.set_voice(voice, voice);
      if (code !== 0) {
        currentVoice = "";
        throw new Error(`espeak-ng set_voice("${voice}") failed with code ${code}`);
      }
      currentVoice = voice;
    }
    // The glue applies these at the start of each synth call.
    const rate = clamp(opts.rate, RATE_MIN, RATE_MAX, RATE_DEFAULT);
    worker.pitch = clamp(opts.pitch, PITCH_MIN, PITCH_MAX, PITCH_DEFAULT);

    // A short text can make a very long audio ("龍" is read as a phrase, digits as numbers): it
    // is stopped as soon as it passes the longest its text may make, and refused.
    const maxSeconds = maxAudioSeconds(text.length);
    const maxSamples = maxSeconds * sampleRate;
    const tooLong = (made: number) =>
      Object.assign(
        new AudioTooLongError(
          `The audio of this text would last over ${maxSeconds} s: split the text into shorter parts.`,
        ),
        { madeSeconds: made / sampleRate },
      );
    if (rate < probeBelowRate && readAsLongWords(text) >= probeFromCharacters) {
      const probeLimit = maxSamples / probeSlowdown(rate);
      let probe = 0;
      worker.rate = RATE_MAX;
      worker.synthesize(asLiteralText(text), (chunk) => (probe += chunk.length) > probeLimit);
      if (probe > probeLimit) throw tooLong(probe);
    }
    worker.rate = rate;

    const chunks: Int16Array[] = [];
    let total = 0;
    worker.synthesize(asLiteralText(text), (chunk) => {
      // chunk is already a copy (HEAP16.slice), safe to keep.
      if (chunk.length) {
        chunks.push(chunk);
        total += chunk.length;
      }
      return total > maxSamples; // truthy aborts synthesis
    });
    if (total > maxSamples) throw tooLong(total);
    const samples = new Int16Array(total);
    let offset = 0;
    for (const c of chunks) {
      samples.set(c, offset);
      offset += c.length;
    }
    // Text that eSpeak finds nothing to say in ("...", "?!", "«»") comes out as a moment of
    // silence. Callers get no samples, as for blank text, so they can tell the person instead of
    // offering audio that plays nothing. Which texts those are depends on the language ("!" is
    // read out in English and Kyrgyz), so the outcome decides, not the characters.
    if (!containsSound(samples)) return { samples: new Int16Array(0), sampleRate };
    return { samples, sampleRate };
  }

  for (const lang of options.warmUp ?? [])
    if (languages.includes(lang)) synthesizeSync("Ok, 1 2 3.", lang);

  return {
    sampleRate,
    languages,
    synthesizeSync,
    synthesize: async (text, language, opts) => synthesizeSync(text, language, opts),
  };
}
