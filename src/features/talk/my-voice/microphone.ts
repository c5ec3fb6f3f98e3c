/**
 * The microphone for My voice: raw samples through Web Audio (no echo cancellation, noise
 * suppression or automatic gain, which would change a person's voice from one take to the
 * next), a live level for the meter, and takes cut by the shared voice detector (the one the
 * evaluator measures): a take starts when the voice does and ends after the user's own pause
 * length, at their longest take (what was said is kept), or when they say they have finished.
 */

// The worklet's built address: Vite bundles it as a module of its own.
import captureWorkletUrl from "@/features/talk/my-voice/capture.worklet.ts?worker&url";
import {
  BEFORE_VOICE_MS,
  VoiceDetector,
  type TakeEnd,
  type TakeHabit,
  type TakeLimits,
} from "@/shared/phrase-recogniser/voice-detector.ts";

/** No voice at all for this long: the take ends as "nothing heard". */
const waitForVoiceMs = 10_000;

export type Take = {
  samples: Float32Array;
  sampleRate: number;
  end: TakeEnd | "stopped";
  /** The pauses and length the detector measured, for learning the user's pace. */
  habit: TakeHabit;
};

export type MicrophoneSession = {
  sampleRate: number;
  /** Records one take; resolves when it ends (by voice detection with these limits, or stop). */
  nextTake(limits: TakeLimits): Promise<Take>;
  /** Ends the current take now, keeping what was said. */
  stopTake(): void;
  close(): void;
};

export class MicrophoneError extends Error {
  override name = "MicrophoneError";
}

/** The meter's range: silence at or under the first, full at the second (dBFS). */
const METER_DB = { quiet: -70, full: -10 } as const;

/**
 * A block's level for the meter, 0 to 1, on a decibel scale: a soft voice (-55 dBFS on a phone
 * opened without automatic gain) moves it a quarter of the way, where a linear scale left it
 * still, as if the user were not heard.
 */
export function meterLevel(block: Float32Array): number {
  let sum = 0;
  for (const sample of block) sum += sample * sample;
  const levelDb = 10 * Math.log10(sum / Math.max(1, block.length) + 1e-12);
  const share = (levelDb - METER_DB.quiet) / (METER_DB.full - METER_DB.quiet);
  return Math.min(1, Math.max(0, share));
}

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

/** Opens the microphone; `onLevel` hears the level (0 to 1) about 40 times a second. */
export async function openMicrophone(onLevel: (level: number) => void): Promise<MicrophoneSession> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    throw new MicrophoneError(error instanceof Error ? error.message : String(error));
  }
  const context = new AudioContext();
  let processor: AudioWorkletNode;
  try {
    await context.audioWorklet.addModule(captureWorkletUrl);
    processor = new AudioWorkletNode(context, "dauys-capture", {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: "explicit",
    });
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    throw new MicrophoneError(error instanceof Error ? error.message : String(error));
  }
  await context.resume();
  const source = context.createMediaStreamSource(stream);
  source.connect(processor);

  const { sampleRate } = context;
  let current: {
    detector: VoiceDetector;
    blocks: Float32Array[];
    /** Samples fed to the detector before the first block kept. */
    dropped: number;
    stopRequested: boolean;
    resolve: (take: Take) => void;
  } | null = null;

  const finish = (end: TakeEnd | "stopped") => {
    if (!current) return;
    const { detector, blocks, dropped, resolve } = current;
    current = null;
    const heard = detector.state.startSample >= 0;
    const { from, to } = detector.span();
    const samples = heard ? copySpan(blocks, dropped, from, to) : new Float32Array(0);
    resolve({
      samples,
      sampleRate,
      end: heard ? end : "no-voice",
      habit: { longestPauseMs: detector.state.longestPauseMs, speechMs: detector.speechMs() },
    });
  };

  processor.port.onmessage = (event: MessageEvent<Float32Array>) => {
    const block = event.data;
    onLevel(meterLevel(block));
    const take = current;
    if (!take) return;
    take.blocks.push(block);
    take.detector.push(block);
    const { end, startSample } = take.detector.state;
    if (end) finish(end);
    else if (take.stopRequested) finish("stopped");
    else if (startSample < 0) {
      // Only what a take may keep from before the voice is worth holding.
      let kept = take.blocks.reduce((sum, item) => sum + item.length, 0);
      while (kept - take.blocks[0]!.length > (sampleRate * BEFORE_VOICE_MS) / 1000) {
        const first = take.blocks.shift()!;
        take.dropped += first.length;
        kept -= first.length;
      }
    }
  };

  return {
    sampleRate,
    nextTake: (limits) =>
      new Promise<Take>((resolve) => {
        current = {
          detector: new VoiceDetector({ sampleRate, ...limits, waitForVoiceMs }),
          blocks: [],
          dropped: 0,
          stopRequested: false,
          resolve,
        };
      }),
    stopTake: () => {
      if (current) current.stopRequested = true;
    },
    close: () => {
      finish("stopped");
      processor.port.onmessage = null;
      processor.disconnect();
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      void context.close();
    },
  };
}
