/**
 * The server's speech engine: eSpeak NG (WebAssembly) in a pool of worker threads, warm while it
 * is used, so synthesis never blocks the event loop and concurrent requests run side by side.
 */
import type { SpeechAudio, SpeechRequest } from "../../src/shared/speech-options.ts";
import type { SpeechSynthesizer } from "../routes/tts.ts";
import {
  EngineUnavailableError,
  QueueFullError,
  type EnginePoolOptions,
} from "./engine-pool-api.ts";
import { createEnginePool } from "./node-engine-pool.ts";

export const engineName = "espeak-ng-wasm";

export type ClosableSynthesizer = SpeechSynthesizer & { close(): Promise<void> };

export class EngineBusyError extends Error {
  override name = "EngineBusyError";
  statusCode = 503;
}

export async function createSpeechSynthesizer(
  options: EnginePoolOptions = {},
): Promise<ClosableSynthesizer> {
  const pool = await createEnginePool({
    // The server's workers load the package's complete data (no voice pack needed in Node).
    warmUp: ["ru", "en"],
    timeoutMs: 10_000,
    // The workers are most of an idle server's memory: they start with the first speech request
    // (about a second later than a warm one) and stop after two minutes without one.
    idleStopMs: 120_000,
    // The app stops waiting for an answer after 2.5 s and makes the audio on the device; other
    // clients are told to come back (503) rather than kept waiting behind a flood.
    maxWaitMs: 5_000,
    ...options,
  });
  return {
    async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio> {
      try {
        const audio = await pool.synthesize(request.text, request.language, {
          rate: request.rate,
          pitch: request.pitch,
          signal,
        });
        return { ...audio, engine: engineName };
      } catch (error) {
        if (error instanceof QueueFullError || error instanceof EngineUnavailableError) {
          throw new EngineBusyError("The speech engine is busy. Please try again in a moment.");
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}
