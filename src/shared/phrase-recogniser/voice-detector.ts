/**
 * Voice detection for My voice's takes, the one module the app's microphone and the evaluator
 * (`phrases:eval --live`) both feed: audio in blocks of any size, 20 ms frames, a take that
 * starts when the voice does and ends after the user's own pause length or at the longest take.
 *
 * Patient-paced: a pause inside a phrase does not end the take unless it is longer than the end
 * silence, which is learned from the user's teaching takes (`learnTakeLimits`, take-limits.ts) or set by them.
 *
 * Energy against an adaptive noise floor: only the voice's band counts (rumble under it and hiss
 * over it are filtered out first); the floor follows quiet frames quickly down and slowly up, and
 * a steady background that rises (a television switched on) lifts it within a few seconds through
 * the minimum of the recent frames; a frame is voice some decibels above the floor, with
 * hysteresis, and a pause is over only when the voice is back for 60 ms, so a click in a pause
 * does not restart the count.
 *
 * Why energy and not a neural detector: Silero VAD v5 (the model @ricky0123/vad-web ships, run
 * by onnxruntime in the evaluator, a frame voice above 0.5 and held above 0.35, as that package
 * does), measured with `phrases:eval --live --session` against this detector measuring the whole
 * band. It heard white noise 5 dB under the voice better (voices from recordings, seed 31: 5
 * takes refused and right first 95.1 %, against 570 and 63.3 %; the voice's band below now gives
 * 48 and 93.5 %), but it cut the muffled, slow voices of pausing speakers (recorded pausing: 40
 * takes split and 22 refused against none, right at once 71.6 against 84.2 %, and 1.3 % said
 * wrongly at once against 0), it was no better by a television (right first 92.0 against 94.0 %),
 * and quietly it was the same (89.3 against 89.4 % right at once). It would also bring 14 MB of
 * ONNX runtime and a 2.3 MB model to download and keep offline. Voice OR energy kept the pausing
 * speakers' figures but still lost by the television.
 *
 * A take starts on 100 ms of voice within 200 ms (broken syllables start it too). Quieter voice
 * just before its start and after its last voice (a breathy onset, a soft last word) is kept
 * with it, though it neither starts a take nor holds one open.
 */
import { DEFAULT_TAKE_LIMITS, type TakeLimits } from "./take-limits.ts";
import { VoiceBandFilter } from "./voice-band.ts";

export interface VoiceDetectorOptions extends Partial<TakeLimits> {
  sampleRate: number;
  /** Voice needed within twice this time to count as the start of a take (ms). */
  minVoiceMs?: number;
  /** No voice for this long: the take ends as "no-voice" (ms; Infinity waits forever). */
  waitForVoiceMs?: number;
}

export type TakeEnd = "voice-ended" | "time-limit" | "no-voice";
export type VoiceEvent = "start" | "end";

export interface VoiceDetectorState {
  /** Level of the last frame in dBFS, in the voice's band (for a meter). */
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

/**
 * Voice starts (and comes back after a pause) this many dB above the noise floor. A muffled,
 * severe voice in a room with a fan or a street outside stands only about 9 dB above it: with
 * white noise added at 10 dB under the voice (voices from recordings, --live --session), 10 dB
 * refused 223 of 2,000 takes (seed 1) and 231 (seed 31), and the right phrase came first for 83
 * and 82 %. At 8 dB: 10 and 20 refused, 96 % first. Chosen on seed 1 (white noise, a television,
 * and the corpora as made: recorded, eSpeak NG, both pausing, where nothing changed) and checked
 * on seed 31. A steady background's 20 ms levels vary by well under a decibel, so it still starts
 * nothing; a television costs about a point of "right at once" (more of it starts a take).
 */
export const START_MARGIN_DB = 8;
const HOLD_MARGIN_DB = 6;
/**
 * Nothing under this level (dBFS) is voice: a faint hiss out of digital silence (a muted
 * microphone) starts no take. Above it only the noise floor decides, so a soft voice is heard
 * however low the input is set: the microphone is opened without automatic gain, and a soft
 * speaker (Parkinson's) on a phone arrives at -50 to -60 dBFS. At the earlier -62, their quieter
 * sounds did not count as voice: with every take 30 dB softer, 829 of 3,240 takes of the
 * stand-in corpus (seed 1) were refused and right at once fell from 95.5 to 52.4 %; now none are
 * refused and it stays 95.5 %, and at the corpora's own level nothing changes. 10 dB above a
 * 16-bit recording's quantisation noise.
 */
const MIN_VOICE_DB = -90;
/** Voice back for this long ends a pause; shorter bursts are clicks. */
const RESUME_MS = 60;
/**
 * Quieter voice just before a take starts or after it was last heard (a breathy onset, a soft
 * last word) is part of it when no pause longer than this separates them.
 */
const LOOK_GAP_MS = 1000;
/** How far before the start such voice is looked for (ms). */
const LOOK_BACK_MS = 2000;
/** The most a take keeps from before the voice that started it (ms): what to hold while waiting. */
export const BEFORE_VOICE_MS = LOOK_BACK_MS + PRE_ROLL_MS;
/** The window whose quietest frame lifts a floor that a steady background has outgrown. */
const FLOOR_WINDOW_MS = 3000;
/**
 * How fast the floor follows a level above it that is not voice: this share of the difference per
 * frame (so at most 0.06 dB a frame, 3 dB a second). A background that grows louder is followed;
 * a voice close to the background lifts the floor only a little before it is heard. At 0.05 the
 * frames of a soft or breathy start (under the start margin) lifted the floor out of the voice's
 * reach: with white noise 10 dB under the voice (phrases:eval --live --session --noise 10), 82 of
 * the stand-in corpus' takes (seed 1) were refused and its pausing speakers (pausing 1) had 2 said
 * wrongly at once; at 0.01, 39 and 0. Voices from recordings: 9 refused to 0 (seed 1 and seed 31),
 * and 5 dB under the voice (seed 31) 1,463 to 570. The corpora as made move by a take or two. A
 * television keeps more of its babble in a take: right first 93.4 -> 91.8 % (seed 1) and 94.4 ->
 * 94.0 % (seed 31), right at once about the same.
 */
const FLOOR_RISE = 0.01;
/** A background whose level stays within this range (dB) over the window is steady. */
const STEADY_DB = 8;

export class VoiceDetector {
  readonly sampleRate: number;
  private readonly frame: number;
  private readonly limits: TakeLimits;
  private readonly minVoiceFrames: number;
  private readonly waitForVoiceMs: number;
  private readonly resumeFrames: number;
  private readonly voiceBand: VoiceBandFilter;
  private buffer: Float32Array;
  private filled = 0;
  private consumed = 0;
  private frames = 0;
  private voicedRun = 0;
  /** Voiced or not, the last frames before a take starts (twice the voice needed to start it). */
  private readonly recentVoiced: Uint8Array;
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
    this.recentVoiced = new Uint8Array(2 * this.minVoiceFrames);
    this.waitForVoiceMs = options.waitForVoiceMs ?? Infinity;
    this.resumeFrames = Math.round(RESUME_MS / FRAME_MS);
    this.voiceBand = new VoiceBandFilter(options.sampleRate);
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
      this.buffer[this.filled++] = this.voiceBand.next(block[i]!);
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
    this.consumed += this.frame;
    this.frames++;
    const state = this.state;
    state.levelDb = levelDb;
    const floor = this.updateFloor(levelDb);
    const margin = this.lastFrameVoiced ? HOLD_MARGIN_DB : START_MARGIN_DB;
    const voiced = levelDb > Math.max(MIN_VOICE_DB, floor + margin);
    this.lastFrameVoiced = voiced;

    if (!state.speaking) {
      const recent = this.recentVoiced;
      recent[this.frames % recent.length] = voiced ? 1 : 0;
      if (voiced && recent.reduce((sum, flag) => sum + flag, 0) >= this.minVoiceFrames) {
        let first = Math.max(1, this.frames - recent.length + 1);
        while (!recent[first % recent.length]) first++;
        state.speaking = true;
        const farthest = first - LOOK_BACK_MS / FRAME_MS;
        state.startSample = (this.quietVoice(first - 1, farthest, -1, floor) - 1) * this.frame;
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

  /**
   * Quieter voice beside the take (a breathy onset, a soft last word, syllables too short to
   * start a take): runs of RESUME_MS or more (shorter ones are clicks) above the floor by the hold
   * margin, from frame `from` away from the take (step −1 before it, +1 after it) as far as frame
   * `to`, while no gap between them is longer than LOOK_GAP_MS. Returns the farthest frame of
   * such voice (`from − step` when there is none; frames count from 1, as `frames` does) and
   * counts the gaps as pauses. Only the frames whose levels are still kept are looked at.
   */
  private quietVoice(from: number, to: number, step: 1 | -1, floorDb: number): number {
    const levels = this.recentLevels;
    const oldest = Math.max(1, this.frames - levels.length + 1);
    if (from < oldest) return from - step;
    if (step < 0) to = Math.max(to, oldest);
    const threshold = Math.max(MIN_VOICE_DB, floorDb + HOLD_MARGIN_DB);
    const [maxGap, minRun] = [LOOK_GAP_MS / FRAME_MS, this.resumeFrames];
    let [reached, gap, run] = [from - step, 0, 0];
    // One frame past `to` counts as quiet, to close a run that reaches it.
    for (let frame = from; (to - frame) * step >= -1; frame += step) {
      if ((to - frame) * step >= 0 && levels[frame % levels.length]! > threshold) {
        run++;
        continue;
      }
      if (run >= minRun) {
        this.state.longestPauseMs = Math.max(this.state.longestPauseMs, gap * FRAME_MS);
        [reached, gap] = [frame - step, 0];
      } else gap += run;
      run = 0;
      if (++gap > maxGap) break;
    }
    return reached;
  }

  private finish(end: TakeEnd): VoiceEvent {
    const state = this.state;
    if (end !== "no-voice") {
      const lastVoiced = state.lastVoiceSample / this.frame;
      const reached = this.quietVoice(lastVoiced + 1, this.frames, 1, state.noiseFloorDb);
      state.lastVoiceSample = reached * this.frame;
    }
    state.end = end;
    state.speaking = false;
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
      state.noiseFloorDb += FLOOR_RISE * Math.min(levelDb - state.noiseFloorDb, HOLD_MARGIN_DB);
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
