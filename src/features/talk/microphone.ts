/**
 * The microphone for My voice: raw samples through Web Audio (no echo cancellation, noise
 * suppression or automatic gain, which would change a person's voice from one take to the
 * next), a live level for the meter, and takes cut by voice activity: a take starts when the
 * voice does and ends after a pause, or when the user presses Stop, or at the time limit.
 */

// The worklet's built address: Vite bundles it as a module of its own.
import captureWorkletUrl from "@/features/talk/capture.worklet.ts?worker&url";

export const maxTakeMs = 6000;
/** Dysarthric speech has long pauses inside a phrase: a take ends only after this much quiet. */
const endSilenceMs = 900;
/** Kept before the voice was first heard, so a soft start is not cut. */
const preRollMs = 300;
/** No voice at all for this long: the take ends as "nothing heard". */
const waitForVoiceMs = 10_000;

export type TakeEnd = "voice-ended" | "stopped" | "time-limit" | "no-voice";
export type Take = { samples: Float32Array; sampleRate: number; end: TakeEnd };

export type MicrophoneSession = {
  sampleRate: number;
  /** Records one take; resolves when it ends (by voice activity, stop, or the limits). */
  nextTake(): Promise<Take>;
  /** Ends the current take now, keeping what was said. */
  stopTake(): void;
  close(): void;
};

export class MicrophoneError extends Error {
  override name = "MicrophoneError";
}

function rms(block: Float32Array): number {
  let sum = 0;
  for (const sample of block) sum += sample * sample;
  return Math.sqrt(sum / block.length);
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
  const blockMs = (1024 / sampleRate) * 1000;
  let floor = 0.003;
  let current: {
    blocks: Float32Array[];
    started: number | null;
    lastVoice: number;
    elapsedMs: number;
    voicedRun: number;
    stopRequested: boolean;
    resolve: (take: Take) => void;
  } | null = null;

  const finish = (end: TakeEnd) => {
    if (!current) return;
    const { blocks, started, lastVoice, resolve } = current;
    current = null;
    const from = started === null ? 0 : Math.max(0, started - Math.ceil(preRollMs / blockMs));
    const to =
      started === null
        ? blocks.length
        : Math.min(blocks.length, lastVoice + Math.ceil(200 / blockMs) + 1);
    const kept = end === "no-voice" ? [] : blocks.slice(from, to);
    const samples = new Float32Array(kept.reduce((sum, block) => sum + block.length, 0));
    let offset = 0;
    for (const block of kept) {
      samples.set(block, offset);
      offset += block.length;
    }
    resolve({ samples, sampleRate, end: end === "stopped" && started === null ? "no-voice" : end });
  };

  processor.port.onmessage = (event: MessageEvent<Float32Array>) => {
    const block = event.data;
    const level = rms(block);
    onLevel(Math.min(1, level * 6));
    // The noise floor follows quiet moments at once and loud ones only slowly.
    floor = level < floor ? level : floor + (level - floor) * 0.005;
    const take = current;
    if (!take) return;
    take.blocks.push(block);
    take.elapsedMs += blockMs;
    const voiced = level > Math.max(0.008, floor * 3.5);
    const index = take.blocks.length - 1;
    if (voiced) {
      take.voicedRun += 1;
      take.lastVoice = index;
      if (take.started === null && take.voicedRun >= 3) take.started = index - 2;
    } else {
      take.voicedRun = 0;
    }
    if (take.stopRequested) finish("stopped");
    else if (take.started === null) {
      if (take.elapsedMs > waitForVoiceMs) finish("no-voice");
      // Only the pre-roll before the voice is worth keeping.
      else if (take.blocks.length > 50) take.blocks.splice(0, take.blocks.length - 50);
    } else if ((index - take.started) * blockMs >= maxTakeMs) finish("time-limit");
    else if ((index - take.lastVoice) * blockMs >= endSilenceMs) finish("voice-ended");
  };

  return {
    sampleRate,
    nextTake: () =>
      new Promise<Take>((resolve) => {
        current = {
          blocks: [],
          started: null,
          lastVoice: -1,
          elapsedMs: 0,
          voicedRun: 0,
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
