/**
 * The on-device speech engine, for when there is no connection or the server fails. Loaded
 * lazily (its worker and voice data are several hundred kB), then kept warm for the session.
 */
import type { SpeechLanguage, SpeechRequest } from "@/features/speech-synthesis/speech-options";
import type {
  DeviceEngineRequest,
  DeviceEngineResponse,
} from "@/features/speech-synthesis/device-engine.worker";

type Pending = {
  resolve: (response: DeviceEngineResponse & { ok: true }) => void;
  reject: (error: Error) => void;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const entry of pending.values()) entry.reject(error);
  pending.clear();
  worker?.terminate();
  worker = undefined;
}

function getWorker(): Worker {
  if (worker) return worker;
  // This exact shape lets Vite emit the worker as its own chunk.
  worker = new Worker(new URL("./device-engine.worker.ts", import.meta.url), {
    type: "module",
    name: "device-engine",
  });
  worker.onmessage = (event: MessageEvent<DeviceEngineResponse>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    if (event.data.ok) entry.resolve(event.data);
    else entry.reject(new Error(event.data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(`The speech engine could not start: ${event.message || "unknown error"}`));
  };
  return worker;
}

function send(request: DistributiveOmit<DeviceEngineRequest, "id">) {
  const id = nextId++;
  return new Promise<DeviceEngineResponse & { ok: true }>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ ...request, id });
  });
}

export type DeviceSpeechAudio = {
  wav: Uint8Array<ArrayBuffer>;
  sampleRate: number;
  durationMs: number;
};

export async function synthesizeOnDevice(request: SpeechRequest): Promise<DeviceSpeechAudio> {
  const response = await send({ type: "synthesize", ...request });
  if (response.type !== "synthesize") throw new Error("Unexpected answer from the speech engine");
  return { wav: response.wav, sampleRate: response.sampleRate, durationMs: response.durationMs };
}

/** Downloads the engine and the voices for `languages` now, so audio works offline later. */
export async function prepareOfflineVoices(languages: SpeechLanguage[]): Promise<void> {
  await send({ type: "prepare", languages });
}
