// worker_threads entry: one warm espeak engine per thread. Synthesis is
// synchronous inside the thread; the pool enforces time limits from outside
// by terminating the thread.

import { parentPort, workerData } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { createSpeechEngine } from "../../src/shared/speech-engine/espeak-engine.ts";
import type { Language } from "../../src/shared/speech-engine/espeak-engine.ts";
import {
  handleEngineRequest,
  type EngineHost,
  type EngineRequest,
} from "../../src/shared/speech-engine/engine-host.ts";

export interface EngineWorkerData {
  /** Path of a voice pack; omitted = the package's full espeak-ng.data. */
  voicePackPath?: string;
  warmUp?: Language[];
}

/** The thread's life: ready once its engine is warm, or why it could not start. Requests and
 * their answers follow the engine-host protocol the browser's worker uses too. */
export type WorkerLifecycle =
  | { type: "ready"; languages: Language[]; sampleRate: number; startupMs: number }
  | { type: "init-error"; message: string };

if (!parentPort) throw new Error("engine-worker.ts must be run as a worker thread");
const port = parentPort;
const data = (workerData ?? {}) as EngineWorkerData;

try {
  const t0 = performance.now();
  const voicePacks = data.voicePackPath
    ? [new Uint8Array(await readFile(data.voicePackPath))]
    : undefined;
  const engine = await createSpeechEngine({ voicePacks, warmUp: data.warmUp });
  port.postMessage({
    type: "ready",
    languages: [...engine.languages],
    sampleRate: engine.sampleRate,
    startupMs: performance.now() - t0,
  } satisfies WorkerLifecycle);
  // One engine with every language of its voice pack: synthesis runs synchronously in this
  // thread; the pool enforces time limits from outside by terminating it.
  const host: EngineHost = {
    engineFor: async () => engine,
    post: (response, transfer = []) => port.postMessage(response, transfer),
  };
  port.on("message", (request: EngineRequest) => void handleEngineRequest(host, request));
} catch (err) {
  port.postMessage({
    type: "init-error",
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies WorkerLifecycle);
}
