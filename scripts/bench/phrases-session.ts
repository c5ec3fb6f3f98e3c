/**
 * `phrases:eval -- CORPUS_DIR --session`: the corpus played as a patient lives it. Per speaker the
 * first `enrol` takes of each phrase are taught; then every test take (known phrases and
 * `_unknown/` ones) comes in a fixed shuffled order (seeded), and each answer is confirmed or
 * corrected as a user would, with the recogniser's own learning, as the app does it:
 * - a known phrase answered wrongly at once: "Not that" keeps the take as a counter-example of the
 *   phrase said, and the phrase chosen then keeps it as an example;
 * - a known phrase answered "unsure" or "did not catch it": the phrase chosen (in the list or on
 *   the board) keeps the take as an example (the user keeps it when asked about a far take: it
 *   was that phrase);
 * - an unknown phrase answered at once: "Not that" keeps a counter-example, and nothing is chosen;
 * - "Did you mean" without the phrase meant (a known one, or an unknown one): "None of these" keeps
 *   the take as a counter-example of each phrase offered;
 * - a right answer at once is confirmed by going on to the next take without "Not that": the
 *   phrase keeps the take as an example (as in the app, when Listen is pressed again).
 * So the recogniser learns as it goes, and later takes meet what earlier ones taught.
 *
 * With `--live` every take reaches the recogniser as the microphone hears it (live-takes.ts): a
 * take the detector refused is "did not catch it", and nothing can be kept from it.
 *
 * Figures are fractions (0–1) of the known test takes (rightAtOnce, wrongAtOnce, rightFirst,
 * unsure, rejected) or of the unknown ones (unknownSpoken, unknownRejected). `byUse` gives right
 * at once and right first for a phrase's first three test takes, its next three, and so on: a
 * corpus with more takes a phrase (phrases:corpus --takes 15) shows whether it gets better with
 * use, and `--no-learn` what the same order gives when nothing is kept. `--unknown-last` plays the
 * never-taught takes after every known one (each group in its shuffled order): they then meet
 * phrases that have gathered the session's examples, as after weeks of use, which shows whether
 * My voice stays as careful as on the first day.
 */
import {
  extractFeatures,
  FEATURES_FORMAT,
  PhraseRecogniser,
  type FeaturesFormat,
  type Method,
  type PhraseFeatures,
} from "../../src/shared/phrase-recogniser/index.ts";
import { percentile } from "./bench-lib.ts";
import { readSpeakers, type Take } from "./corpus-files.ts";
import { takePath, type LiveRule, type TakePath } from "./live-takes.ts";
import type { TakeChanges } from "./take-changes.ts";

export interface SessionFigures {
  /** Known takes answered at once with the right phrase. */
  rightAtOnce: number;
  /** Known takes answered at once with a wrong phrase (the costly error). */
  wrongAtOnce: number;
  /** Known takes whose right phrase came first (at once, or first of the choices). */
  rightFirst: number;
  /**
   * Known takes whose right phrase My voice showed first: said at once, or first of the choices
   * it offers after "Did you mean" or after "did not catch it" (a take the microphone refused
   * offers none). Beside rightFirst, which counts "did not catch it" as missed, as issue 37 does.
   */
  rightOffered: number;
  unsure: number;
  rejected: number;
  /** Unknown takes answered at once with some phrase. */
  unknownSpoken: number;
  unknownRejected: number;
  /** Examples and counter-examples the answers added. */
  examplesAdded: number;
  counterExamples: number;
  tests: number;
  unknown: number;
  /** Takes the voice detector ended before the speech did, or refused (--live). */
  takesSplit: number;
  takesRefused: number;
  p95Ms: number;
  meanMs: number;
  /** The known takes by how often their phrase was tested before: does it get better with use? */
  byUse: UseFigures[];
}

/**
 * Known takes that were their phrase's test take number `from` to `from + USE_GROUP - 1` in the
 * session (1 = its first after teaching), and how they were answered (fractions of `tests`).
 */
export interface UseFigures {
  from: number;
  tests: number;
  rightAtOnce: number;
  rightFirst: number;
}

/** Test takes of a phrase counted together in `byUse`. */
export const USE_GROUP = 3;

export interface SessionTotals extends SessionFigures {
  mode: "session";
  method: Method;
  format: FeaturesFormat;
  takes: "files" | `live-${LiveRule}`;
  seed: number;
  learn: boolean;
  unknownLast: boolean;
  speakers: (SessionFigures & { speaker: string })[];
}

/** The changes (--gain, --noise) are made to every take as it is read (take-changes.ts). */
export interface SessionOptions extends TakeChanges {
  enrol?: number;
  method?: Method;
  seed?: number;
  /** false: the same order without learning (what the answers alone would have been). */
  learn?: boolean;
  /** The never-taught takes after every known one (--unknown-last). */
  unknownLast?: boolean;
  /** Takes as the microphone hears them, under this rule (phrases:eval --live). */
  live?: LiveRule;
  /** The features' version (phrases:eval --format). */
  format?: FeaturesFormat;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A small seeded generator (mulberry32): the same order on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A seed per speaker from the session's seed and the speaker's name. */
function speakerSeed(seed: number, speaker: string): number {
  let hash = seed >>> 0;
  for (const char of speaker) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

export type SessionTake = { phraseId: string | null; take: Take };

/** One speaker's session: taught examples, then each test take answered and learnt from. */
export function runSpeakerSession(
  recogniser: PhraseRecogniser,
  tests: readonly SessionTake[],
  options: {
    method: Method;
    format?: FeaturesFormat;
    random: () => number;
    learn: boolean;
    unknownLast?: boolean;
    microphone?: TakePath;
  },
): SessionFigures & { times: number[]; useCounts: UseCounts } {
  const { method, learn } = options;
  const format = options.format ?? FEATURES_FORMAT;
  const microphone = options.microphone ?? takePath(undefined, "");
  const times: number[] = [];
  let [rightAtOnce, wrongAtOnce, rightFirst, rightOffered, unsure, rejected] = [0, 0, 0, 0, 0, 0];
  let [unknownSpoken, unknownRejected, examplesAdded, counterExamples, known, unknown] = [
    0, 0, 0, 0, 0, 0,
  ];
  let clock = 1;
  const uses: UseCounts = [];
  const timesTested = new Map<string, number>();
  const countUse = (phraseId: string, atOnce: boolean, first: boolean) => {
    const tested = timesTested.get(phraseId) ?? 0;
    timesTested.set(phraseId, tested + 1);
    const group = (uses[Math.floor(tested / USE_GROUP)] ??= [0, 0, 0]);
    group[0]++;
    if (atOnce) group[1]++;
    if (first) group[2]++;
  };
  const keep = (phraseId: string, features: PhraseFeatures, origin: "confirmed" | "counter") => {
    if (!learn) return;
    recogniser.addExample(phraseId, features, origin, clock++);
    // As the app's worker does once an answer's take is kept (voice-recogniser.worker.ts): the
    // phrase space is fitted again now, not in the next decision, whose time is measured.
    recogniser.refreshSpace();
    if (origin === "counter") counterExamples++;
    else examplesAdded++;
  };
  const order = shuffled(tests, options.random);
  if (options.unknownLast)
    order.sort((a, b) => Number(a.phraseId === null) - Number(b.phraseId === null));
  for (const { phraseId, take: file } of order) {
    const take = microphone.hear(file);
    if (!take) {
      // Refused by the voice detector: "did not catch it", with nothing to keep.
      if (phraseId === null) [unknown, unknownRejected] = [unknown + 1, unknownRejected + 1];
      else {
        [known, rejected] = [known + 1, rejected + 1];
        countUse(phraseId, false, false);
      }
      continue;
    }
    const started = performance.now();
    const features = extractFeatures(take.samples, take.sampleRate, { method, format });
    const result = recogniser.recognise(features);
    times.push(performance.now() - started);
    if (phraseId === null) {
      unknown++;
      if (result.decision === "accepted") {
        unknownSpoken++;
        keep(result.phraseId!, features, "counter");
      } else if (result.decision === "rejected") unknownRejected++;
      else for (const offered of result.suggestions) keep(offered, features, "counter");
      continue;
    }
    known++;
    countUse(
      phraseId,
      result.decision === "accepted" && result.phraseId === phraseId,
      result.decision !== "rejected" && result.ranked[0]?.phraseId === phraseId,
    );
    if (result.decision === "accepted") {
      if (result.phraseId === phraseId) {
        rightAtOnce++;
        rightFirst++;
        rightOffered++;
        keep(phraseId, features, "confirmed");
        continue;
      }
      wrongAtOnce++;
      keep(result.phraseId!, features, "counter");
    } else if (result.decision === "unsure") {
      unsure++;
      if (result.ranked[0]?.phraseId === phraseId)
        [rightFirst, rightOffered] = [rightFirst + 1, rightOffered + 1];
      if (!result.suggestions.includes(phraseId))
        for (const offered of result.suggestions) keep(offered, features, "counter");
    } else {
      rejected++;
      // Offered first beside "did not catch it" (voice-answer.ts): one tap, as after "Did you mean".
      if (result.ranked[0]?.phraseId === phraseId) rightOffered++;
    }
    // The user chooses the phrase meant; a take with no voice cannot be an example.
    if (features.frames.length) keep(phraseId, features, "confirmed");
  }
  const fraction = (count: number, of: number) => (of ? round(count / of) : NaN);
  return {
    rightAtOnce: fraction(rightAtOnce, known),
    wrongAtOnce: fraction(wrongAtOnce, known),
    rightFirst: fraction(rightFirst, known),
    rightOffered: fraction(rightOffered, known),
    unsure: fraction(unsure, known),
    rejected: fraction(rejected, known),
    unknownSpoken: fraction(unknownSpoken, unknown),
    unknownRejected: fraction(unknownRejected, unknown),
    examplesAdded,
    counterExamples,
    tests: known,
    unknown,
    takesSplit: microphone.takesSplit,
    takesRefused: microphone.takesRefused,
    p95Ms: round(percentile(times, 95), 1),
    meanMs: round(times.reduce((s, t) => s + t, 0) / Math.max(1, times.length), 1),
    byUse: useFigures(uses),
    useCounts: uses,
    times,
  };
}

/** Per group of uses (USE_GROUP test takes of a phrase): [tests, right at once, right first]. */
type UseCounts = ([number, number, number] | undefined)[];

function useFigures(groups: UseCounts): UseFigures[] {
  return [...groups.entries()].flatMap(([index, group]) =>
    group
      ? [
          {
            from: index * USE_GROUP + 1,
            tests: group[0],
            rightAtOnce: round(group[1] / group[0]),
            rightFirst: round(group[2] / group[0]),
          },
        ]
      : [],
  );
}

/** Runs a session over every speaker of a corpus laid out as phrases:eval reads it. */
export function runSession(corpusDir: string, options: SessionOptions = {}): SessionTotals {
  const enrol = options.enrol ?? 3;
  const method = options.method ?? "normalised";
  const seed = options.seed ?? 37;
  const learn = options.learn ?? true;
  const unknownLast = options.unknownLast ?? false;
  const format = options.format ?? FEATURES_FORMAT;
  const speakers: SessionTotals["speakers"] = [];
  const allTimes: number[] = [];
  const allUses: UseCounts = [];
  const counts = { known: 0, unknown: 0 };
  const weighted: Record<string, number> = {};
  for (const { speaker, phrases, unknown } of readSpeakers(corpusDir, enrol, options)) {
    const recogniser = new PhraseRecogniser({ method });
    const microphone = takePath(options.live, speaker);
    const tests: SessionTake[] = [];
    for (const { phraseId, teaching, tests: phraseTests } of phrases) {
      for (const take of microphone.teach(teaching)) {
        const features = extractFeatures(take.samples, take.sampleRate, { method, format });
        if (features.frames.length) recogniser.addExample(phraseId, features, "taught", 0);
      }
      tests.push(...phraseTests.map((take) => ({ phraseId, take })));
    }
    tests.push(...unknown.map((take) => ({ phraseId: null, take })));
    const { times, useCounts, ...figures } = runSpeakerSession(recogniser, tests, {
      method,
      format,
      learn,
      unknownLast,
      random: seededRandom(speakerSeed(seed, speaker)),
      microphone,
    });
    allTimes.push(...times);
    useCounts.forEach((group, index) => {
      if (!group) return;
      const sum = (allUses[index] ??= [0, 0, 0]);
      [sum[0], sum[1], sum[2]] = [sum[0] + group[0], sum[1] + group[1], sum[2] + group[2]];
    });
    speakers.push({ speaker, ...figures });
    counts.known += figures.tests;
    counts.unknown += figures.unknown;
    for (const key of [
      "rightAtOnce",
      "wrongAtOnce",
      "rightFirst",
      "rightOffered",
      "unsure",
      "rejected",
    ] as const)
      weighted[key] = (weighted[key] ?? 0) + figures[key] * figures.tests;
    for (const key of ["unknownSpoken", "unknownRejected"] as const)
      if (figures.unknown) weighted[key] = (weighted[key] ?? 0) + figures[key] * figures.unknown;
  }
  const share = (key: string, of: number) => (of ? round((weighted[key] ?? 0) / of) : NaN);
  return {
    mode: "session",
    method,
    format,
    takes: options.live ? `live-${options.live}` : "files",
    seed,
    learn,
    unknownLast,
    rightAtOnce: share("rightAtOnce", counts.known),
    wrongAtOnce: share("wrongAtOnce", counts.known),
    rightFirst: share("rightFirst", counts.known),
    rightOffered: share("rightOffered", counts.known),
    unsure: share("unsure", counts.known),
    rejected: share("rejected", counts.known),
    unknownSpoken: share("unknownSpoken", counts.unknown),
    unknownRejected: share("unknownRejected", counts.unknown),
    examplesAdded: speakers.reduce((sum, s) => sum + s.examplesAdded, 0),
    counterExamples: speakers.reduce((sum, s) => sum + s.counterExamples, 0),
    takesSplit: speakers.reduce((sum, s) => sum + s.takesSplit, 0),
    takesRefused: speakers.reduce((sum, s) => sum + s.takesRefused, 0),
    tests: counts.known,
    unknown: counts.unknown,
    p95Ms: round(percentile(allTimes, 95), 1),
    meanMs: round(allTimes.reduce((s, t) => s + t, 0) / allTimes.length, 1),
    byUse: useFigures(allUses),
    speakers,
  };
}

const pct = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : "n/a");

/** The session's table and, last, its totals as one JSON line (or only the JSON with --json). */
export function printSession(totals: SessionTotals, json: boolean): void {
  const { speakers, ...rest } = totals;
  if (json) {
    console.log(JSON.stringify(totals));
    return;
  }
  console.log(
    `Session (seed ${totals.seed}, method ${totals.method}, features format ${totals.format}, takes ${totals.takes}${totals.learn ? "" : ", not learning"}${totals.unknownLast ? ", never-taught takes last" : ""}): every answer confirmed or corrected as a user would.`,
  );
  console.log(
    "speaker\ttests\tunknown\tright at once\twrong at once\tright first\tright offered first\tunsure\trejected\tunknown spoken\tunknown rejected\tadded\tcounter\tsplit\trefused",
  );
  for (const s of [...speakers, { ...rest, speaker: "total" }])
    console.log(
      [
        s.speaker,
        s.tests,
        s.unknown,
        pct(s.rightAtOnce),
        pct(s.wrongAtOnce),
        pct(s.rightFirst),
        pct(s.rightOffered),
        pct(s.unsure),
        pct(s.rejected),
        pct(s.unknownSpoken),
        pct(s.unknownRejected),
        s.examplesAdded,
        s.counterExamples,
        s.takesSplit,
        s.takesRefused,
      ].join("\t"),
    );
  console.log(
    `With use (a phrase's test takes in the session's order, after teaching): ${totals.byUse
      .map(
        ({ from, tests, rightAtOnce, rightFirst }) =>
          `takes ${from}–${from + USE_GROUP - 1} (${tests}): right at once ${pct(rightAtOnce)}, right first ${pct(rightFirst)}`,
      )
      .join("; ")}`,
  );
  console.log(JSON.stringify(rest));
}
