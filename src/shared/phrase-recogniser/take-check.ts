/**
 * Is a take good enough to be an example? Returns a machine-readable reason the UI translates.
 * Its length is not judged: the voice detector ends a take at the user's longest take, and what
 * was said up to there is kept.
 */
import { dtwDistance } from "./align.ts";
import { START_MARGIN_DB } from "./voice-detector.ts";
import {
  extractFeatures,
  frameCount,
  NORMALISED_FRAMES,
  takeStats,
  type PhraseFeatures,
  type TakeStats,
} from "./features.ts";

export const MIN_VOICED_MS = 250;
/**
 * A take is too quiet when its voice is less than this many dB above its own background (the
 * voice is lost in it), or quieter than QUIET_DB. Not an absolute level: the features do not
 * depend on loudness, and the microphone is opened without automatic gain, so a soft speaker on a
 * phone arrives at -50 to -60 dBFS and is still clearly heard. It is what the voice detector asks
 * of a voice to start a take, so a teaching take it heard is not turned away: teaching takes of
 * the corpora's voices stand at least 12.5 dB above their background (of 2,970, seeds 1 and
 * pausing 1, voices from recordings and pausing ones), and with white noise 10 dB under the voice
 * 9.2 dB and more (1st percentile), still recognised; at 10 dB, 7 % of those were turned away.
 */
export const QUIET_OVER_BACKGROUND_DB = START_MARGIN_DB;
/**
 * Voice quieter than this (dBFS) is too quiet whatever the background: near where the voice
 * detector hears nothing (voice-detector.ts).
 */
export const QUIET_DB = -80;
export const CLIPPED_SHARE = 0.001;
/** A take this many times farther from the others than they are from each other is unlike them. */
export const UNLIKE_RATIO = 2.5;

export type TakeProblem = "too-quiet" | "clipped" | "too-short" | "unlike-others";

export interface TakeCheck {
  ok: boolean;
  /** The first problem found, if any. */
  problem?: TakeProblem;
  stats: TakeStats;
  features: PhraseFeatures;
}

export interface TakeCheckOptions {
  /** The features of this take, if already extracted. */
  features?: PhraseFeatures;
  /** The phrase's other takes (same method): the take must be like them. */
  others?: readonly PhraseFeatures[];
  /**
   * A typical distance between two takes of one phrase (`PhraseRecogniser.typicalSpread()`), used
   * when fewer than two other takes are there to measure it.
   */
  typicalSpread?: number;
  /**
   * How two takes are compared: the recogniser's own measure (`PhraseRecogniser.compare`, in the
   * user's phrase space, as `typicalSpread` is) when given, else plain alignment.
   */
  compare?: (a: PhraseFeatures, b: PhraseFeatures) => number;
}

function alignment(a: PhraseFeatures, b: PhraseFeatures): number {
  const band = a.method === "baseline" ? Infinity : Math.ceil(NORMALISED_FRAMES * 0.35);
  return dtwDistance(a.frames, b.frames, a.dims, band);
}

export function checkTake(
  samples: Float32Array,
  sampleRate: number,
  options: TakeCheckOptions = {},
): TakeCheck {
  const stats = takeStats(samples, sampleRate);
  const features = options.features ?? extractFeatures(samples, sampleRate);
  const result = (problem?: TakeProblem): TakeCheck => ({
    ok: !problem,
    ...(problem ? { problem } : {}),
    stats,
    features,
  });
  if (stats.voicedRmsDb < QUIET_DB || stats.voicedRmsDb - stats.noiseDb < QUIET_OVER_BACKGROUND_DB)
    return result("too-quiet");
  if (stats.clippedFraction > CLIPPED_SHARE) return result("clipped");
  if (stats.voicedMs < MIN_VOICED_MS || frameCount(features) === 0) return result("too-short");
  const others = (options.others ?? []).filter(
    (o) => frameCount(o) > 0 && o.method === features.method,
  );
  if (others.length) {
    const distance = options.compare ?? alignment;
    let scale = options.typicalSpread ?? NaN;
    if (others.length >= 2) {
      const pairs: number[] = [];
      for (let i = 0; i < others.length; i++)
        for (let j = i + 1; j < others.length; j++) pairs.push(distance(others[i]!, others[j]!));
      scale = pairs.reduce((s, d) => s + d, 0) / pairs.length;
      if (Number.isFinite(options.typicalSpread)) scale = Math.max(scale, options.typicalSpread!);
    }
    if (Number.isFinite(scale) && scale > 0) {
      const nearest = Math.min(...others.map((o) => distance(features, o)));
      if (nearest > UNLIKE_RATIO * scale) return result("unlike-others");
    }
  }
  return result();
}
