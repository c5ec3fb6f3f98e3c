/**
 * Voices built from recordings of real people, for a stand-in corpus unlike eSpeak NG's (issue 37's
 * second set of voices, English and Russian): Debian's `flite` (slt, rms and awb, made from the
 * CMU ARCTIC recordings, and kal, a diphone voice) and `festival` with `festvox-ru` (msu_ru_nsh,
 * unit selection over a Russian speaker's recordings). Neither the app nor the tests need them;
 * `bench:phrases` measures with them when they are installed and says what is missing when not:
 * `apt install flite festival festvox-ru`.
 *
 * Each voice is wrapped as a speech engine for phrase-corpus.ts, which then adds the speaker's and
 * the take's degradations as it does to eSpeak NG's speech.
 *
 * Two more English voices in Debian served as held-out voices, never tuned on (fortieth session,
 * `festival` with `festvox-kdlpc16k`'s ked_diphone and `festvox-us-slt-hts`'s statistical slt;
 * seed 1, `--live --session`): right at once 87.0 %, right first 96.4 %, right offered first
 * 99.7 %, none said wrongly and no never-taught phrase spoken (mild and severe); their pausing
 * speakers 85.0 %, 97.8 % and 99.5 %, 1 of 40 never-taught takes spoken ("My leg hurts" as "My
 * head hurts") and 1 take split (a "the" 20 dB softer than the words around it, between two long
 * pauses: 3 s without voice, the longest pause a take may have).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeWav } from "../../src/shared/phrase-recogniser/index.ts";
import type { SpeechEngine } from "../../src/shared/speech-engine/espeak-engine.ts";
import type { SpeechLanguage } from "../../src/shared/speech-options.ts";

export interface RecordedVoice {
  name: string;
  language: SpeechLanguage;
  /** flite's voice, with its mean pitch (Hz) at eSpeak NG's middle pitch (50). */
  flite?: { voice: string; pitchHz: number };
  /** festival's voice function. */
  festival?: string;
}

export const RECORDED_VOICES: readonly RecordedVoice[] = [
  { name: "slt", language: "en", flite: { voice: "slt", pitchHz: 170 } },
  { name: "rms", language: "en", flite: { voice: "rms", pitchHz: 100 } },
  { name: "awb", language: "en", flite: { voice: "awb", pitchHz: 110 } },
  { name: "kal", language: "en", flite: { voice: "kal", pitchHz: 105 } },
  { name: "nsh", language: "ru", festival: "voice_msu_ru_nsh_clunits" },
];

const RUSSIAN_VOICE_DIR = "/usr/share/festival/voices/russian/msu_ru_nsh_clunits";

const runs = (command: string, args: string[]) => {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/**
 * What the recorded voices need that this machine lacks, said as "Debian's flite, festival (apt
 * install flite festival)"; undefined when nothing is missing.
 */
export function missingForRecordedVoices(): string | undefined {
  const missing: string[] = [];
  if (!runs("flite", ["-lv"])) missing.push("flite");
  if (!runs("text2wave", ["-h"])) missing.push("festival");
  if (!existsSync(RUSSIAN_VOICE_DIR)) missing.push("festvox-ru");
  return missing.length
    ? `Debian's ${missing.join(", ")} (apt install ${missing.join(" ")})`
    : undefined;
}

/** eSpeak NG's rate (words a minute) as a stretch of the voice's own pace, taken as 175. */
const stretchOf = (rate = 175) => (175 / Math.max(40, rate)).toFixed(3);

/** The samples without the voice's own silence around them (10 ms windows under peak − 40 dB). */
function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  const win = Math.max(1, Math.round(sampleRate / 100));
  const levels: number[] = [];
  for (let at = 0; at + win <= samples.length; at += win) {
    let energy = 0;
    for (let i = at; i < at + win; i++) energy += samples[i]! ** 2;
    levels.push(Math.sqrt(energy / win));
  }
  const quiet = Math.max(...levels, 1e-9) / 100;
  let [first, last] = [0, levels.length];
  while (first < last && levels[first]! < quiet) first++;
  while (last > first && levels[last - 1]! < quiet) last--;
  return samples.subarray(Math.max(0, first - 1) * win, Math.min(levels.length, last + 1) * win);
}

/**
 * A recorded voice as a (synchronous) speech engine: rate becomes a duration stretch; pitch moves
 * flite's mean pitch (festival's unit selection keeps the speaker's own).
 */
export function recordedVoiceEngine(voice: RecordedVoice): SpeechEngine {
  const synthesizeSync: SpeechEngine["synthesizeSync"] = (text, language, options = {}) => {
    if (language !== voice.language)
      throw new Error(`the ${voice.name} voice speaks ${voice.language}, not ${language}`);
    const dir = mkdtempSync(join(tmpdir(), "dauys-voice-"));
    try {
      const wav = join(dir, "said.wav");
      const stretch = stretchOf(options.rate);
      if (voice.flite) {
        const pitchHz = Math.round(voice.flite.pitchHz * 2 ** (((options.pitch ?? 50) - 50) / 80));
        execFileSync(
          "flite",
          ["-voice", voice.flite.voice, "-t", text, "-o", wav]
            .concat(["--setf", `duration_stretch=${stretch}`])
            .concat(["--setf", `int_f0_target_mean=${pitchHz}`]),
          { stdio: "ignore" },
        );
      } else {
        const said = join(dir, "said.txt");
        writeFileSync(said, text);
        const setup = `(begin (${voice.festival}) (Parameter.set 'Duration_Stretch ${stretch}))`;
        execFileSync("text2wave", ["-eval", setup, said, "-o", wav], { stdio: "ignore" });
      }
      const { samples, sampleRate } = decodeWav(readFileSync(wav));
      const trimmed = trimSilence(samples, sampleRate);
      return {
        samples: Int16Array.from(trimmed, (s) => Math.round(Math.max(-1, Math.min(1, s)) * 32767)),
        sampleRate,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    sampleRate: 16000,
    languages: [voice.language],
    synthesizeSync,
    synthesize: async (text, language, options) => synthesizeSync(text, language, options),
  };
}
