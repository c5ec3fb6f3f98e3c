// worker_threads entry: one warm espeak engine per thread. Synthesis is
// synchronous inside the thread; the pool enforces time limits from outside
// by terminating the thread.

import { parentPort, workerData } from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { createSpeechEngine } from "../../src/features/speech-synthesis/engine/espeak-engine.ts";
import type { Language } from "../../src/features/speech-synthesis/engine/espeak-engine.ts";
import { encodeWav } from "../../src/features/speech-synthesis/engine/wav.ts";

export interface EngineWorkerData {
  /** Path of a voice pack; omitted = the package's full espeak-ng.data. */
  voicePackPath?: string;
  warmUp?: Language[];
}

export interface SynthesizeRequest {
  type: "synthesize";
  id: number;
  text: string;
  language: Language;
  rate?: number;
  pitch?: number;
}

export type WorkerToPool =
  | { type: "ready"; languages: Language[]; sampleRate: number; startupMs: number }
  | { type: "init-error"; message: string }
  | {
      type: "result";
      id: number;
      wav: Uint8Array;
      sampleRate: number;
      durationMs: number;
      synthMs: number;
    }
  | { type: "error"; id: number; message: string };

if (!parentPort) throw new Error("engine-worker.ts must be run as a worker thread");
const port = parentPort;
const data = (workerData ?? {}) as EngineWorkerData;

function post(msg: WorkerToPool, transfer: ArrayBuffer[] = []): void {
  port.postMessage(msg, transfer);
}

try {
  const t0 = performance.now();
  const voicePacks = data.voicePackPath
    ? [new Uint8Array(await readFile(data.voicePackPath))]
    : undefined;
  const engine = await createSpeechEngine({ voicePacks, warmUp: data.warmUp });
  post({
    type: "ready",
    languages: [...engine.languages],
    sampleRate: engine.sampleRate,
    startupMs: performance.now() - t0,
  });

  port.on("message", (req: SynthesizeRequest) => {
    if (req?.type !== "synthesize") return;
    try {
      const t = performance.now();
      const { samples, sampleRate } = engine.synthesizeSync(req.text, req.language, {
        rate: req.rate,
        pitch: req.pitch,
      });
      // Encode here, not on the main thread, and transfer the buffer (no copy).
      const wav = encodeWav(samples, sampleRate);
      const msg: WorkerToPool = {
        type: "result",
        id: req.id,
        wav,
        sampleRate,
        durationMs: (samples.length * 1000) / sampleRate,
        synthMs: performance.now() - t,
      };
      post(msg, [wav.buffer as ArrayBuffer]);
    } catch (err) {
      post({
        type: "error",
        id: req.id,
        message: err instanceof Error ? err.message : String(err),
      });
    }
  });
} catch (err) {
  post({
    type: "init-error",
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
}
