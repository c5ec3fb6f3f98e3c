/**
 * `npm run --silent phrases:eval -- CORPUS_DIR [--enrol 3] [--json] [--method normalised|baseline]
 * [--format 2|1] [--live [--rule learned|fixed]] [--session [--seed 37] [--no-learn]
 * [--unknown-last]] [--gain DB] [--noise DB]`
 * (--session: see phrases-session.ts; the two together play the session as the microphone hears
 * it, as the issue's goals are measured; --no-learn plays it keeping nothing from the answers;
 * --unknown-last plays the never-taught takes after the known ones, as after weeks of use;
 * --gain -30 hears every take 30 dB softer, as from a soft
 * speaker; --noise 10 hears every take in white noise 10 dB under the voice, as by a fan or a
 * street: take-changes.ts)
 *
 * Runs the phrase recogniser (src/shared/phrase-recogniser, the same module the browser worker
 * runs) over a corpus: CORPUS_DIR/<speaker>/<phrase-id>/<take>.wav, takes sorted by name (take2
 * before take10), the first `--enrol` are taught and the rest are tests;
 * CORPUS_DIR/<speaker>/_unknown/*.wav are never-taught phrases. Other files are ignored.
 *
 * `--live` feeds every take as the microphone hears it (live-takes.ts): in its own background
 * noise, in 20 ms blocks, through the app's voice detector with the limits learned from the
 * speaker's teaching takes (`--rule fixed`: the microphone's rule before issue 37, 900 ms of
 * quiet and 6 s, a take reaching 6 s refused). takesSplit and takesRefused count those takes.
 *
 * Figures are fractions (0–1):
 * - rightAtOnce / wrongAtOnce: known test takes accepted (said at once) as the right / a wrong
 *   phrase; unsure and rejected: known test takes answered "Did you mean…" / "did not catch it";
 * - rightFirst: the same as top1; unknownSpoken: never-taught takes accepted as some phrase;
 * - top1: share of known test takes whose answer was not "rejected" and whose first-ranked phrase
 *   is the right one ("unsure" with the right phrase first counts as right: it is offered first);
 * - knownRejected: share of known test takes answered "rejected";
 * - unknownRejected: share of unknown takes answered "rejected" ("unsure" does not count);
 * - decision time: feature extraction of the test take plus recognition, in ms;
 * - take time: feature extraction plus the take checks of one take, in ms.
 * The last line printed is one JSON object with the totals (with --json, the only line is a JSON
 * object with the totals and every speaker's figures).
 */
import {
  checkTake,
  extractFeatures,
  FEATURES_FORMAT,
  FEATURES_FORMATS,
  METHODS,
  PhraseRecogniser,
  type FeaturesFormat,
  type Method,
  type PhraseFeatures,
} from "../../src/shared/phrase-recogniser/index.ts";
import { percentile } from "./bench-lib.ts";
import { printSession, runSession } from "./phrases-session.ts";
import { LIVE_RULES, takePath, type LiveRule } from "./live-takes.ts";
import { CorpusError, readSpeakers, type Take } from "./corpus-files.ts";
import type { TakeChanges } from "./take-changes.ts";

export interface SpeakerFigures {
  speaker: string;
  phrases: number;
  tests: number;
  unknown: number;
  top1: number;
  knownRejected: number;
  unknownRejected: number;
  unsure: number;
  meanMs: number;
  p95Ms: number;
  takesSplit: number;
  takesRefused: number;
}

export interface EvaluationTotals {
  top1: number;
  unknownRejected: number;
  knownRejected: number;
  /** Known test takes accepted (said at once) as the right phrase. */
  rightAtOnce: number;
  /** Known test takes accepted as a wrong phrase: the costly error. */
  wrongAtOnce: number;
  /** Known test takes with the right phrase first, at once or as the first choice (= top1). */
  rightFirst: number;
  /** Known test takes answered "Did you mean…". */
  unsure: number;
  /** Known test takes answered "did not catch it" (= knownRejected). */
  rejected: number;
  /** Never-taught takes accepted as a phrase, so something would have been said. */
  unknownSpoken: number;
  /** Takes whose detection ended before the speech did (the rest would have been a new take). */
  takesSplit: number;
  /** Takes refused as too long or too short. */
  takesRefused: number;
  p95Ms: number;
  meanMs: number;
  takeP95Ms: number;
  method: Method;
  /** The features' version: the current one, or 1 as issue 37 found them (--format). */
  format: FeaturesFormat;
  /** How takes reached the recogniser: whole files, or through the voice detector (--live). */
  takes: "files" | `live-${LiveRule}`;
  speakers: SpeakerFigures[];
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;

export function evaluateCorpus(
  corpusDir: string,
  /** The changes (--gain, --noise) are made to every take as it is read (take-changes.ts). */
  options: {
    enrol?: number;
    method?: Method;
    live?: LiveRule;
    format?: FeaturesFormat;
  } & TakeChanges = {},
): EvaluationTotals {
  const enrol = options.enrol ?? 3;
  const method = options.method ?? "normalised";
  const format = options.format ?? FEATURES_FORMAT;
  const speakers: SpeakerFigures[] = [];
  const allTimes: number[] = [];
  const takeTimes: number[] = [];
  let [right, known, knownRejected, knownUnsure, unknownRejected, unknown] = [0, 0, 0, 0, 0, 0];
  let [rightAtOnce, wrongAtOnce, unknownSpoken] = [0, 0, 0];
  let [takesSplit, takesRefused] = [0, 0];
  for (const { speaker, phrases, unknown: unknownTakes } of readSpeakers(
    corpusDir,
    enrol,
    options,
  )) {
    const recogniser = new PhraseRecogniser({ method });
    const microphone = takePath(options.live, speaker);
    const tests: { phraseId: string; take: Take }[] = [];
    for (const { phraseId, teaching, tests: phraseTests } of phrases) {
      const taught: PhraseFeatures[] = [];
      for (const take of microphone.teach(teaching)) {
        const started = performance.now();
        const features = extractFeatures(take.samples, take.sampleRate, { method, format });
        checkTake(take.samples, take.sampleRate, { features, others: taught });
        takeTimes.push(performance.now() - started);
        taught.push(features);
      }
      for (const features of taught)
        if (features.frames.length) recogniser.addExample(phraseId, features, "taught", 0);
      tests.push(...phraseTests.map((take) => ({ phraseId, take })));
    }
    const times: number[] = [];
    const decide = (file: Take) => {
      const take = microphone.hear(file);
      // A take the microphone refused is not recognised: the user is asked again.
      if (!take) return { decision: "rejected" as const, phraseId: undefined, ranked: [] };
      const started = performance.now();
      const result = recogniser.recognise(
        extractFeatures(take.samples, take.sampleRate, { method, format }),
      );
      times.push(performance.now() - started);
      return result;
    };
    let [sRight, sRejected, sUnsure, sUnknownRejected] = [0, 0, 0, 0];
    for (const { phraseId, take } of tests) {
      const result = decide(take);
      if (result.decision === "rejected") sRejected++;
      else if (result.ranked[0]?.phraseId === phraseId) sRight++;
      if (result.decision === "unsure") sUnsure++;
      if (result.decision === "accepted") {
        if (result.phraseId === phraseId) rightAtOnce++;
        else wrongAtOnce++;
      }
    }
    for (const take of unknownTakes) {
      const { decision } = decide(take);
      if (decision === "rejected") sUnknownRejected++;
      if (decision === "accepted") unknownSpoken++;
    }
    right += sRight;
    known += tests.length;
    knownRejected += sRejected;
    knownUnsure += sUnsure;
    unknownRejected += sUnknownRejected;
    unknown += unknownTakes.length;
    allTimes.push(...times);
    speakers.push({
      speaker,
      phrases: recogniser.phraseIds().length,
      tests: tests.length,
      unknown: unknownTakes.length,
      top1: round(sRight / tests.length),
      knownRejected: round(sRejected / tests.length),
      unknownRejected: unknownTakes.length ? round(sUnknownRejected / unknownTakes.length) : NaN,
      unsure: round(sUnsure / (tests.length + unknownTakes.length)),
      meanMs: round(times.reduce((s, t) => s + t, 0) / times.length, 1),
      p95Ms: round(percentile(times, 95), 1),
      takesSplit: microphone.takesSplit,
      takesRefused: microphone.takesRefused,
    });
    takesSplit += microphone.takesSplit;
    takesRefused += microphone.takesRefused;
  }
  return {
    top1: round(right / known),
    unknownRejected: unknown ? round(unknownRejected / unknown) : NaN,
    knownRejected: round(knownRejected / known),
    rightAtOnce: round(rightAtOnce / known),
    wrongAtOnce: round(wrongAtOnce / known),
    rightFirst: round(right / known),
    unsure: round(knownUnsure / known),
    rejected: round(knownRejected / known),
    unknownSpoken: unknown ? round(unknownSpoken / unknown) : NaN,
    takesSplit,
    takesRefused,
    p95Ms: round(percentile(allTimes, 95), 1),
    meanMs: round(allTimes.reduce((s, t) => s + t, 0) / allTimes.length, 1),
    takeP95Ms: round(percentile(takeTimes, 95), 1),
    method,
    format,
    takes: options.live ? `live-${options.live}` : "files",
    speakers,
  };
}

/** The totals without the speakers' figures, as the last line prints them. */
export function totalsLine(totals: EvaluationTotals): string {
  return JSON.stringify({ ...totals, speakers: undefined });
}

/** With the changes (--gain, --noise) made to every take as it is read (take-changes.ts). */
export interface EvaluationArguments extends TakeChanges {
  corpus: string;
  json: boolean;
  enrol: number;
  method: Method;
  format: FeaturesFormat;
  live?: LiveRule;
  /** Answers confirmed or corrected as a user would (phrases-session.ts), in this seed's order. */
  session?: { seed: number };
  /** false (--no-learn): the session's answers with nothing kept from them, for comparison. */
  learn?: boolean;
  /** --unknown-last: the session's never-taught takes after every known one. */
  unknownLast?: boolean;
}

const usage =
  "usage: npm run --silent phrases:eval -- CORPUS_DIR [--enrol 3] [--json] [--method normalised|baseline] [--format 2|1] [--live [--rule learned|fixed]] [--session [--seed 37] [--no-learn] [--unknown-last]] [--gain DB] [--noise DB]";

/**
 * The options, one entry each: a flag (no value) or an option that reads its value. A new mode
 * adds its line here and its field to EvaluationArguments.
 */
const OPTIONS: Record<string, (into: EvaluationArguments, value: () => string) => void> = {
  "--json": (into) => {
    into.json = true;
  },
  "--enrol": (into, value) => {
    into.enrol = Number(value());
  },
  "--method": (into, value) => {
    const method = value();
    if (!(METHODS as readonly string[]).includes(method))
      throw new CorpusError(`--method must be one of ${METHODS.join(", ")}`);
    into.method = method as Method;
  },
  "--format": (into, value) => {
    const format = Number(value());
    if (!(FEATURES_FORMATS as readonly number[]).includes(format))
      throw new CorpusError(`--format must be one of ${FEATURES_FORMATS.join(", ")}`);
    into.format = format as FeaturesFormat;
  },
  "--live": (into) => {
    into.live ??= "learned";
  },
  "--session": (into) => {
    into.session = { seed: into.session?.seed ?? 37 };
  },
  "--no-learn": (into) => {
    into.learn = false;
  },
  "--unknown-last": (into) => {
    into.unknownLast = true;
  },
  "--seed": (into, value) => {
    const seed = Number(value());
    if (!Number.isInteger(seed)) throw new CorpusError("--seed must be a whole number");
    into.session = { seed };
  },
  // Checked where every take is changed (readSpeakers), for the bench's calls as for these.
  "--gain": (into, value) => {
    into.gainDb = Number(value());
  },
  "--noise": (into, value) => {
    into.noiseDb = Number(value());
  },
  "--rule": (into, value) => {
    const rule = value();
    if (!(LIVE_RULES as readonly string[]).includes(rule))
      throw new CorpusError(`--rule must be one of ${LIVE_RULES.join(", ")}`);
    into.live = rule as LiveRule;
  },
};

export function parseArguments(argv: readonly string[]): EvaluationArguments {
  const parsed: EvaluationArguments = {
    corpus: "",
    json: false,
    enrol: 3,
    method: "normalised",
    format: FEATURES_FORMAT,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const option = OPTIONS[arg];
    if (option)
      option(parsed, () => {
        const value = argv[++i];
        if (value === undefined) throw new CorpusError(`${arg} needs a value`);
        return value;
      });
    else if (arg.startsWith("--")) throw new CorpusError(`unknown option ${arg}`);
    else if (!parsed.corpus) parsed.corpus = arg;
    else throw new CorpusError(`one corpus folder only (got ${parsed.corpus} and ${arg})`);
  }
  if (!parsed.corpus) throw new CorpusError(usage);
  for (const option of ["--seed", "--no-learn", "--unknown-last"])
    if (argv.includes(option) && !argv.includes("--session"))
      throw new CorpusError(`${option} is for a --session: give --session too`);
  return parsed;
}

const pct = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : "n/a");

export function main(argv: string[]): number {
  try {
    const { corpus, json, session, ...options } = parseArguments(argv);
    const { method } = options;
    // --session [--seed N]: answers confirmed or corrected as a user would (phrases-session.ts).
    if (session) {
      printSession(runSession(corpus, { ...options, seed: session.seed }), json);
      return 0;
    }
    const totals = evaluateCorpus(corpus, options);
    if (json) {
      console.log(JSON.stringify(totals));
      return 0;
    }
    console.log(
      `Method: ${method}; features format: ${totals.format}; takes: ${totals.takes}; figures are fractions in the JSON line (top-1 counts non-rejected answers ranked right).`,
    );
    console.log(
      "speaker\tphrases\ttests\tunknown\ttop-1\tunknown rejected\tknown rejected\tunsure\tmean ms\tp95 ms\tsplit\trefused",
    );
    for (const s of totals.speakers)
      console.log(
        [
          s.speaker,
          s.phrases,
          s.tests,
          s.unknown,
          pct(s.top1),
          pct(s.unknownRejected),
          pct(s.knownRejected),
          pct(s.unsure),
          s.meanMs,
          s.p95Ms,
          s.takesSplit,
          s.takesRefused,
        ].join("\t"),
      );
    console.log(
      `total\t\t\t\t${pct(totals.top1)}\t${pct(totals.unknownRejected)}\t${pct(totals.knownRejected)}\t\t${totals.meanMs}\t${totals.p95Ms}`,
    );
    console.log(
      `As a user lives it: right at once ${pct(totals.rightAtOnce)}, wrong at once ${pct(totals.wrongAtOnce)}, right first ${pct(totals.rightFirst)}, unsure ${pct(totals.unsure)}, rejected ${pct(totals.rejected)}, unknown spoken ${pct(totals.unknownSpoken)}; takes split ${totals.takesSplit}, refused ${totals.takesRefused}`,
    );
    console.log(totalsLine(totals));
    return 0;
  } catch (error) {
    if (error instanceof CorpusError) {
      console.error(`phrases:eval: ${error.message}`);
      return 2;
    }
    console.error(
      `phrases:eval: unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
