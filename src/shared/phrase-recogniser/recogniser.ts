/**
 * Query-by-example phrase recogniser: each phrase is known by a few takes of the user saying it.
 *
 * "normalised" (default): DTW in a band of ±35% over rate-normalised features, in the user's own
 * phrase space (phrase-space.ts, fitted on the takes they taught); a phrase's distance is the mean
 * of its two nearest examples. The rejection rule is calibrated from the user's own
 * examples only: each phrase's spread (distances between its own examples, shrunk towards the
 * median spread of all phrases) sets how far a query may be, and the margin to the next phrase
 * says whether the best phrase stands out (RULE). For answering at once, the spread is measured
 * the way a query's distance is (each example against its two nearest others), so a phrase does
 * not grow less careful as it gathers examples.
 *
 * "baseline" (textbook): unconstrained DTW to every example, nearest template, fixed threshold.
 */
import { dtwDistance } from "./align.ts";
import { frameCount, NORMALISED_FRAMES, type Method, type PhraseFeatures } from "./features.ts";
import { fitPhraseSpace, intoSpace, type PhraseSpace } from "./phrase-space.ts";

export type Decision = "accepted" | "unsure" | "rejected";

export interface Candidate {
  phraseId: string;
  /** Distance to the phrase (lower is closer). */
  distance: number;
  /** Distance in units of the phrase's own spread (1 = as far as its examples are from each other). */
  score: number;
}

export interface Recognition {
  decision: Decision;
  /** The accepted phrase (only when accepted). */
  phraseId?: string;
  /** Every phrase, closest first. */
  ranked: Candidate[];
  /** What to offer when unsure: the two or three closest phrases. */
  suggestions: string[];
}

/**
 * taught: said while teaching; confirmed: an answer the user confirmed or chose; counter: a take
 * the phrase was answered for and the user said "Not that".
 */
export type ExampleOrigin = "taught" | "confirmed" | "counter";

export interface Example {
  features: PhraseFeatures;
  origin: ExampleOrigin;
  /** When it was added (ms since the epoch). */
  addedAt: number;
}

/** Examples of the phrase itself kept per phrase (taught and confirmed), chosen for variety. */
export const MAX_EXAMPLES_PER_PHRASE = 10;
/** Counter-examples kept per phrase, chosen for variety. */
export const MAX_COUNTER_EXAMPLES = 5;
/**
 * A take this many of the phrase's spreads from its nearest example is far from the others: the
 * user is asked before it is kept (it may be a slip, or another phrase).
 */
export const FAR_SCORE = 2;

/**
 * The acceptance rule, in units of the user's own statistics (no absolute distances). The evidence
 * against a phrase is `doubt = score / margin^marginPower`: its distance in units of its own
 * spread (1 = as far as its examples are from each other), softened when it stands clearly ahead
 * of the next phrase (margin = second distance / best distance, counted up to 4).
 * - rejected: doubt above `reject`;
 * - accepted: the same doubt against the phrase's near spread (each example against its two
 *   nearest others) at most `accept`, and a margin of at least `margin`;
 * - unsure in between: the two or three closest phrases are offered.
 */
export interface AcceptanceRule {
  reject: number;
  accept: number;
  margin: number;
  marginPower: number;
  /** How many pseudo-pairs of the all-phrases median a phrase's own spread is shrunk towards. */
  shrink: number;
}

/**
 * The rule in use. `accept`, `margin`, `marginPower` and `shrink` are issue 37's constants (set by
 * reasoning on one stand-in corpus). A refit of them (no margin softening, accept 1.1, margin 1.1,
 * reject 1.3), chosen on two 12-phrase fitting corpora (seeds 101 and 102) where it spoke fewer
 * never-taught phrases, spoke more of them on bench:phrases' 30-phrase corpus (seed 1, not fitted
 * on): 1.3% -> 1.7% (mild + severe) and 2.5% -> 5.0% (pausing), so it was not kept: safety comes
 * before answering at once. What answers more at once is the features' format 2 (features.ts).
 *
 * `reject` went from 1.1 to 1.2 with format 2, which rejects more never-taught takes: fewer known
 * takes get "did not catch it" and more get "Did you mean" with the right phrase first. It only
 * moves takes between those two answers; nothing more is said at once. Chosen on five stand-in
 * corpora (seeds 1, 7, 11; pausing 1, 13; right first +0.7 to +0.9 points) and checked on two not
 * measured with (seed 21: 97.7 -> 98.3 %; pausing 23: 97.4 -> 98.7 %).
 *
 * It went to 1.25 with the phrase space (phrase-space.ts), which rejects more never-taught takes
 * again and a few more known ones: chosen on three corpora (seed 1, pausing 1, voices from
 * recordings seed 1) and checked on three not measured with (seed 21, pausing 23, voices from
 * recordings seed 31), where right first, never-taught takes spoken and never-taught takes
 * rejected are all at least what they were without the space.
 *
 * It went to 1.35 when the space began to see each frame with its neighbours (phrase-space.ts),
 * which puts never-taught takes further away, and some known ones: at 1.35 as many never-taught
 * takes get "did not catch it" as before on bench:phrases' corpus (files: 92.5 %, issue 20's
 * budget is 90 %), and fewer known ones (1.2 -> 1.0 %). Chosen between 1.25, 1.3 and 1.35 on the
 * corpora the context was chosen on (phrase-space.ts).
 *
 * `accept` is weighed against the near spread since a phrase was found to grow less careful with
 * use: a take's distance (its two nearest examples) falls as a phrase gathers examples, for any
 * take, and the mean distance of a pair of examples does not. With 12 takes a phrase (3 taught,
 * 9 used; `phrases:eval --live --session`, seeds 201 and 202, eSpeak NG and voices from
 * recordings), never-taught takes spoken went 13 -> 7 of 880 in the session's order, and 20 -> 6
 * when played after the nine uses (recordings, seed 201: 6 -> 1 of 200). With three examples the
 * near spread is the spread itself, so the first uses decide as before. `accept` stays 0.95:
 * 0.975 lost fewer answers at once (0.4 to 0.8 points) but is looser than before with three
 * examples (seed 202, never-taught takes played first: 7 against 5 of 440 spoken). The cost:
 * answers at once that the looser rule gave after a few uses, 0.4 to 2.5 points on six corpora
 * of 6 takes a phrase (voices from recordings, seed 1: 90.1 -> 88.3 %).
 *
 * Made-up near misses were measured and not kept (fortieth session). They stand in for a
 * never-taught phrase one word apart, such as "My leg hurts" beside a taught "My head hurts". Each
 * is a taught take of the phrase with one third (by position) replaced by the same third of
 * another phrase's first take. A take was answered at once only when it was nearer to the phrase
 * than the 10th percentile of those stand-ins' distances (each measured against the phrase's other
 * examples) times a factor, with `accept` loosened. Read off each decision's figures (voices from
 * recordings seed 1, `--live --session`), it answered no more at once than loosening `accept`
 * alone for as many never-taught takes spoken; with only 10 phrases' takes as sources, less. It
 * seemed to gain a point while that reading left out the counter-examples' check.
 */
export const RULE: AcceptanceRule = {
  reject: 1.35,
  accept: 0.95,
  margin: 1.15,
  marginPower: 0.5,
  shrink: 3,
};

/**
 * The baseline's fixed threshold on the mean frame distance (MFCC units), as in textbooks: set
 * once on the stand-in corpus where the baseline rejects about three quarters of never-taught
 * phrases (the reference baseline rejects 75%).
 */
export const BASELINE_THRESHOLD = 5.5;

const BAND_SHARE = 0.35;

/**
 * Which of `count` items to keep, at most `max`, chosen for variety: while there are too many,
 * the closest pair is found and the one of the two nearer to the rest goes (the most redundant),
 * so the set keeps the widest spread of mutual distances. Items `pinned` never go (a pair of two
 * pinned ones is passed over), so more than `max` are kept when more are pinned. Returns the kept
 * indices in order.
 */
export function chooseVaried(
  count: number,
  distance: (i: number, j: number) => number,
  max: number,
  pinned: (i: number) => boolean = () => false,
): number[] {
  const kept = Array.from({ length: count }, (_, i) => i);
  if (count <= max) return kept;
  const d: number[][] = kept.map(() => new Array<number>(count).fill(0));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) d[i]![j] = d[j]![i] = distance(i, j);
  const nearestOther = (i: number, except: number) =>
    Math.min(...kept.filter((k) => k !== i && k !== except).map((k) => d[i]![k]!), Infinity);
  while (kept.length > Math.max(0, max)) {
    let pair: [number, number] | undefined;
    let closest = Infinity;
    for (const i of kept)
      for (const j of kept)
        if (i < j && !(pinned(i) && pinned(j)) && d[i]![j]! < closest) {
          closest = d[i]![j]!;
          pair = [i, j];
        }
    // Only pinned items are left (or one item with no pair).
    if (!pair) {
      const lone = kept.findLast((k) => !pinned(k));
      if (lone === undefined) break;
      pair = [lone, lone];
    }
    const [i, j] = pair;
    // Of the two, the one with the nearer other neighbour adds less; on a tie the newer goes.
    const drop = pinned(i) ? j : pinned(j) ? i : nearestOther(i, j) < nearestOther(j, i) ? i : j;
    kept.splice(kept.indexOf(drop), 1);
  }
  return kept;
}

const sameFrames = (a: PhraseFeatures, b: PhraseFeatures) =>
  a === b ||
  (a.dims === b.dims &&
    a.frames.length === b.frames.length &&
    a.frames.every((value, i) => value === b.frames[i]));

interface PhraseState {
  examples: Example[];
  counters: Example[];
  /** Distances between this phrase's examples (pairs). */
  pairDistances: number[];
  /**
   * The mean over examples of each one's distance to the others as a take's is measured: the
   * mean of its two nearest (one when there are only two examples). NaN with one example.
   */
  nearestMean: number;
  /** Each counter-example's distance to the phrase (as a query's is measured). */
  counterDistances: number[];
}

export interface RecogniserOptions {
  method?: Method;
  maxExamplesPerPhrase?: number;
  /** The acceptance rule (RULE unless measuring another). */
  rule?: AcceptanceRule;
}

export class PhraseRecogniser {
  readonly method: Method;
  readonly maxExamples: number;
  readonly rule: AcceptanceRule;
  private readonly phrases = new Map<string, PhraseState>();
  /** The user's phrase space ("normalised" only), fitted on the taught examples. */
  private space: PhraseSpace | null = null;
  /** Features already mapped into the space, by the features they came from. */
  private inSpace = new WeakMap<PhraseFeatures, PhraseFeatures>();
  /** The taught examples changed: the space is fitted again before the next comparison. */
  private spaceStale = false;
  /** How many times the phrase space has been fitted (each fit recalibrates every phrase). */
  spaceFits = 0;
  /** How far an alignment may stray from the diagonal, in frames. */
  private readonly band: number;

  constructor(options: RecogniserOptions = {}) {
    this.method = options.method ?? "normalised";
    this.maxExamples = options.maxExamplesPerPhrase ?? MAX_EXAMPLES_PER_PHRASE;
    this.rule = options.rule ?? RULE;
    this.band = this.method === "baseline" ? Infinity : Math.ceil(NORMALISED_FRAMES * BAND_SHARE);
  }

  private distance(a: PhraseFeatures, b: PhraseFeatures, abandonAbove = Infinity): number {
    if (a.method !== this.method || b.method !== this.method)
      throw new Error(`features of method "${a.method}" given to a "${this.method}" recogniser`);
    if (a.format !== b.format) throw new Error("features of different formats");
    if (a.dims !== b.dims) throw new Error("features of different dimensions");
    const [x, y] = [this.mapped(a), this.mapped(b)];
    return dtwDistance(x.frames, y.frames, x.dims, this.band, abandonAbove);
  }

  private mapped(features: PhraseFeatures): PhraseFeatures {
    if (!this.space || features.dims !== this.space.dims) return features;
    let mapped = this.inSpace.get(features);
    if (!mapped) this.inSpace.set(features, (mapped = intoSpace(this.space, features)));
    return mapped;
  }

  /**
   * Fits the phrase space again if the taught examples changed, and then every phrase's
   * calibration (they are distances in that space). Every comparison does it first; calling it
   * after examples change does the work then rather than in the next answer.
   */
  refreshSpace(): void {
    if (!this.spaceStale) return;
    this.spaceStale = false;
    this.spaceFits++;
    const taught = this.phraseIds().map((phraseId) => this.taughtOf(phraseId));
    this.space = this.method === "normalised" ? fitPhraseSpace(taught, this.band) : null;
    this.inSpace = new WeakMap();
    for (const phraseId of this.phrases.keys()) this.calibrate(phraseId);
  }

  /** The distance between two takes, as the recogniser measures it (for the take checks). */
  compare(a: PhraseFeatures, b: PhraseFeatures): number {
    this.refreshSpace();
    return this.distance(a, b);
  }

  phraseIds(): string[] {
    return [...this.phrases.keys()];
  }

  /** The phrase's examples and then its counter-examples. */
  examples(phraseId: string): readonly Example[] {
    const state = this.phrases.get(phraseId);
    return state ? [...state.examples, ...state.counters] : [];
  }

  /**
   * The indices of `examples` a phrase keeps (the most varied, up to the caps), in order; none
   * when it has no example of its own. Changes no phrase: the app asks it of lists it stores.
   */
  chooseExamples(examples: readonly Example[]): number[] {
    const usable = (origin: (o: ExampleOrigin) => boolean) =>
      examples
        .map((example, index) => ({ example, index }))
        .filter(({ example }) => origin(example.origin) && frameCount(example.features) > 0);
    const own = usable((o) => o !== "counter");
    const counter = usable((o) => o === "counter");
    if (own.length === 0) return [];
    // Choosing compares examples: in the space as it is now.
    if (own.length > this.maxExamples || counter.length > MAX_COUNTER_EXAMPLES) this.refreshSpace();
    const varied = (items: typeof own, max: number, pinned?: (i: number) => boolean) =>
      chooseVaried(
        items.length,
        (i, j) => this.distance(items[i]!.example.features, items[j]!.example.features),
        max,
        pinned,
      ).map((k) => items[k]!);
    // The taught takes stay: said in a row, they are the closest pair and would go first, and
    // the phrase space is fitted on them (it needs two of each phrase). Answers are chosen among.
    const isTaught = (i: number) => own[i]!.example.origin === "taught";
    const pinTaught = own.filter((_, i) => isTaught(i)).length < this.maxExamples;
    const keptOwn = varied(own, this.maxExamples, pinTaught ? isTaught : undefined);
    const keptCounter = varied(counter, MAX_COUNTER_EXAMPLES);
    return [...keptOwn, ...keptCounter].map((item) => item.index).sort((a, b) => a - b);
  }

  /**
   * Replaces a phrase's examples (e.g. loaded from storage), keeping the most varied ones up to
   * the caps (`chooseExamples`). Returns the indices of `examples` kept. A phrase with
   * counter-examples only is not known (nothing to answer it from).
   */
  setExamples(phraseId: string, examples: readonly Example[]): number[] {
    const taughtBefore = this.taughtOf(phraseId);
    const kept = this.chooseExamples(examples);
    if (kept.length === 0) {
      this.phrases.delete(phraseId);
      if (taughtBefore.length) this.spaceStale = true;
      return [];
    }
    const chosen = kept.map((index) => examples[index]!);
    this.phrases.set(phraseId, {
      examples: chosen.filter((example) => example.origin !== "counter"),
      counters: chosen.filter((example) => example.origin === "counter"),
      pairDistances: [],
      nearestMean: NaN,
      counterDistances: [],
    });
    // The app hands over a phrase's examples afresh each time: the same takes, new objects.
    const taught = this.taughtOf(phraseId);
    if (
      taught.length !== taughtBefore.length ||
      taught.some((f, i) => !sameFrames(f, taughtBefore[i]!))
    )
      this.spaceStale = true;
    if (!this.spaceStale) this.calibrate(phraseId);
    return kept;
  }

  /** Adds an example; past the cap the most redundant one goes (which may be this one). */
  addExample(
    phraseId: string,
    features: PhraseFeatures,
    origin: ExampleOrigin = "taught",
    addedAt = Date.now(),
  ): void {
    if (frameCount(features) === 0) throw new Error("a take with no voice cannot be an example");
    const examples = [...this.examples(phraseId), { features, origin, addedAt }];
    this.setExamples(phraseId, examples);
  }

  removePhrase(phraseId: string): void {
    if (this.taughtOf(phraseId).length) this.spaceStale = true;
    this.phrases.delete(phraseId);
  }

  /**
   * The takes the phrase space is fitted on. Fitting it on the confirmed examples too (more takes
   * of each phrase for the within-phrase covariance) was measured (issue 37, fifty-eighth session;
   * `phrases:eval --live --session` on three speakers of voices from recordings seed 201, 12 uses
   * a phrase): right at once 88.1 -> 87.6 %, right first 98.9 -> 98.6 %, never-taught spoken 3 of
   * 40 both, and each refit about twelve times slower. Not kept.
   */
  private taughtOf(phraseId: string): PhraseFeatures[] {
    const state = this.phrases.get(phraseId);
    return state ? state.examples.filter((e) => e.origin === "taught").map((e) => e.features) : [];
  }

  private calibrate(phraseId: string): void {
    const state = this.phrases.get(phraseId)!;
    const { examples } = state;
    const toOthers = examples.map((): number[] => []);
    state.pairDistances = [];
    for (let i = 0; i < examples.length; i++)
      for (let j = i + 1; j < examples.length; j++) {
        const d = this.distance(examples[i]!.features, examples[j]!.features);
        state.pairDistances.push(d);
        toOthers[i]!.push(d);
        toOthers[j]!.push(d);
      }
    state.nearestMean = mean(
      toOthers
        .filter((others) => others.length > 0)
        .map((others) => mean(others.sort((a, b) => a - b).slice(0, 2))),
    );
    state.counterDistances = state.counters.map((counter) =>
      this.phraseDistance(state, counter.features),
    );
  }

  /**
   * A query's distance to a phrase: the mean of its two nearest examples. An alignment stops as
   * soon as it cannot be one of the two nearest (the same result, sooner: ten examples a phrase).
   */
  private phraseDistance(state: PhraseState, query: PhraseFeatures): number {
    let [first, second] = [Infinity, Infinity];
    for (const example of state.examples) {
      const d = this.distance(query, example.features, second);
      if (d < first) [first, second] = [d, first];
      else if (d < second) second = d;
    }
    return state.examples.length > 1 ? (first + second) / 2 : first;
  }

  /** Whether a take for this phrase is far from its examples (ask before keeping it). */
  isFar(phraseId: string, features: PhraseFeatures): boolean {
    const score = this.spreadScore(phraseId, features);
    return Number.isFinite(score) && score > FAR_SCORE;
  }

  /** Median distance between two examples of the same phrase, over all phrases (NaN if none). */
  typicalSpread(): number {
    this.refreshSpace();
    const all: number[] = [];
    for (const state of this.phrases.values()) all.push(...state.pairDistances);
    all.sort((a, b) => a - b);
    return all.length ? all[Math.floor(all.length / 2)]! : NaN;
  }

  /**
   * A phrase's spread: how far its examples are from each other, shrunk towards the typical spread
   * of all phrases by `shrink` pseudo-pairs. `own` is the phrase's own measure of it, by default
   * the mean distance of a pair of its examples.
   */
  private spread(state: PhraseState, typical: number, own = mean(state.pairDistances)): number {
    const pairs = state.pairDistances.length;
    if (!Number.isFinite(typical)) return own;
    if (!pairs) return typical;
    return (pairs * own + this.rule.shrink * typical) / (pairs + this.rule.shrink);
  }

  /**
   * The spread a take is answered at once against: each example's distance to its two nearest
   * others, the way a take's distance is measured, so that both fall alike as a phrase gathers
   * examples (RULE). With three examples it is the spread itself.
   */
  private nearSpread(state: PhraseState, typical: number): number {
    return this.spread(state, typical, state.nearestMean);
  }

  /** How far a take is from a phrase's examples, in units of its spread (for the take checks). */
  spreadScore(phraseId: string, features: PhraseFeatures): number {
    this.refreshSpace();
    const state = this.phrases.get(phraseId);
    if (!state) return NaN;
    const distances = state.examples
      .map((e) => this.distance(features, e.features))
      .sort((a, b) => a - b);
    return distances[0]! / this.spread(state, this.typicalSpread());
  }

  recognise(query: PhraseFeatures): Recognition {
    if (frameCount(query) === 0 || this.phrases.size === 0)
      return { decision: "rejected", ranked: [], suggestions: [] };
    this.refreshSpace();
    return this.method === "baseline"
      ? this.recogniseBaseline(query)
      : this.recogniseNormalised(query);
  }

  private recogniseBaseline(query: PhraseFeatures): Recognition {
    const ranked: Candidate[] = [];
    for (const [phraseId, state] of this.phrases) {
      let best = Infinity;
      for (const example of state.examples)
        best = Math.min(best, this.distance(query, example.features));
      ranked.push({ phraseId, distance: best, score: best / BASELINE_THRESHOLD });
    }
    ranked.sort((a, b) => a.distance - b.distance);
    const top = ranked[0]!;
    const accepted = top.distance <= BASELINE_THRESHOLD;
    return {
      decision: accepted ? "accepted" : "rejected",
      ...(accepted ? { phraseId: top.phraseId } : {}),
      ranked,
      suggestions: [],
    };
  }

  private recogniseNormalised(query: PhraseFeatures): Recognition {
    const typical = this.typicalSpread();
    const ranked: Candidate[] = [];
    for (const [phraseId, state] of this.phrases) {
      const distance = this.phraseDistance(state, query);
      ranked.push({ phraseId, distance, score: distance / this.spread(state, typical) });
    }
    ranked.sort((a, b) => a.distance - b.distance);
    const top = ranked[0]!;
    const second = ranked[1];
    const margin = second ? second.distance / top.distance : Infinity;
    const softening = Math.min(margin, 4) ** this.rule.marginPower;
    const doubt = top.score / softening;
    const nearDoubt =
      top.distance / this.nearSpread(this.phrases.get(top.phraseId)!, typical) / softening;
    const suggestions = ranked.slice(0, 3).map((c) => c.phraseId);
    let decision: Decision;
    if (doubt > this.rule.reject) decision = "rejected";
    else if (
      nearDoubt <= this.rule.accept &&
      margin >= this.rule.margin &&
      this.clearOfCounters(top, query)
    )
      decision = "accepted";
    else decision = "unsure";
    return {
      decision,
      ...(decision === "accepted" ? { phraseId: top.phraseId } : {}),
      ranked,
      suggestions: decision === "unsure" ? suggestions : [],
    };
  }

  /**
   * The adapted acceptance: a phrase the user has said "Not that" to is answered at once only for
   * a take nearer to it than every one of those wrong takes was, and clearly nearer to the phrase
   * than to any of them (the same margin as to the next phrase). Otherwise the answer is asked.
   */
  private clearOfCounters(top: Candidate, query: PhraseFeatures): boolean {
    const state = this.phrases.get(top.phraseId)!;
    if (!state.counters.length) return true;
    if (top.distance >= Math.min(...state.counterDistances)) return false;
    const nearestCounter = Math.min(
      ...state.counters.map((counter) => this.distance(query, counter.features)),
    );
    return nearestCounter / top.distance >= this.rule.margin;
  }
}

function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : NaN;
}
