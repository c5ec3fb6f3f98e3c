/**
 * The one message protocol of a thread hosting a warm eSpeak NG engine, and its handler. Both
 * hosts use it: the browser's Web Worker (src/features/speech-synthesis/device-engine.worker.ts)
 * and the server pool's worker threads (server/speech/engine-worker.ts). Each host only says how
 * it gets an engine for some languages and how it posts a message.
 */
import type { SpeechEngine } from "./espeak-engine.ts";
import type { Language } from "./voice-pack.ts";
import { encodeWav } from "./wav.ts";
import { AudioTooLongError, audioTooLongErrorCode } from "../audio-length.ts";

export type EngineRequest =
  | { id: number; type: "prepare"; languages: Language[] }
  | {
      id: number;
      type: "synthesize";
      text: string;
      language: Language;
      rate?: number | undefined;
      pitch?: number | undefined;
    };

export type EngineResponse =
  | { id: number; ok: true; type: "prepare" }
  | {
      id: number;
      ok: true;
      type: "synthesize";
      wav: Uint8Array<ArrayBuffer>;
      sampleRate: number;
      durationMs: number;
      /** Synthesis and encoding time inside the host thread. */
      synthMs: number;
    }
  | {
      id: number;
      ok: false;
      /**
       * What went wrong; `audioTooLongErrorCode` when the audio would be too long
       * (AudioTooLongError), which the page and the server tell apart from a failure.
       */
      error: string;
    };

export interface EngineHost {
  /** A warm engine that speaks these languages (loading voice packs if needed). */
  engineFor(languages: Language[]): Promise<SpeechEngine>;
  post(response: EngineResponse, transfer?: ArrayBuffer[]): void;
}

/**
 * Answers one request: "prepare" once the engine for its languages is ready, "synthesize" with a
 * WAV file (encoded in the host thread, its buffer transferred, not copied), or the error.
 */
export async function handleEngineRequest(host: EngineHost, request: EngineRequest) {
  try {
    if (request.type === "prepare") {
      await host.engineFor(request.languages);
      host.post({ id: request.id, ok: true, type: "prepare" });
      return;
    }
    const engine = await host.engineFor([request.language]);
    const started = performance.now();
    const { samples, sampleRate } = engine.synthesizeSync(request.text, request.language, {
      rate: request.rate,
      pitch: request.pitch,
    });
    const wav = encodeWav(samples, sampleRate) as Uint8Array<ArrayBuffer>;
    host.post(
      {
        id: request.id,
        ok: true,
        type: "synthesize",
        wav,
        sampleRate,
        durationMs: (samples.length * 1000) / sampleRate,
        synthMs: performance.now() - started,
      },
      [wav.buffer],
    );
  } catch (error) {
    host.post({
      id: request.id,
      ok: false,
      error:
        error instanceof AudioTooLongError
          ? audioTooLongErrorCode
          : error instanceof Error
            ? error.message
            : String(error),
    });
  }
}
