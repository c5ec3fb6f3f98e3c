/**
 * The Talk screen's settings: which language the board speaks, how the voice sounds, the pace
 * My voice's takes follow (how long a pause ends a take, how long a take may be), how the board
 * looks, and switch access (scanning/scan-settings.ts). What they are before any is stored is in
 * talk-defaults.ts, which comes with the page; this comes once the stored ones are read.
 */
import {
  HABITS_KEPT,
  learnTakeLimits,
  rememberTeachingTakes,
  TAKE_LIMIT_BOUNDS,
  TEACHING_LIMITS,
  type TakeHabit,
  type TakeLimits,
  type TeachingPace,
} from "@/shared/phrase-recogniser/take-limits.ts";
import { parseBoardLook, type BoardLook } from "@/features/talk/board/board-look";
import { parseScanSettings, type ScanSettings } from "@/features/talk/scanning/scan-settings";
import { defaultTalkSettings, learnedPace } from "@/features/talk/talk-defaults";
import {
  isSpeechLanguage,
  speechPitches,
  speechRates,
  type SpeechLanguage,
  type SpeechPitchChoice,
  type SpeechRateChoice,
} from "@/shared/speech-options";

export type TalkSettings = {
  language: SpeechLanguage;
  rate: SpeechRateChoice;
  pitch: SpeechPitchChoice;
  /** The listener view is shown upside down, for a person across the table. */
  turnForListener: boolean;
  /**
   * The only part that is the user's own on a kiosk tablet: a privacy reset erases it and puts
   * back the rest as staff set it up (features/kiosk/privacy-reset.ts).
   */
  takePace: TakePace;
  /** Switch access (scanning). */
  scanning: ScanSettings;
  /** What the board's buttons show, and how many there are in a row (board/board-look.ts). */
  boardLook: BoardLook;
};

/**
 * My voice's take limits: each one chosen by the user, or (null) learned from what their teaching
 * measured (TeachingPace).
 */
export type TakePace = TeachingPace & {
  pauseMs: number | null;
  takeMs: number | null;
};

export const pauseChoicesMs = [1000, 1500, 2000, 2500, 3000] as const;
export const takeChoicesMs = [6000, 9000, 12_000, 15_000] as const;

/** The limits a take is cut with: the user's choices, else what their teaching takes say. */
export function takeLimitsFor(pace: TakePace): TakeLimits {
  const learned = learnTakeLimits(pace.habits, pace.slowestMs);
  return {
    endSilenceMs: pace.pauseMs ?? learned.endSilenceMs,
    maxTakeMs: pace.takeMs ?? learned.maxTakeMs,
  };
}

/** The limits teaching takes are cut with: what the user chose, else the longest there are. */
export function teachingLimitsFor(pace: TakePace): TakeLimits {
  return {
    endSilenceMs: pace.pauseMs ?? TEACHING_LIMITS.endSilenceMs,
    maxTakeMs: pace.takeMs ?? TEACHING_LIMITS.maxTakeMs,
  };
}

/** The pace after a phrase was taught with these takes. */
export function withTaughtTakes(pace: TakePace, habits: readonly TakeHabit[]): TakePace {
  return { ...pace, ...rememberTeachingTakes(pace, habits) };
}

const inBounds = (value: unknown, { min, max }: { min: number; max: number }) =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;

function parseTakePace(value: unknown): TakePace {
  if (typeof value !== "object" || value === null) return learnedPace;
  const stored = value as Record<string, unknown>;
  const habits = Array.isArray(stored.habits)
    ? stored.habits
        .filter(
          (habit): habit is TakeHabit =>
            typeof habit === "object" &&
            habit !== null &&
            inBounds((habit as TakeHabit).longestPauseMs, { min: 0, max: 60_000 }) &&
            inBounds((habit as TakeHabit).speechMs, { min: 0, max: 60_000 }),
        )
        .slice(-HABITS_KEPT)
        .map(({ longestPauseMs, speechMs }) => ({ longestPauseMs, speechMs }))
    : [];
  return {
    pauseMs: inBounds(stored.pauseMs, TAKE_LIMIT_BOUNDS.endSilenceMs)
      ? (stored.pauseMs as number)
      : null,
    takeMs: inBounds(stored.takeMs, TAKE_LIMIT_BOUNDS.maxTakeMs) ? (stored.takeMs as number) : null,
    habits,
    // Settings stored before it was kept: the slowest of the takes they remember.
    slowestMs: inBounds(stored.slowestMs, { min: 0, max: 60_000 })
      ? (stored.slowestMs as number)
      : Math.max(0, ...habits.map((habit) => habit.speechMs)),
  };
}

/** Stored settings as the app can use them; anything unusable falls back to the default. */
export function parseTalkSettings(value: unknown, language: SpeechLanguage): TalkSettings {
  const settings = defaultTalkSettings(language);
  if (typeof value !== "object" || value === null) return settings;
  const stored = value as Record<string, unknown>;
  return {
    language: isSpeechLanguage(stored.language) ? stored.language : settings.language,
    rate:
      typeof stored.rate === "string" && stored.rate in speechRates
        ? (stored.rate as SpeechRateChoice)
        : settings.rate,
    pitch:
      typeof stored.pitch === "string" && stored.pitch in speechPitches
        ? (stored.pitch as SpeechPitchChoice)
        : settings.pitch,
    turnForListener:
      typeof stored.turnForListener === "boolean"
        ? stored.turnForListener
        : settings.turnForListener,
    takePace: parseTakePace(stored.takePace),
    scanning: parseScanSettings(stored.scanning),
    boardLook: parseBoardLook(stored.boardLook),
  };
}
