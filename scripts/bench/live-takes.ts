/**
 * `phrases:eval --live`: takes as the app's microphone would cut them. Each take is fed with a
 * second of its own background noise before it and two after, in 20 ms blocks, through the voice
 * detector the microphone uses (src/shared/phrase-recogniser/voice-detector.ts); what the
 * detector keeps is what is taught or recognised.
 *
 * The background is the take's own: pieces of its leading silence, or, when it starts without
 * one, noise at the level of its quietest frames. A take is split when the detector ended it
 * while more speech followed (a fresh detector starts on the rest: it would have become a take of
 * its own); it is refused when no voice was found, when too little was kept, or, under the fixed
 * rule of before issue 37, when it reached the longest take (then refused as too long).
 */
import {
  FIXED_RULE,
  learnTakeLimits,
  MIN_VOICED_MS,
  offsetOf,
  rememberTeachingTakes,
  takeStats,
  TEACHING_LIMITS,
  VoiceDetector,
  type TakeHabit,
  type TakeLimits,
  type TeachingPace,
} from "../../src/shared/phrase-recogniser/index.ts";
import type { Take } from "./corpus-files.ts";
import { gaussian, random, seedOf } from "./phrase-corpus.ts";

/** "learned": the patient-paced detector with limits learned from teaching; "fixed": 900 ms, 6 s. */
export type LiveRule = "learned" | "fixed";
export const LIVE_RULES: readonly LiveRule[] = ["learned", "fixed"];

const FRAME_MS = 20;
const BEFORE_S = 1;
const AFTER_S = 2;

/** Frame levels in dBFS around `offset` (the take's DC offset, which the features take out). */
function frameLevels(samples: Float32Array, frame: number, offset: number): number[] {
  const levels: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let energy = 0;
    for (let i = at; i < at + frame; i++) energy += (samples[i]! - offset) ** 2;
    levels.push(10 * Math.log10(energy / frame + 1e-12));
  }
  return levels;
}

/** `length` samples of the take's own background noise. */
export function backgroundOf(take: Take, length: number, next: () => number): Float32Array {
  const frame = Math.round((take.sampleRate * FRAME_MS) / 1000);
  // A microphone's DC offset is in its background too.
  const offset = offsetOf(take.samples);
  const levels = frameLevels(take.samples, frame, offset);
  const floor = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.1)] ?? -90;
  let quietFrames = 0;
  while (quietFrames < levels.length && levels[quietFrames]! < floor + 6) quietFrames++;
  const out = new Float32Array(length);
  if (quietFrames >= 5) {
    // Pieces of the leading silence, from random places, one after another.
    const lead = take.samples.subarray(0, quietFrames * frame);
    const piece = Math.min(lead.length, frame * 5);
    for (let at = 0; at < length; at += piece) {
      const from = Math.floor(next() * (lead.length - piece + 1));
      out.set(lead.subarray(from, from + Math.min(piece, length - at)), at);
    }
    return out;
  }
  // No silence to borrow: Gaussian noise at the quietest frames' level.
  const rms = Math.sqrt(10 ** (floor / 10));
  for (let i = 0; i < length; i++) out[i] = offset + rms * gaussian(next);
  return out;
}

/** The take with its background before and after, as the microphone would hear it. */
export function inRoom(take: Take, next: () => number): Float32Array {
  const before = Math.round(BEFORE_S * take.sampleRate);
  const after = Math.round(AFTER_S * take.sampleRate);
  const out = new Float32Array(before + take.samples.length + after);
  out.set(backgroundOf(take, before, next));
  out.set(take.samples, before);
  out.set(backgroundOf(take, after, next), before + take.samples.length);
  return out;
}

function feed(detector: VoiceDetector, samples: Float32Array) {
  const block = Math.round((detector.sampleRate * FRAME_MS) / 1000);
  for (let at = 0; at < samples.length && !detector.ended; at += block)
    detector.push(samples.subarray(at, at + block));
}

export interface LiveResult {
  /** What the detector kept, or null when the take is refused. */
  take: Take | null;
  split: boolean;
  habit: TakeHabit;
}

/** One take through the detector with these limits. */
export function detectTake(
  take: Take,
  limits: TakeLimits,
  rule: LiveRule,
  next: () => number,
): LiveResult {
  const audio = inRoom(take, next);
  const detector = new VoiceDetector({ sampleRate: take.sampleRate, ...limits });
  feed(detector, audio);
  const habit = { longestPauseMs: detector.state.longestPauseMs, speechMs: detector.speechMs() };
  const { end } = detector.state;
  let split = false;
  if (end === "voice-ended" || end === "time-limit") {
    const rest = new VoiceDetector({ sampleRate: take.sampleRate, ...limits });
    feed(rest, audio.subarray(detector.position));
    split = rest.state.startSample >= 0;
  }
  const { from, to } = detector.span();
  const kept = { ...take, samples: audio.slice(from, to) };
  const refused =
    detector.state.startSample < 0 ||
    takeStats(kept.samples, kept.sampleRate).voicedMs < MIN_VOICED_MS ||
    (rule === "fixed" && end === "time-limit");
  return { take: refused ? null : kept, split, habit };
}

/**
 * One speaker at the microphone: teaching a phrase cuts its takes only at the longest limits
 * (TEACHING_LIMITS; the fixed rule's, under "fixed") and then learns from them; listening uses
 * what was learned.
 */
export class LiveSpeaker {
  takesFed = 0;
  takesSplit = 0;
  takesRefused = 0;
  /** What teaching measured, kept as the app keeps it (talk-settings.ts). */
  private pace: TeachingPace = { habits: [], slowestMs: 0 };
  private readonly next: () => number;
  private readonly rule: LiveRule;

  constructor(rule: LiveRule, seed: number) {
    this.rule = rule;
    this.next = random(seed);
  }

  limits(): TakeLimits {
    return this.rule === "fixed"
      ? FIXED_RULE
      : learnTakeLimits(this.pace.habits, this.pace.slowestMs);
  }

  /** A phrase's teaching takes as kept (refused ones left out). */
  teach(takes: readonly Take[]): Take[] {
    const limits = this.rule === "fixed" ? FIXED_RULE : TEACHING_LIMITS;
    const results = takes.map((take) => this.count(detectTake(take, limits, this.rule, this.next)));
    const kept = results.filter((result) => result.take);
    this.pace = rememberTeachingTakes(
      this.pace,
      kept.map((result) => result.habit),
    );
    return kept.map((result) => result.take!);
  }

  /** A take said to Listen, as kept, or null when refused. */
  hear(take: Take): Take | null {
    return this.count(detectTake(take, this.limits(), this.rule, this.next)).take;
  }

  private count(result: LiveResult): LiveResult {
    this.takesFed++;
    if (result.split) this.takesSplit++;
    if (!result.take) this.takesRefused++;
    return result;
  }
}

/** How takes reach the recogniser: whole files, or as the microphone hears them (--live). */
export interface TakePath {
  /** A phrase's teaching takes as kept (refused ones left out). */
  teach(takes: readonly Take[]): Take[];
  /** A take said to Listen, as kept, or null when refused. */
  hear(take: Take): Take | null;
  readonly takesSplit: number;
  readonly takesRefused: number;
}

const wholeFiles = (): TakePath => ({
  teach: (takes) => [...takes],
  hear: (take) => take,
  takesSplit: 0,
  takesRefused: 0,
});

/** The take path of one speaker: whole files, or live under this rule. */
export function takePath(rule: LiveRule | undefined, speaker: string): TakePath {
  return rule ? new LiveSpeaker(rule, seedOf(speaker)) : wholeFiles();
}
