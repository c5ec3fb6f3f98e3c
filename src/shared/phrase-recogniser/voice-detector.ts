/**
 * Voice detection for My voice's takes, the one module the app's microphone and the evaluator
 * (`phrases:eval --live`) both feed: audio in blocks of any size, 20 ms frames, a take that
 * starts when the voice does and ends after the user's own pause length or at the longest take.
 *
 * Patient-paced: a pause inside a phrase does not end the take unless it is longer than the end
 * silence, which is learned from the user's teaching takes (`learnTakeLimits`) or set by them.
 *
 * Energy against an adaptive noise floor: rumble is filtered out first; the floor follows quiet
 * frames quickly down and slowly up, and a steady background that rises (a television switched
 * on) lifts it within a few seconds through the minimum of the recent frames; a frame is voice
 * some decibels above the floor, with hysteresis, and a pause is over only when the voice is
 * back for 60 ms, so a click in a pause does not restart the count.
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

export interface VoiceDetectorOptions extends Partial<TakeLimits> {
  sampleRate: number;
  /** Voice needed to count as the start of a take (ms). */
  minVoiceMs?: number;
  /** No voice for this long: the take ends as "no-voice" (ms; Infinity waits forever). */
  waitForVoiceMs?: number;
}

export type TakeEnd = "voice-ended" | "time-limit" | "no-voice";
export type VoiceEvent = "start" | "end";

export interface VoiceDetectorState {
  /** Level of the last frame in dBFS, after the rumble filter (for a meter). */
  levelDb: number;
  noiseFloorDb: number;
  speaking: boolean;
  /** Why the take ended, once it has. */
  end: TakeEnd | null;
  /** Sample index (from the first sample fed) where the voice started, or −1. */
  startSample: number;
  /** Sample index where the voice was last heard, or −1. */
  lastVoiceSample: number;
  /** The longest pause inside the take so far (ms). */
  longestPauseMs: number;
}

export const FRAME_MS = 20;
/** Kept before the voice was first heard, so a soft start is not cut. */
export const PRE_ROLL_MS = 300;
/** Kept after the voice was last heard, so a soft ending is not cut. */
export const TAIL_MS = 200;

const START_MARGIN_DB = 10;
const HOLD_MARGIN_DB = 6;
/** Nothing under this level (dBFS) is voice. */
const MIN_VOICE_DB = -62;
/** Voice back for this long ends a pause; shorter bursts are clicks. */
const RESUME_MS = 60;
/** The window whose quietest frame lifts a floor that a steady background has outgrown. */
const FLOOR_WINDOW_MS = 3000;
const RUMBLE_HZ = 90;
/** A background whose level stays within this range (dB) over the window is steady. */
const STEADY_DB = 8;

const clamp = (value: number, { min, max }: { min: number; max: number }) =>
  Math.min(max, Math.max(min, value));

export class VoiceDetector {
  readonly sampleRate: number;
  private readonly frame: number;
  private readonly limits: TakeLimits;
  private readonly minVoiceFrames: number;
  private readonly waitForVoiceMs: number;
  private readonly resumeFrames: number;
  private readonly rumbleCoefficient: number;
  private buffer: Float32Array;
  private filled = 0;
  private consumed = 0;
  private frames = 0;
  private previousInput = 0;
  private previousOutput = 0;
  private voicedRun = 0;
  private silentFrames = 0;
  private lastFrameVoiced = false;
  private readonly recentLevels: Float64Array;
  readonly state: VoiceDetectorState = {
    levelDb: -Infinity,
    noiseFloorDb: NaN,
    speaking: false,
    end: null,
    startSample: -1,
    lastVoiceSample: -1,
    longestPauseMs: 0,
  };

  constructor(options: VoiceDetectorOptions) {
    this.sampleRate = options.sampleRate;
    this.limits = {
      endSilenceMs: options.endSilenceMs ?? DEFAULT_TAKE_LIMITS.endSilenceMs,
      maxTakeMs: options.maxTakeMs ?? DEFAULT_TAKE_LIMITS.maxTakeMs,
    };
    this.frame = Math.round((options.sampleRate * FRAME_MS) / 1000);
    this.buffer = new Float32Array(this.frame);
    this.minVoiceFrames = Math.max(1, Math.round((options.minVoiceMs ?? 100) / FRAME_MS));
    this.waitForVoiceMs = options.waitForVoiceMs ?? Infinity;
    this.resumeFrames = Math.round(RESUME_MS / FRAME_MS);
    this.rumbleCoefficient = Math.exp((-2 * Math.PI * RUMBLE_HZ) / options.sampleRate);
    this.recentLevels = new Float64Array(Math.round(FLOOR_WINDOW_MS / FRAME_MS)).fill(Infinity);
  }

  get ended(): boolean {
    return this.state.end !== null;
  }

  /** Samples fed so far. */
  get position(): number {
    return this.consumed + this.filled;
  }

  /** Feeds a block; returns the events it caused, in order. Nothing is read after the end. */
  push(block: Float32Array): VoiceEvent[] {
    const events: VoiceEvent[] = [];
    for (let i = 0; i < block.length && !this.ended; i++) {
      const x = block[i]!;
      // One-pole high-pass: rumble and hum below the voice do not count as voice.
      const y = x - this.previousInput + this.rumbleCoefficient * this.previousOutput;
      this.previousInput = x;
      this.previousOutput = y;
      this.buffer[this.filled++] = y;
      if (this.filled === this.frame) {
        this.filled = 0;
        const event = this.onFrame();
        if (event) events.push(event);
      }
    }
    return events;
  }

  /**
   * The take's samples as indices into what was fed: from a little before the voice to a little
   * after it was last heard. Empty when no voice was heard.
   */
  span(): { from: number; to: number } {
    const { startSample, lastVoiceSample } = this.state;
    if (startSample < 0) return { from: 0, to: 0 };
    const ms = (value: number) => Math.round((value * this.sampleRate) / 1000);
    return {
      from: Math.max(0, startSample - ms(PRE_ROLL_MS)),
      to: Math.min(this.position, lastVoiceSample + ms(TAIL_MS)),
    };
  }

  /** The voice from its start to where it was last heard (ms). */
  speechMs(): number {
    const { startSample, lastVoiceSample } = this.state;
    return startSample < 0 ? 0 : ((lastVoiceSample - startSample) * 1000) / this.sampleRate;
  }

  private onFrame(): VoiceEvent | null {
    let energy = 0;
    for (const y of this.buffer) energy += y * y;
    const levelDb = 10 * Math.log10(energy / this.frame + 1e-12);
    const frameStart = this.consumed;
    this.consumed += this.frame;
    this.frames++;
    const state = this.state;
    state.levelDb = levelDb;
    const floor = this.updateFloor(levelDb);
    const margin = this.lastFrameVoiced ? HOLD_MARGIN_DB : START_MARGIN_DB;
    const voiced = levelDb > Math.max(MIN_VOICE_DB, floor + margin);
    this.lastFrameVoiced = voiced;

    if (!state.speaking) {
      this.voicedRun = voiced ? this.voicedRun + 1 : 0;
      if (this.voicedRun >= this.minVoiceFrames) {
        state.speaking = true;
        state.startSample = frameStart - (this.voicedRun - 1) * this.frame;
        state.lastVoiceSample = this.consumed;
        this.silentFrames = 0;
        this.voicedRun = 0;
        return "start";
      }
      if (this.frames * FRAME_MS >= this.waitForVoiceMs) return this.finish("no-voice");
      return null;
    }

    if (voiced) {
      this.voicedRun++;
      if (this.silentFrames === 0 || this.voicedRun >= this.resumeFrames) {
        if (this.silentFrames > 0) {
          const pauseFrames = this.silentFrames - (this.voicedRun - 1);
          state.longestPauseMs = Math.max(state.longestPauseMs, pauseFrames * FRAME_MS);
        }
        this.silentFrames = 0;
        state.lastVoiceSample = this.consumed;
      } else this.silentFrames++;
    } else {
      this.voicedRun = 0;
      this.silentFrames++;
    }
    const takeMs = ((this.consumed - state.startSample) * 1000) / this.sampleRate;
    if (takeMs >= this.limits.maxTakeMs) return this.finish("time-limit");
    if (this.silentFrames * FRAME_MS >= this.limits.endSilenceMs) return this.finish("voice-ended");
    return null;
  }

  private finish(end: TakeEnd): VoiceEvent {
    this.state.end = end;
    this.state.speaking = false;
    return "end";
  }

  /** The noise floor after this frame (dBFS). */
  private updateFloor(levelDb: number): number {
    const state = this.state;
    this.recentLevels[this.frames % this.recentLevels.length] = levelDb;
    if (!Number.isFinite(state.noiseFloorDb)) state.noiseFloorDb = levelDb;
    else if (levelDb < state.noiseFloorDb)
      state.noiseFloorDb = 0.6 * state.noiseFloorDb + 0.4 * levelDb;
    else if (!this.lastFrameVoiced || levelDb < state.noiseFloorDb + HOLD_MARGIN_DB)
      state.noiseFloorDb += 0.05 * Math.min(levelDb - state.noiseFloorDb, HOLD_MARGIN_DB);
    // A steady background louder than the floor (its level varies little, as a voice's does
    // not): its quietest recent frame is the floor now.
    let [quietest, loudest] = [Infinity, -Infinity];
    for (const level of this.recentLevels)
      if (Number.isFinite(level))
        [quietest, loudest] = [Math.min(quietest, level), Math.max(loudest, level)];
    if (
      this.frames >= this.recentLevels.length &&
      quietest > state.noiseFloorDb + 3 &&
      loudest - quietest < STEADY_DB
    )
      state.noiseFloorDb = quietest;
    return state.noiseFloorDb;
  }
}

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

/**
 * Limits from the user's teaching takes: the end silence a margin above their longest pause,
 * the longest take a margin above their slowest phrase, both within the bounds.
 */
export function learnTakeLimits(habits: readonly TakeHabit[]): TakeLimits {
  if (!habits.length) return DEFAULT_TAKE_LIMITS;
  const longestPause = Math.max(...habits.map((habit) => habit.longestPauseMs));
  const slowest = Math.max(...habits.map((habit) => habit.speechMs));
  return {
    endSilenceMs: clamp(
      Math.ceil((longestPause * 1.3 + 400) / 100) * 100,
      TAKE_LIMIT_BOUNDS.endSilenceMs,
    ),
    maxTakeMs: clamp(Math.ceil((slowest * 1.5 + 1500) / 500) * 500, TAKE_LIMIT_BOUNDS.maxTakeMs),
  };
}
