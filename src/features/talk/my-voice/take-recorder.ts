/**
 * Cuts the microphone's blocks into takes with the shared voice detector (the one the evaluator
 * measures): a take starts when the voice does and ends after the user's own pause length, at
 * their longest take (what was said is kept), or when they say they have finished.
 *
 * Between two takes (while the last one is checked) the microphone stays open and what it hears
 * is held, up to `BETWEEN_TAKES_MS`, for the next take to start with. A teaching take ends after
 * three seconds of quiet, and a user who says the phrase again a second later had the start of
 * it cut whenever the check took longer than that second (on a busy machine it did: the second
 * take of three began 0.00 s into what was kept, 1.08 s long against 1.26 and 1.38). Nothing is
 * held after a take that hit its time limit or was stopped: the user may still be speaking, and
 * the rest of that phrase is not the next take.
 */
import {
  BEFORE_VOICE_MS,
  VoiceDetector,
  type TakeEnd,
} from "@/shared/phrase-recogniser/voice-detector.ts";
import type { TakeHabit, TakeLimits } from "@/shared/phrase-recogniser/take-limits.ts";

/** No voice at all for this long after a take is asked for: it ends as "nothing heard". */
export const WAIT_FOR_VOICE_MS = 10_000;
/** At most this much of what is heard between two takes is held for the next. */
export const BETWEEN_TAKES_MS = 5_000;

export type Take = {
  samples: Float32Array;
  sampleRate: number;
  /** "lost": the microphone stopped giving sound mid-take; what was heard is not the user's take. */
  end: TakeEnd | "stopped" | "lost";
  /** The pauses and length the detector measured, for learning the user's pace. */
  habit: TakeHabit;
};

type Current = {
  detector: VoiceDetector;
  blocks: Float32Array[];
  /** Samples fed to the detector before the first block kept. */
  dropped: number;
  stopRequested: boolean;
  resolve: (take: Take) => void;
};

/**
 * The samples from `from` to `to` (counted from the take's first sample) out of the blocks kept,
 * the first of which starts at `offset`.
 */
function copySpan(blocks: readonly Float32Array[], offset: number, from: number, to: number) {
  const start = Math.max(from, offset);
  const out = new Float32Array(Math.max(0, to - start));
  for (const block of blocks) {
    const first = Math.max(start, offset);
    const last = Math.min(to, offset + block.length);
    if (last > first) out.set(block.subarray(first - offset, last - offset), first - start);
    offset += block.length;
  }
  return out;
}

const lengthOf = (blocks: readonly Float32Array[]) =>
  blocks.reduce((sum, block) => sum + block.length, 0);

/**
 * Drops the oldest blocks while the rest still hold more than `most` samples; returns how many
 * samples went.
 */
function dropOldest(blocks: Float32Array[], most: number): number {
  let kept = lengthOf(blocks);
  let dropped = 0;
  while (kept - blocks[0]!.length > most) {
    const first = blocks.shift()!;
    kept -= first.length;
    dropped += first.length;
  }
  return dropped;
}

export class TakeRecorder {
  private current: Current | null = null;
  /** Heard since the last take ended, for the next one; null: nothing is held now. */
  private between: Float32Array[] | null = [];

  readonly sampleRate: number;

  constructor(sampleRate: number) {
    this.sampleRate = sampleRate;
  }

  /** Records one take from what is heard next (and what was held since the last one). */
  nextTake(limits: TakeLimits): Promise<Take> {
    return new Promise<Take>((resolve) => {
      const held = this.between ?? [];
      const heldMs = (lengthOf(held) * 1000) / this.sampleRate;
      this.between = [];
      this.current = {
        detector: new VoiceDetector({
          sampleRate: this.sampleRate,
          ...limits,
          waitForVoiceMs: WAIT_FOR_VOICE_MS + heldMs,
        }),
        blocks: [],
        dropped: 0,
        stopRequested: false,
        resolve,
      };
      // Fed in order: a whole take may already be held (it then ends at once), and what follows
      // it is held again for the take after.
      for (const block of held) this.hear(block);
    });
  }

  /** Ends the current take at the next block, keeping what was said. */
  stopTake(): void {
    if (this.current) this.current.stopRequested = true;
  }

  /** Ends the current take now, keeping what was said (the microphone is closing). */
  stop(): void {
    this.finish("stopped");
  }

  /** Ends the current take now as "lost": no more sound will come (the microphone went). */
  lose(): void {
    this.finish("lost");
  }

  hear(block: Float32Array): void {
    const take = this.current;
    if (!take) {
      this.hold(block);
      return;
    }
    take.blocks.push(block);
    take.detector.push(block);
    const { end, startSample } = take.detector.state;
    if (end) this.finish(end);
    else if (take.stopRequested) this.finish("stopped");
    else if (startSample < 0) {
      // Only what a take may keep from before the voice is worth holding.
      take.dropped += dropOldest(take.blocks, (this.sampleRate * BEFORE_VOICE_MS) / 1000);
    }
  }

  private hold(block: Float32Array) {
    if (!this.between) return;
    this.between.push(block);
    dropOldest(this.between, (this.sampleRate * BETWEEN_TAKES_MS) / 1000);
  }

  private finish(end: Take["end"]) {
    if (!this.current) return;
    const { detector, blocks, dropped, resolve } = this.current;
    this.current = null;
    const heard = detector.state.startSample >= 0;
    const { from, to } = detector.span();
    const samples = heard ? copySpan(blocks, dropped, from, to) : new Float32Array(0);
    // After a quiet end (or none heard) the next take may begin at any moment; after a cut one
    // the user may still be saying this one.
    this.between = end === "voice-ended" || end === "no-voice" ? [] : null;
    resolve({
      samples,
      sampleRate: this.sampleRate,
      end: heard || end === "lost" ? end : "no-voice",
      habit: { longestPauseMs: detector.state.longestPauseMs, speechMs: detector.speechMs() },
    });
  }
}
