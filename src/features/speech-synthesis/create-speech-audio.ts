/**
 * Makes speech audio from text: the server when online, the on-device engine (eSpeak NG in a Web
 * Worker) when offline or when the server fails. Callers see one function with progress states.
 * Text with nothing to read aloud is refused the same way by both (NothingToSpeakError).
 */
import { noSpeechErrorCode, NothingToSpeakError, type SpeechRequest } from "@/lib/speech-options";
import { reportConnectionAnswer, reportConnectionTimeout } from "@/lib/use-online-status";

export type SpeechAudioProgress =
  | { stage: "requesting-server" }
  | { stage: "loading-local-engine" }
  | { stage: "synthesizing-locally" };

export type CreatedSpeechAudio = {
  blob: Blob;
  sampleRate: number;
  durationMs: number;
  source: "server" | "device";
};

export class SpeechAudioError extends Error {
  override name = "SpeechAudioError";
}

type ServerAnswer = { audio: string; sampleRate: number; durationMs: number; engine: string };
type ServerError = { error?: string; message?: string };

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * How long the server may take to start answering (it answers once the audio is made, normally
 * well within a second, and the text is limited in length). On a connection that has stalled
 * without going offline, the device engine takes over after this, so speech comes within about
 * 3 s instead of "Creating audio…" staying up for minutes, and the connection is reported as
 * unreliable (src/lib/use-online-status.ts). Only the wait for the answer's headers is limited:
 * a slow line may take longer to bring a long recording's body.
 */
export const serverAnswerTimeoutMs = 2_500;

async function fromServer(
  request: SpeechRequest,
  signal?: AbortSignal,
): Promise<CreatedSpeechAudio> {
  // One controller for both reasons to stop (AbortSignal.any is too new for older phones).
  const stop = new AbortController();
  const forwardAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener("abort", forwardAbort, { once: true });
  const timer = setTimeout(
    () => stop.abort(new DOMException("The server did not answer", "TimeoutError")),
    serverAnswerTimeoutMs,
  );
  try {
    const response = await fetch("/generate-tts", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      signal: stop.signal,
    });
    clearTimeout(timer);
    reportConnectionAnswer();
    return await readServerAnswer(response);
  } catch (error) {
    if (stop.signal.aborted && !signal?.aborted) reportConnectionTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }
}

async function readServerAnswer(response: Response): Promise<CreatedSpeechAudio> {
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ServerError | null;
    const message = body?.message ?? `The server answered ${response.status}`;
    if (response.status === 422 && body?.error === noSpeechErrorCode) {
      throw new NothingToSpeakError(message);
    }
    throw new SpeechAudioError(message);
  }
  const answer = (await response.json()) as ServerAnswer;
  return {
    blob: new Blob([base64ToBytes(answer.audio)], { type: "audio/wav" }),
    sampleRate: answer.sampleRate,
    durationMs: answer.durationMs,
    source: "server",
  };
}

async function onDevice(
  request: SpeechRequest,
  onProgress: (progress: SpeechAudioProgress) => void,
): Promise<CreatedSpeechAudio> {
  onProgress({ stage: "loading-local-engine" });
  // The engine and its voice pack are loaded only when someone first needs local speech.
  const { synthesizeOnDevice } = await import("@/features/speech-synthesis/device-engine");
  onProgress({ stage: "synthesizing-locally" });
  const audio = await synthesizeOnDevice(request);
  // The engine gives no samples when the text has nothing it can say, as the server's does.
  if (audio.durationMs === 0) throw new NothingToSpeakError("The text has nothing to read aloud.");
  return {
    blob: new Blob([audio.wav], { type: "audio/wav" }),
    sampleRate: audio.sampleRate,
    durationMs: audio.durationMs,
    source: "device",
  };
}

export async function createSpeechAudio(
  request: SpeechRequest,
  options: { onProgress?: (progress: SpeechAudioProgress) => void; signal?: AbortSignal } = {},
): Promise<CreatedSpeechAudio> {
  const onProgress = options.onProgress ?? (() => undefined);
  if (navigator.onLine) {
    try {
      onProgress({ stage: "requesting-server" });
      return await fromServer(request, options.signal);
    } catch (error) {
      // Nothing to read aloud is about the text: the device engine would find nothing either.
      if (options.signal?.aborted || error instanceof NothingToSpeakError) throw error;
      // Server faults, network failures and a server that does not answer in time all fall
      // through to the device engine.
    }
  }
  try {
    return await onDevice(request, onProgress);
  } catch (error) {
    if (error instanceof NothingToSpeakError) throw error;
    throw new SpeechAudioError(error instanceof Error ? error.message : String(error));
  }
}
