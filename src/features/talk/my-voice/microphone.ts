/**
 * The microphone for My voice: raw samples through Web Audio (no echo cancellation, noise
 * suppression or automatic gain, which would change a person's voice from one take to the
 * next), a live level for the meter, and takes cut by the shared voice detector (take-recorder.ts).
 */

// The worklet's built address: Vite bundles it as a module of its own.
import captureWorkletUrl from "@/features/talk/my-voice/capture.worklet.ts?worker&url";
import type { TakeLimits } from "@/shared/phrase-recogniser/take-limits.ts";
import { TakeRecorder, type Take } from "@/features/talk/my-voice/take-recorder.ts";

export type MicrophoneSession = {
  sampleRate: number;
  /**
   * Records one take; resolves when it ends (by voice detection with these limits, by stop, or
   * lost with the microphone's sound).
   */
  nextTake(limits: TakeLimits): Promise<Take>;
  /** Ends the current take now, keeping what was said. */
  stopTake(): void;
  close(): void;
};

/**
 * Why the microphone could not be used, so the user is told what to do about it: allow it in
 * the browser ("denied"), connect one ("missing"), free it from another app ("busy"), reload
 * ("failed": the browser's audio would not start), or check it ("lost": it stopped mid-take, a
 * take's end, never thrown).
 */
export type MicrophoneProblem = "denied" | "missing" | "busy" | "failed" | "lost";

export class MicrophoneError extends Error {
  override name = "MicrophoneError";
  readonly problem: MicrophoneProblem;

  constructor(problem: MicrophoneProblem, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.problem = problem;
  }
}

/**
 * The problem an error names: a MicrophoneError's own, or a failed `getUserMedia`'s (its error's
 * name, as the Media Capture spec sets).
 */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  if (error instanceof MicrophoneError) return error.problem;
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  // In use by another app, or the device failed to start (an OS-level error).
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "failed";
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

const isEnded = (track: MediaStreamTrack) => track.readyState === "ended";

/** Opens the microphone; `onLevel` hears the level (0 to 1) about 40 times a second. */
export async function openMicrophone(onLevel: (level: number) => void): Promise<MicrophoneSession> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    throw new MicrophoneError(microphoneProblemOf(error), error);
  }
  // Whatever fails from here on lets the microphone go again: it is not left on.
  let context: AudioContext | undefined;
  let processor: AudioWorkletNode;
  let source: MediaStreamAudioSourceNode;
  try {
    context = new AudioContext();
    await context.audioWorklet.addModule(captureWorkletUrl);
    processor = new AudioWorkletNode(context, "dauys-capture", {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: "explicit",
    });
    await context.resume();
    source = context.createMediaStreamSource(stream);
    source.connect(processor);
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context?.close().catch(() => undefined);
    throw new MicrophoneError("failed", error);
  }
  const audio = context;

  const { sampleRate } = audio;
  const recorder = new TakeRecorder(sampleRate);
  processor.port.onmessage = (event: MessageEvent<Float32Array>) => {
    onLevel(meterLevel(event.data));
    recorder.hear(event.data);
  };

  // No more sound comes when the microphone is taken away (unplugged, permission withdrawn) or
  // the audio stops (the app sent to the background, a phone call): the take ends as "lost",
  // rather than waiting for good with Listen busy, or passing half a phrase and the silence after
  // it off as the user's finished take. A take asked for after that is lost at once.
  const soundStopped = () => audio.state !== "running" || stream.getAudioTracks().every(isEnded);
  const endIfSilenced = () => {
    if (soundStopped()) recorder.lose();
  };
  for (const track of stream.getAudioTracks()) track.addEventListener("ended", endIfSilenced);
  audio.addEventListener("statechange", endIfSilenced);

  let closed = false;
  return {
    sampleRate,
    nextTake: (limits) => {
      const take = recorder.nextTake(limits);
      endIfSilenced();
      return take;
    },
    // At the next block of sound, or now when none will come.
    stopTake: () => {
      recorder.stopTake();
      endIfSilenced();
    },
    // Closed once: leaving the screen mid-take and the take's own end may both close it.
    close: () => {
      if (closed) return;
      closed = true;
      audio.removeEventListener("statechange", endIfSilenced);
      recorder.stop();
      processor.disconnect();
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      // The context is closed once its processor has stopped (capture.worklet.ts), else Chromium
      // keeps both for the page's life; at once when the audio no longer runs to say so.
      const closeAudio = () => {
        clearTimeout(timer);
        processor.port.onmessage = null;
        void audio.close().catch(() => undefined);
      };
      const timer = setTimeout(closeAudio, 1000);
      // Blocks of sound already on their way come first.
      processor.port.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data === "stopped") closeAudio();
      };
      processor.port.postMessage("stop");
      if (audio.state !== "running") closeAudio();
    },
  };
}
