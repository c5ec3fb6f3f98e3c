/** Reading a phrase corpus from disk: its speakers, folders and WAV takes, with clear errors. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { decodeWav, WavError } from "../../src/shared/phrase-recogniser/index.ts";
import { changeTake, type TakeChanges } from "./take-changes.ts";

/** The corpus cannot be used as given (a missing folder, an unreadable or empty WAV file). */
export class CorpusError extends Error {}

export interface Take {
  path: string;
  samples: Float32Array;
  sampleRate: number;
}

/** Names in order, numbers by their value: take2 before take10 (a person's order). */
const byName = new Intl.Collator("en", { numeric: true }).compare;

export function listDirectory(path: string): string[] {
  try {
    return readdirSync(path).sort(byName);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new CorpusError(`${path} does not exist`);
    if (code === "ENOTDIR") throw new CorpusError(`${path} is not a folder`);
    throw new CorpusError(`${path} cannot be read (${code ?? "error"})`);
  }
}

export const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function readTake(path: string): Take {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new CorpusError(`${path} cannot be read`);
  }
  try {
    const { samples, sampleRate } = decodeWav(bytes);
    if (samples.length === 0) throw new WavError("no audio in it");
    return { path, samples, sampleRate };
  } catch (error) {
    if (error instanceof WavError)
      throw new CorpusError(`${path} is not a usable WAV file: ${error.message}`);
    throw error;
  }
}

export const wavFiles = (dir: string) =>
  listDirectory(dir).filter(
    (name) => name.toLowerCase().endsWith(".wav") && !isDirectory(join(dir, name)),
  );

/** One phrase of a speaker: its first `enrol` takes teach it, the rest test it. */
export interface PhraseTakes {
  phraseId: string;
  teaching: Take[];
  tests: Take[];
}

/** One speaker of a corpus, read from CORPUS_DIR/<speaker>/<phrase-id>/<take>.wav. */
export interface SpeakerTakes {
  speaker: string;
  phrases: PhraseTakes[];
  /** Takes of never-taught phrases (CORPUS_DIR/<speaker>/_unknown/*.wav). */
  unknown: Take[];
}

/**
 * The one reader of a phrase corpus, for phrases:eval and its --session: speakers one at a time
 * (a whole corpus of audio would not fit in memory), takes sorted by name (take2 before take10),
 * other files ignored.
 * A phrase with too few takes, a speaker with no phrases or a corpus with no speakers is a
 * CorpusError that says what is missing. `changes` are made to every take as it is read
 * (take-changes.ts): `gainDb` makes it that much louder (or, below 0, softer: a soft speaker, a
 * microphone set low), as floats, so nothing is clipped or lost; `noiseDb` puts it in a steady
 * background that many dB under the voice.
 */
export function* readSpeakers(
  corpusDir: string,
  enrol: number,
  changes: TakeChanges = {},
): Generator<SpeakerTakes> {
  if (!Number.isFinite(changes.gainDb ?? 0)) throw new CorpusError("--gain must be a number of dB");
  if (!Number.isFinite(changes.noiseDb ?? 0))
    throw new CorpusError("--noise must be a number of dB");
  const load = (path: string): Take =>
    changeTake(readTake(path), changes, relative(corpusDir, path));
  if (!Number.isInteger(enrol) || enrol < 1)
    throw new CorpusError("--enrol must be a whole number of at least 1");
  if (!isDirectory(corpusDir)) {
    listDirectory(corpusDir);
    throw new CorpusError(`${corpusDir} is not a folder`);
  }
  const speakerNames = listDirectory(corpusDir).filter((name) =>
    isDirectory(join(corpusDir, name)),
  );
  if (!speakerNames.length)
    throw new CorpusError(
      `${corpusDir} holds no speaker folders (expected CORPUS_DIR/<speaker>/<phrase-id>/<take>.wav)`,
    );
  let read = 0;
  for (const speaker of speakerNames) {
    const speakerDir = join(corpusDir, speaker);
    const phraseIds = listDirectory(speakerDir).filter(
      (name) => name !== "_unknown" && isDirectory(join(speakerDir, name)),
    );
    const phrases: PhraseTakes[] = [];
    for (const phraseId of phraseIds) {
      const dir = join(speakerDir, phraseId);
      const files = wavFiles(dir);
      if (!files.length) continue;
      if (files.length <= enrol)
        throw new CorpusError(
          `${dir} has ${files.length} takes: at least ${enrol + 1} are needed (${enrol} to teach, the rest to test)`,
        );
      const takes = files.map((file) => load(join(dir, file)));
      phrases.push({ phraseId, teaching: takes.slice(0, enrol), tests: takes.slice(enrol) });
    }
    const unknownDir = join(speakerDir, "_unknown");
    if (!phrases.length) {
      if (phraseIds.length === 0 && !isDirectory(unknownDir)) continue;
      throw new CorpusError(`${speakerDir} has no phrase folders with WAV takes`);
    }
    const unknown = isDirectory(unknownDir)
      ? wavFiles(unknownDir).map((file) => load(join(unknownDir, file)))
      : [];
    read++;
    yield { speaker, phrases, unknown };
  }
  if (!read)
    throw new CorpusError(`${corpusDir} holds no speakers with phrase folders of WAV takes`);
}
