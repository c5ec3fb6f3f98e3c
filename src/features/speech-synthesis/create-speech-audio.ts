/**
 * Makes speech audio from text: the server when online, the on-device engine (eSpeak NG in a Web
 * Worker) when offline or when the server fails. Callers see one function with progress states.
 * Text with nothing to read aloud is refused the same way by both (NothingToSpeakError), and so
 * is text whose audio would be too long (AudioTooLongError); a device without the voice says so
 * (VoiceNotOnDeviceError), whatever the browser says of the network.
 */
import { AudioTooLongError, audioTooLongErrorCode } from "@/shared/audio-length";
import {
  noSpeechErrorCode,
  NothingToSpeakError,
  VoiceNotOnDeviceError,
  type SpeechLanguage,
  type SpeechRequest,
} from "@/shared/speech-options";
import { reportConnectionAnswer } from "@/lib/use-online-status";
import { reportTimeoutAndCheck } from "@/lib/connection-check";
import { apiPaths } from "@/shared/api-contract";
import type { paths } from "@/shared/generated/openapi";

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

/**
 * The server answered with an error, and the voice, not saved on this device, could not be
 * downloaded to make the audio here instead. The connection works, so nothing is said of it; but
 * a voice saved for offline use would have made the audio without the server, which the page
 * says. Carries the server's own message.
 */
export class ServerFailedVoiceNotSavedError extends SpeechAudioError {
  override name = "ServerFailedVoiceNotSavedError";
}

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
 * unreliable (src/lib/use-online-status.ts).
 */
export const serverAnswerTimeoutMs = 2_500;

/**
 * How long the whole answer may take, body and all, for `text`. A connection can also stall
 * once the headers have come, and the body never finish; without a limit, "Creating audio…"
 * stayed until Cancel, on every try. The body is the audio, base64 in JSON: about 4.4 kB for each
 * character at the slow rate, several megabytes for the longest text, sent compressed (about
 * half). The limit lets that come over a line of about 1 Mbit/s; after it the answer fails as one
 * that never started does, and the device engine makes the audio instead.
 */
export function wholeAnswerTimeoutMs(text: string): number {
  return 10_000 + 40 * text.length;
}

/**
 * Asks the speech service (its `POST` at `apiPaths.speech`, below `baseUrl`) for the audio,
 * waiting up to `answerTimeoutMs` for its answer to start and `wholeTimeoutMs` for all of it.
 */
export async function fromServer(
  request: SpeechRequest,
  signal?: AbortSignal,
  baseUrl?: string,
  answerTimeoutMs = serverAnswerTimeoutMs,
  wholeTimeoutMs = wholeAnswerTimeoutMs(request.text),
): Promise<CreatedSpeechAudio> {
  // The API client comes with the first request, not with the page (issue 22's start-up budget);
  // one that cannot arrive fails like the network, and the device's engine answers instead.
  const { apiClient, errorFields } = await import("@/lib/api-client");
  // One controller for all reasons to stop (AbortSignal.any is too new for older phones).
  const stop = new AbortController();
  const forwardAbort = () => stop.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  signal?.addEventListener("abort", forwardAbort, { once: true });
  const timeUp = (message: string) => () => stop.abort(new DOMException(message, "TimeoutError"));
  const headersTimer = setTimeout(timeUp("The server did not answer"), answerTimeoutMs);
  const wholeTimer = setTimeout(timeUp("The server's answer did not finish"), wholeTimeoutMs);
  try {
    const answer = await apiClient.POST(apiPaths.speech, {
      body: request,
      signal: stop.signal,
      ...(baseUrl ? { baseUrl } : {}),
      fetch: async (input) => {
        const response = await fetch(input);
        // The headers came: the body has until the whole answer's limit.
        clearTimeout(headersTimer);
        reportConnectionAnswer();
        return response;
      },
    });
    return readServerAnswer(answer, errorFields);
  } catch (error) {
    if (stop.signal.aborted && !signal?.aborted) reportTimeoutAndCheck();
    throw error;
  } finally {
    clearTimeout(headersTimer);
    clearTimeout(wholeTimer);
    signal?.removeEventListener("abort", forwardAbort);
  }
}

type ServerAnswer =
  paths[typeof apiPaths.speech]["post"]["responses"][200]["content"]["application/json"];

function readServerAnswer(
  {
    data: answer,
    error,
    response,
  }: {
    data?: ServerAnswer;
    error?: unknown;
    response: Response;
  },
  errorFields: (body: unknown) => { error?: string; message?: string },
): CreatedSpeechAudio {
  if (!response.ok) {
    const body = errorFields(error);
    const message = body.message ?? `The server answered ${response.status}`;
    if (response.status === 422 && body.error === noSpeechErrorCode) {
      throw new NothingToSpeakError(message);
    }
    if (response.status === 422 && body.error === audioTooLongErrorCode) {
      throw new AudioTooLongError(message);
    }
    throw new SpeechAudioError(message);
  }
  if (!answer) throw new SpeechAudioError("The server sent no audio.");
  return {
    blob: new Blob([base64ToBytes(answer.audio)], { type: "audio/wav" }),
    sampleRate: answer.sampleRate,
    durationMs: answer.durationMs,
    source: "server",
  };
}

/** What the fallback needs from its surroundings: the browser's word on the network, the
 * server, and the device engine (its samples as a WAV file). */
export type SpeechAudioSources = {
  online: () => boolean;
  server: (request: SpeechRequest, signal?: AbortSignal) => Promise<CreatedSpeechAudio>;
  /**
   * Loads the device engine and its voice for the language (first use only, or the first of that
   * language), then gives its synthesis function. Cancelled by `signal`, a download under way is
   * given up, so the next request asks for the voice again. Rejects with VoiceNotOnDeviceError
   * when the voice could not be loaded and is not saved on the device.
   */
  loadDevice: (
    language: SpeechLanguage,
    signal?: AbortSignal,
  ) => Promise<
    (
      request: SpeechRequest,
    ) => Promise<{ wav: Uint8Array<ArrayBuffer>; sampleRate: number; durationMs: number }>
  >;
};

async function onDevice(
  request: SpeechRequest,
  sources: SpeechAudioSources,
  onProgress: (progress: SpeechAudioProgress) => void,
  signal: AbortSignal | undefined,
): Promise<CreatedSpeechAudio> {
  onProgress({ stage: "loading-local-engine" });
  const synthesize = await sources.loadDevice(request.language, signal);
  onProgress({ stage: "synthesizing-locally" });
  const audio = await synthesize(request);
  // The engine gives no samples when the text has nothing it can say, as the server's does.
  if (audio.durationMs === 0) throw new NothingToSpeakError("The text has nothing to read aloud.");
  return {
    blob: new Blob([audio.wav], { type: "audio/wav" }),
    sampleRate: audio.sampleRate,
    durationMs: audio.durationMs,
    source: "device",
  };
}

const isAboutTheText = (error: unknown) =>
  error instanceof NothingToSpeakError || error instanceof AudioTooLongError;

/**
 * The server when the browser is online, the device engine when it is offline or when the
 * server fails or does not answer in time. Text with nothing to read aloud or whose audio would
 * be too long, and a cancelled request, are not retried on the device.
 */
export function speechAudioFrom(sources: SpeechAudioSources) {
  return async function createSpeechAudio(
    request: SpeechRequest,
    options: { onProgress?: (progress: SpeechAudioProgress) => void; signal?: AbortSignal } = {},
  ): Promise<CreatedSpeechAudio> {
    const onProgress = options.onProgress ?? (() => undefined);
    // The server's own refusal (it answered, with an error): the connection works.
    let serverRefused: unknown = null;
    if (sources.online()) {
      try {
        onProgress({ stage: "requesting-server" });
        return await sources.server(request, options.signal);
      } catch (error) {
        // Nothing to read aloud, or too long a sound, is about the text: the device engine would
        // refuse it too.
        if (options.signal?.aborted || isAboutTheText(error)) throw error;
        // Server faults, network failures and a server that does not answer in time all fall
        // through to the device engine.
        if (error instanceof SpeechAudioError) serverRefused = error;
      }
    }
    let made: CreatedSpeechAudio;
    try {
      made = await onDevice(request, sources, onProgress, options.signal);
    } catch (error) {
      // Cancelled while the voice loaded: the engine was stopped, which is no failure to report.
      options.signal?.throwIfAborted();
      if (isAboutTheText(error)) throw error;
      // A voice missing from the device is told apart where the server could not be reached: the
      // page says the connection is missing, and how to save the voice. Where the server answered
      // with an error, the connection is there and the audio could not be made: that is said,
      // and, where the voice is not saved here, that saving it would let the device make audio.
      if (error instanceof VoiceNotOnDeviceError) {
        if (!(serverRefused instanceof Error)) throw error;
        throw new ServerFailedVoiceNotSavedError(serverRefused.message, { cause: error });
      }
      if (serverRefused) throw serverRefused;
      throw new SpeechAudioError(error instanceof Error ? error.message : String(error));
    }
    // Synthesis itself cannot be stopped part-way; cancelled meanwhile (the page was left, a
    // kiosk's privacy reset), its audio goes nowhere.
    options.signal?.throwIfAborted();
    return made;
  };
}

export const createSpeechAudio = speechAudioFrom({
  online: () => navigator.onLine,
  server: fromServer,
  // The engine and its voice pack are loaded only when someone first needs local speech. The
  // voice comes while "Loading the voice on this device…" is said: downloaded (not saved for
  // offline use), it may take a while, which "Creating audio…" told nobody.
  loadDevice: async (language, signal) => {
    // Engine code that cannot be fetched is not on the device (never fetched, or renamed by an
    // app update), and without it no voice counts as saved (voiceSaved).
    const engine = await import("@/features/speech-synthesis/device-engine").catch(
      (error: unknown) => {
        throw new VoiceNotOnDeviceError("The speech engine is not on this device.", {
          cause: error,
        });
      },
    );
    await engine.loadVoice(language, signal);
    return (request) => engine.synthesizeOnDevice(request).catch(refusedOnDevice);
  },
});

/**
 * The device engine refuses a text whose audio would be too long with that error's code as its
 * message (src/shared/speech-engine/engine-host.ts). Where the voice was never saved, the device
 * engine takes any failure for a voice missing from the device, which says what to save; but the
 * engine ran, so the voice is here: what counts is the text. Told here, not in device-engine.ts:
 * what that module imports is named in Talk's first load.
 */
function refusedOnDevice(error: unknown): never {
  const failure = error instanceof VoiceNotOnDeviceError ? error.cause : error;
  if (failure instanceof Error && failure.message === audioTooLongErrorCode) {
    throw new AudioTooLongError("The audio of this text would be too long.");
  }
  throw error;
}
