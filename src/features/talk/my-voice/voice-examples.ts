/**
 * My voice's examples as stored on the device: per speech language and phrase, the features of
 * each take (what recognition needs), where it came from, and its recording only if the user
 * agreed to keep recordings. Nothing here leaves the device except in the user's own export.
 */
import { isOlderFormat, type SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { ExampleOrigin } from "@/shared/phrase-recogniser/recogniser.ts";
import {
  MAX_COUNTER_EXAMPLES,
  MAX_EXAMPLES_PER_PHRASE,
} from "@/shared/phrase-recogniser/recogniser.ts";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";

export const takesToTeach = 3;

export type StoredExample = {
  features: SerialisedFeatures;
  origin: ExampleOrigin;
  addedAt: number;
  /** The take as a WAV file, kept only when the user agreed. */
  audio?: Blob;
};

export type PhraseExamples = Record<string, StoredExample[]>;
export type VoiceExamples = Partial<Record<SpeechLanguage, PhraseExamples>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isFeatures(value: unknown): value is SerialisedFeatures {
  return (
    isRecord(value) &&
    typeof value.format === "number" &&
    (value.method === "normalised" || value.method === "baseline") &&
    typeof value.dims === "number" &&
    typeof value.voicedMs === "number" &&
    typeof value.frames === "string" &&
    value.frames.length < 200_000
  );
}

function readExample(value: unknown): StoredExample | undefined {
  if (!isRecord(value) || !isFeatures(value.features)) return undefined;
  if (value.origin !== "taught" && value.origin !== "confirmed" && value.origin !== "counter")
    return undefined;
  if (typeof value.addedAt !== "number" || !Number.isFinite(value.addedAt)) return undefined;
  return {
    features: value.features,
    origin: value.origin,
    addedAt: value.addedAt,
    ...(typeof Blob !== "undefined" && value.audio instanceof Blob ? { audio: value.audio } : {}),
  };
}

/**
 * Examples read `whole` (undefined when anything in them is unusable, so a bad file is refused
 * whole), or example by example: then one that is damaged, or that this version does not know (a
 * newer version's, in another tab), is left out, and only it, and so are phrases with no usable
 * example.
 */
function readExamples(value: unknown, whole: boolean): VoiceExamples | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) return whole ? undefined : {};
  // A file holds no more than the recogniser keeps. The device may hold more for a while
  // (examples waiting to be made again after a change of method, beside those answers added
  // since), until a read has the recogniser choose among them (`chosenTakes`): they are read
  // whole, not cut at the caps; only a list far past them is.
  const most = (MAX_EXAMPLES_PER_PHRASE + MAX_COUNTER_EXAMPLES) * (whole ? 1 : 3);
  const result: VoiceExamples = {};
  for (const [language, phrases] of Object.entries(value)) {
    if (!isSpeechLanguage(language) || !isRecord(phrases)) {
      if (whole) return undefined;
      continue;
    }
    const byPhrase: PhraseExamples = {};
    for (const [phraseId, examples] of Object.entries(phrases)) {
      const list: unknown[] = Array.isArray(examples) ? examples : [];
      const read = list.slice(0, most).flatMap((example) => readExample(example) ?? []);
      if (whole && (!Array.isArray(examples) || read.length !== list.length)) return undefined;
      if (whole || read.length) byPhrase[phraseId] = read;
    }
    result[language] = byPhrase;
  }
  return result;
}

/**
 * Examples read from a file or checked whole: undefined when anything in them is unusable. With
 * `fromFile`, recordings are not read (they never come from files).
 */
export function parseVoiceExamples(value: unknown, fromFile = false): VoiceExamples | undefined {
  const read = readExamples(value, true);
  return read && fromFile ? withoutRecordings(read) : read;
}

/**
 * Examples as stored on this device, example by example: what cannot be used is left out, and
 * the rest stay, and are what the next change is made on.
 */
export const readStoredExamples = (value: unknown): VoiceExamples => readExamples(value, false)!;

/** The examples without their recordings, as they go into an exported board. */
export function withoutRecordings(examples: VoiceExamples): VoiceExamples {
  const result: VoiceExamples = {};
  for (const [language, phrases] of Object.entries(examples) as [
    SpeechLanguage,
    PhraseExamples,
  ][]) {
    result[language] = Object.fromEntries(
      Object.entries(phrases).map(([phraseId, list]) => [
        phraseId,
        list.map(({ features, origin, addedAt }) => ({ features, origin, addedAt })),
      ]),
    );
  }
  return result;
}

/** Bytes a phrase's examples take on the device (features and any recordings). */
export function storageBytes(examples: readonly StoredExample[]): number {
  return examples.reduce(
    (sum, example) =>
      sum + Math.ceil((example.features.frames.length * 3) / 4) + 100 + (example.audio?.size ?? 0),
    0,
  );
}

/** A take, known again in the examples as read afresh (each read gives new objects). */
const takeKey = (example: StoredExample) => `${example.addedAt}\n${example.features.frames}`;

/** A deleted phrase's examples, held for its Undo. */
export type HeldExamples = { language: SpeechLanguage; phraseId: string; list: StoredExample[] };

/**
 * A phrase's deletion from `language`'s board: the change that deletes its examples, and what it
 * holds for the deletion's Undo. The change puts in `hold` the examples it finds, each time it is
 * made: on this page's copy, then on the examples as stored, which may have more (some waiting to
 * be made again, or taught in another tab), or be made again later on what is stored then (the
 * device failed to read or write them: `changeValue`). The same phrase deleted again (a double
 * tap while its picture was read) finds none left: the first deletion's stay held, or its Undo
 * would bring the phrase back without its voice.
 */
export function phraseDeletion(
  held: HeldExamples | null,
  language: SpeechLanguage,
  phraseId: string,
): { hold: HeldExamples; change: (all: VoiceExamples) => VoiceExamples } {
  const hold =
    held?.phraseId === phraseId && held.language === language
      ? held
      : { language, phraseId, list: [] };
  const change = (all: VoiceExamples) => {
    const list = all[language]?.[phraseId];
    // None found: nothing changes (and nothing is written).
    if (!list?.length) return all;
    hold.list = list;
    return setPhraseExamples(all, language, phraseId, undefined);
  };
  return { hold, change };
}

/**
 * Puts held examples back (Undo of a deletion), without their recordings when the user no longer
 * keeps recordings: turned off since the deletion, here or in another tab, they must not return.
 * A phrase that had none is left as it is.
 */
export function restoreHeld(
  all: VoiceExamples,
  held: HeldExamples,
  keepRecordings: boolean,
): VoiceExamples {
  const restored = held.list.length
    ? setPhraseExamples(all, held.language, held.phraseId, held.list)
    : all;
  return keepRecordings ? restored : withoutRecordings(restored);
}

export function setPhraseExamples(
  all: VoiceExamples,
  language: SpeechLanguage,
  phraseId: string,
  examples: StoredExample[] | undefined,
): VoiceExamples {
  const phrases = { ...(all[language] ?? {}) };
  if (examples && examples.length) phrases[phraseId] = examples;
  else delete phrases[phraseId];
  return { ...all, [language]: phrases };
}

/**
 * `all` with the examples of phrases that got new ids (`renamed`, old id to new) under their new
 * ids: a board opened from another app's file has new ids for every phrase, and those with the
 * words of a taught phrase are still that phrase as the user says it.
 */
export function withPhrasesRenamed(
  all: VoiceExamples,
  language: SpeechLanguage,
  renamed: ReadonlyMap<string, string>,
): VoiceExamples {
  const phrases = all[language];
  if (!phrases || ![...renamed.keys()].some((id) => phrases[id])) return all;
  const next: PhraseExamples = {};
  for (const [id, list] of Object.entries(phrases)) next[renamed.get(id) ?? id] = list;
  return { ...all, [language]: next };
}

/**
 * `all` with what an answer to Listen taught a phrase, made on its examples as stored now: the
 * recogniser kept `kept` of `asked` (the phrase's examples as this page had them, and the answer's
 * take, `learnt`). Those it left out go; examples added meanwhile (a Teach again, another tab's
 * answer, examples waiting to be made again after a change of method) stay, and those removed
 * meanwhile stay removed. With `ifTaught`, a phrase forgotten meanwhile (here or in another tab)
 * stays forgotten, and the answer teaches nothing.
 */
export function withLearntExamples(
  all: VoiceExamples,
  language: SpeechLanguage,
  phraseId: string,
  kept: StoredExample[],
  asked: readonly StoredExample[],
  learnt: StoredExample,
  ifTaught = false,
): VoiceExamples {
  const now = all[language]?.[phraseId] ?? [];
  if (ifTaught && !now.some((example) => example.origin !== "counter")) return all;
  const stored = new Set(now.map(takeKey));
  const before = new Set(asked.map(takeKey));
  const added = now.filter((example) => !before.has(takeKey(example)));
  const stay = kept.filter((example) => example === learnt || stored.has(takeKey(example)));
  // Nothing changed meanwhile: the recogniser's choice as it is, in its order.
  const list = added.length || stay.length < kept.length ? [...stay, ...added] : kept;
  return setPhraseExamples(all, language, phraseId, list);
}

/** The examples of a phrase, with their recordings, that the recogniser kept (by index). */
export function keptExamples(
  examples: readonly StoredExample[],
  kept: readonly number[],
): StoredExample[] {
  return kept.flatMap((index) => (examples[index] ? [examples[index]] : []));
}

/** The examples the recogniser needs, without their recordings. */
export const recogniserExamples = (examples: readonly StoredExample[]) =>
  examples.map(({ features, origin, addedAt }) => ({ features, origin, addedAt }));

export type RemadeExamples = {
  examples: VoiceExamples;
  /** Whether anything was re-made or dropped (then the result is stored). */
  changed: boolean;
  /** Per language, the phrases left with no example of their own: to be taught again. */
  teachAgain: Partial<Record<SpeechLanguage, string[]>>;
};

/**
 * After a change of method, examples made by an older version are made again from their
 * recordings (a newer version's, stored by a tab already updated, are left as they are)
 * (`remake`: WAV to features; null when it cannot), and dropped where there is no recording or it
 * cannot be read. A phrase left without examples of its own is listed to be taught again; its
 * counter-examples go with it (nothing to compare them with).
 */
export async function remakeStaleExamples(
  all: VoiceExamples,
  remake: Remake,
): Promise<RemadeExamples> {
  return (await remadeTakes(all, remake))(all);
}

/**
 * A recording's features made again: null when they cannot be, undefined when not now (the worker
 * did not answer in time, crashed or did not load): then the examples not yet made stay as they
 * are, for a later read.
 */
export type Remake = (audio: Blob) => Promise<SerialisedFeatures | null | undefined>;

/**
 * The older examples of `all` made again (as `remakeStaleExamples`), as a change to make on the
 * examples as stored once that is done: making them takes seconds, in which another tab may have
 * taught, forgotten or dropped the recordings. An older example not in `all`, or not made in time,
 * stays as it is, to be made again at the next read.
 */
export async function remadeTakes(
  all: VoiceExamples,
  remake: Remake,
): Promise<(examples: VoiceExamples) => RemadeExamples> {
  const remade = new Map<string, SerialisedFeatures | null>();
  let late = false;
  for (const phrases of Object.values(all))
    for (const list of Object.values(phrases))
      for (const example of list) {
        if (late || !isOlderFormat(example.features) || remade.has(takeKey(example))) continue;
        const features = example.audio ? await remake(example.audio).catch(() => null) : null;
        if (features === undefined) late = true;
        else remade.set(takeKey(example), features);
      }
  return (examples) => withStaleRemade(examples, (example) => remade.get(takeKey(example)));
}

/** The indices of `examples` the recogniser keeps; undefined when it cannot say now. */
export type Choose = (examples: StoredExample[]) => Promise<number[] | undefined>;

/**
 * For phrases of `all` with more usable examples than the recogniser keeps (made again after a
 * change of method beside those an answer added meanwhile, say), its choice of them (`choose`,
 * the choice made wherever examples are added), as a change to make on the examples as stored
 * then: the takes it left out go, and any added since stay. Undefined when there is none to make.
 */
export async function chosenTakes(
  all: VoiceExamples,
  choose: Choose,
): Promise<((examples: VoiceExamples) => VoiceExamples) | undefined> {
  const left: { language: SpeechLanguage; phraseId: string; takes: Set<string> }[] = [];
  for (const [language, phrases] of Object.entries(all) as [SpeechLanguage, PhraseExamples][])
    for (const [phraseId, list] of Object.entries(phrases)) {
      const usable = list.filter((example) => !isOlderFormat(example.features));
      const counters = usable.filter((example) => example.origin === "counter").length;
      if (usable.length - counters <= MAX_EXAMPLES_PER_PHRASE && counters <= MAX_COUNTER_EXAMPLES)
        continue;
      const kept = await choose(usable);
      // None kept: its own examples all wait to be made again; its counter-examples wait too.
      if (!kept?.length) continue;
      const keep = new Set(
        kept.flatMap((index) => (usable[index] ? [takeKey(usable[index])] : [])),
      );
      const takes = new Set(usable.map(takeKey).filter((key) => !keep.has(key)));
      if (takes.size) left.push({ language, phraseId, takes });
    }
  if (!left.length) return undefined;
  return (examples) =>
    left.reduce((result, { language, phraseId, takes }) => {
      const list = result[language]?.[phraseId];
      if (!list) return result;
      const kept = list.filter((example) => !takes.has(takeKey(example)));
      return setPhraseExamples(result, language, phraseId, kept);
    }, examples);
}

/**
 * The examples this version can use (an older method's left out), and per language the phrases
 * that have some it cannot use yet (not made again in time: a later read tries again).
 */
export function usableExamples(all: VoiceExamples) {
  const waiting: Partial<Record<SpeechLanguage, string[]>> = {};
  for (const [language, phrases] of Object.entries(all) as [SpeechLanguage, PhraseExamples][])
    for (const [phraseId, list] of Object.entries(phrases))
      if (list.some((example) => isOlderFormat(example.features)))
        (waiting[language] ??= []).push(phraseId);
  return { examples: withStaleRemade(all, () => null).examples, waiting };
}

/**
 * A board file's examples, to put in place of those of the languages it has, where those an older
 * version made are dropped: a file carries no recordings to make them again from. `teachAgain`
 * gives the phrases to teach again with the file's in place of the replaced boards'.
 */
export function fromBoardFile(file: VoiceExamples) {
  const usable = withStaleRemade(file, () => null);
  const teachAgain = (now: RemadeExamples["teachAgain"] | undefined) => {
    const result = { ...now };
    for (const language of Object.keys(file) as SpeechLanguage[]) {
      const ids = usable.teachAgain[language];
      if (ids) result[language] = ids;
      else delete result[language];
    }
    return result;
  };
  return { examples: usable.examples, teachAgain };
}

/**
 * `all` with the examples an older method made put in place of (`remadeOf`: their features made
 * again, null to drop them, undefined to leave them as they are).
 */
function withStaleRemade(
  all: VoiceExamples,
  remadeOf: (example: StoredExample) => SerialisedFeatures | null | undefined,
): RemadeExamples {
  let changed = false;
  const examples: VoiceExamples = {};
  const teachAgain: RemadeExamples["teachAgain"] = {};
  for (const [language, phrases] of Object.entries(all) as [SpeechLanguage, PhraseExamples][]) {
    const result: PhraseExamples = {};
    for (const [phraseId, list] of Object.entries(phrases)) {
      let touched = false;
      const remade = list.flatMap((example) => {
        const features = isOlderFormat(example.features) ? remadeOf(example) : undefined;
        if (features === undefined) return [example];
        touched = true;
        return features ? [{ ...example, features }] : [];
      });
      if (!touched) {
        result[phraseId] = list;
        continue;
      }
      changed = true;
      if (remade.some((example) => example.origin !== "counter")) result[phraseId] = remade;
      else (teachAgain[language] ??= []).push(phraseId);
    }
    examples[language] = result;
  }
  return { examples, changed, teachAgain };
}
