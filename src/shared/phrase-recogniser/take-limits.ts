/**
 * My voice's take limits: how long a pause ends a take and how long a take may be, the bounds the
 * user may choose them in, and how they are learned from the user's teaching takes. Apart from
 * the voice detector (voice-detector.ts), which cuts takes with them: the Talk screen's settings
 * need these from the start, the detector only once My voice listens.
 */

export interface TakeLimits {
  /** Quiet after the voice that ends the take (ms). */
  endSilenceMs: number;
  /** The take ends here (ms from the start of the voice); what was said is kept. */
  maxTakeMs: number;
}

/** The microphone's rule before issue 37, kept for the figures that compare against it. */
export const FIXED_RULE: TakeLimits = { endSilenceMs: 900, maxTakeMs: 6000 };

/** Before anything is learned: long enough for a pause of 1.6 s inside a phrase. */
export const DEFAULT_TAKE_LIMITS: TakeLimits = { endSilenceMs: 2000, maxTakeMs: 12_000 };

/** What the user may choose, and what learning may reach. */
export const TAKE_LIMIT_BOUNDS = {
  endSilenceMs: { min: 800, max: 3000 },
  maxTakeMs: { min: 4000, max: 15_000 },
} as const;

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, value));

/**
 * Teaching is where the pace is measured, so its takes are cut only at the longest limits there
 * are: a take cut in two while teaching is a broken example, and the rest of it becomes the next
 * take. A user who paused 1.6 s between words measured pauses of up to 2.8 s (quiet word edges
 * count as pause), more than the 2 s default; waiting 3 s costs a second, and "I have finished"
 * ends a take at once.
 */
export const TEACHING_LIMITS: TakeLimits = {
  endSilenceMs: TAKE_LIMIT_BOUNDS.endSilenceMs.max,
  maxTakeMs: TAKE_LIMIT_BOUNDS.maxTakeMs.max,
};

/** Teaching takes remembered for learning: about four phrases' worth, so the pace can change. */
export const HABITS_KEPT = 12;

/** What one teaching take says about the user's pace. */
export interface TakeHabit {
  /** The longest pause inside the take (ms). */
  longestPauseMs: number;
  /** From the start of the voice to where it was last heard (ms). */
  speechMs: number;
}

/** What teaching has measured of the user's pace, as the take limits are learned from it. */
export interface TeachingPace {
  /** The latest teaching takes (HABITS_KEPT at most), oldest first. */
  habits: TakeHabit[];
  /** The slowest teaching take of all (as TakeHabit's speechMs), however long ago. */
  slowestMs: number;
}

/** The pace after more teaching takes: the latest ones remembered, and the slowest of all. */
export function rememberTeachingTakes(
  pace: TeachingPace,
  taken: readonly TakeHabit[],
): TeachingPace {
  return {
    habits: [...pace.habits, ...taken].slice(-HABITS_KEPT),
    slowestMs: Math.max(pace.slowestMs, ...taken.map((habit) => habit.speechMs)),
  };
}

/**
 * How many teaching takes the default end silence counts as when it is weighed with what the
 * user's takes say: half of those remembered, so a full set of them outweighs it two to one.
 */
const DEFAULT_PAUSE_WEIGHT = HABITS_KEPT / 2;

/**
 * The end silence's margin over the longest pause the user's teaching takes had. A pause can be
 * longer than it sounds: a quiet word between two pauses (a soft "to", a fading last syllable)
 * is not heard as voice. Voices from recordings pausing 0.6–1.6 s between words, whose teaching
 * takes' longest pause was 1.8 s, had stretches of 2.8 and 2.9 s inside later takes: at 1.3 they
 * were cut in two (2.8 s), at 1.5 they are not (3 s, the most there is). `phrases:eval --live`,
 * those voices pausing, seed 43: 3 takes of 550 split at 1.3 with the longest take as it was, 0
 * now; seeds 1, 23, 61 and eSpeak NG's pausing speakers (seeds 1, 23, 43): 0 either way. It
 * costs the answer a wait: end silences were 0.07–0.11 s longer on average for mild and
 * severe speakers, 0.3 s for eSpeak NG's pausing ones.
 */
const PAUSE_MARGIN = 1.5;

/**
 * Limits from the user's teaching takes: the end silence a margin above their longest pause,
 * the longest take a margin above their slowest phrase, both within the bounds.
 *
 * A few takes show only some of the user's pauses: the longest of six can be half of one in
 * their next take, which would then be cut in two. So a learned end silence shorter than the
 * default is drawn towards it, by DEFAULT_PAUSE_WEIGHT takes against the user's.
 *
 * The latest takes may all be of short phrases, while a long one was taught before them:
 * `slowestMs` is the slowest teaching take the user has had (as TakeHabit's speechMs), and the
 * longest take is learned from it too. Without it, takes of 10–11 s were cut at 10 s after four
 * short phrases had been taught. The longest take also allows for the end silence that follows
 * the last word (it was a fixed 1.5 s): a phrase said whole and then 3 s of quiet is not cut.
 *
 * Learning never allows less speech than the microphone's rule before issue 37 (6 s): a user who
 * taught only single words, and then says a longer phrase, was cut at 4 s, and if they then chose
 * it on the board, the take kept as its example was cut too. A shorter limit is the user's choice
 * in the settings, not something learned.
 */
export function learnTakeLimits(habits: readonly TakeHabit[], slowestMs = 0): TakeLimits {
  if (!habits.length) return DEFAULT_TAKE_LIMITS;
  const longestPause = Math.max(...habits.map((habit) => habit.longestPauseMs));
  const slowest = Math.max(slowestMs, ...habits.map((habit) => habit.speechMs));
  const fromPauses = longestPause * PAUSE_MARGIN + 400;
  const weighed =
    (habits.length * fromPauses + DEFAULT_PAUSE_WEIGHT * DEFAULT_TAKE_LIMITS.endSilenceMs) /
    (habits.length + DEFAULT_PAUSE_WEIGHT);
  const endSilenceMs = clamp(
    Math.ceil(Math.max(fromPauses, weighed) / 100) * 100,
    TAKE_LIMIT_BOUNDS.endSilenceMs,
  );
  // A take lasts until the end silence after its last word: the longest take allows for it.
  const speechMs = Math.max(slowest * 1.5, FIXED_RULE.maxTakeMs);
  return {
    endSilenceMs,
    maxTakeMs: clamp(Math.ceil((speechMs + endSilenceMs) / 500) * 500, TAKE_LIMIT_BOUNDS.maxTakeMs),
  };
}
