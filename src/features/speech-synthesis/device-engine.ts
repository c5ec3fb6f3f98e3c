/**
 * The on-device speech engine, for when there is no connection or the server fails. Loaded
 * lazily (its worker and voice data are several hundred kB), then kept warm for the session.
 */
import {
  VoiceNotOnDeviceError,
  type SpeechLanguage,
  type SpeechRequest,
} from "@/shared/speech-options";
import { voicePacksKept } from "@/shared/speech-engine/voice-pack";
// The worker's built address (Vite bundles it as its own ES module chunk): known here, so the
// page can ask whether this version's engine is on the device.
import workerUrl from "@/features/speech-synthesis/device-engine.worker.ts?worker&url";
import type { EngineRequest, EngineResponse } from "@/shared/speech-engine/engine-host";
import { createWorkerClient } from "@/lib/worker-client";

const send = createWorkerClient<EngineRequest, EngineResponse>(
  () => new Worker(workerUrl, { type: "module", name: "device-engine" }),
  (event) => `The speech engine could not start: ${event.message || "unknown error"}`,
);

export type DeviceSpeechAudio = {
  wav: Uint8Array<ArrayBuffer>;
  sampleRate: number;
  durationMs: number;
};

/**
 * Throws the engine's `error`, as VoiceNotOnDeviceError when the voice for `language` is not all
 * on the device: then the failure is most likely its download (offline, or a Wi-Fi without
 * internet, which the browser counts as online), and the page can say what would help.
 */
async function engineFailure(error: unknown, language: SpeechLanguage): Promise<never> {
  if (await voiceSaved(language).catch(() => false)) throw error;
  throw new VoiceNotOnDeviceError("The voice is not on this device.", { cause: error });
}

export async function synthesizeOnDevice(request: SpeechRequest): Promise<DeviceSpeechAudio> {
  const response = await send({ type: "synthesize", ...request }).catch((error: unknown) =>
    engineFailure(error, request.language),
  );
  if (response.type !== "synthesize") throw new Error("Unexpected answer from the speech engine");
  return { wav: response.wav, sampleRate: response.sampleRate, durationMs: response.durationMs };
}

/**
 * Readies the engine with the voice for `language`: from the device when saved, else downloaded.
 * Cancelled by `signal` before the voice is ready, this request fails alone; the engine goes on
 * for any other (a voice being saved, a phrase being said), and is stopped, with its download,
 * when there is none: a connection that died without the browser noticing leaves the download
 * waiting for good, and the next request would wait on it too. The next request starts it again.
 */
export async function loadVoice(language: SpeechLanguage, signal?: AbortSignal): Promise<void> {
  const response = await send({ type: "prepare", languages: [language] }, [], signal).catch(
    (error: unknown) => {
      if (signal?.aborted) throw error;
      return engineFailure(error, language);
    },
  );
  if (response.type !== "prepare") throw new Error("Unexpected answer from the speech engine");
}

/**
 * Downloads the engine and the voices for `languages` now, so audio works offline later.
 * Cancelled by `signal` (the user stopped saving the voice), it stops as `loadVoice` does: what
 * else the engine is doing goes on.
 */
export async function prepareOfflineVoices(
  languages: SpeechLanguage[],
  signal?: AbortSignal,
): Promise<void> {
  // The worker fetches its code and the voices through the service worker, which keeps them.
  // This module was perhaps loaded from the browser's memory cache, which the service worker
  // never sees; asking for it by fetch puts it in the cache too.
  const [, thisModule] = await Promise.all([
    send({ type: "prepare", languages }, [], signal),
    fetch(import.meta.url, { signal: signal ?? null }),
  ]);
  if (!thisModule.ok) throw new Error(`The speech engine's code answered ${thisModule.status}`);
}

/**
 * True when this version's engine code (this module and its worker) is in the device's caches.
 * An app update renames both, and until the new ones have been fetched once audio cannot be made
 * offline, even with the voices saved.
 */
export async function engineCodeCached(): Promise<boolean> {
  if (typeof caches === "undefined") return false;
  const files = [import.meta.url, new URL(workerUrl, import.meta.url).href];
  const found = await Promise.all(files.map((file) => caches.match(file)));
  return found.every(Boolean);
}

/** Whether all `language` needs to be said without a connection is on the device. */
export async function voiceSaved(language: SpeechLanguage): Promise<boolean> {
  const [voices, engine] = await Promise.all([voicePacksKept(language), engineCodeCached()]);
  return Boolean(voices && engine);
}
