// Pool of worker_threads, each holding a warm espeak engine. Requests queue
// in FIFO order and go to an idle worker (preferring one whose current voice
// matches, because switching voice reloads the dictionary). Each synthesis has
// a time limit; on expiry the worker is terminated, replaced, and the call
// rejects with SynthesisTimeoutError. The main thread only routes messages.

import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { isLanguage } from "../../src/shared/speech-engine/voice-pack.ts";
import type { Language } from "../../src/shared/speech-engine/voice-pack.ts";
import type { EngineRequest, EngineResponse } from "../../src/shared/speech-engine/engine-host.ts";
import type { EngineWorkerData, WorkerLifecycle } from "./engine-worker.ts";

type SynthesizeRequest = Extract<EngineRequest, { type: "synthesize" }>;

export interface EnginePoolOptions {
  /** Number of worker threads. Default: os.availableParallelism(). */
  size?: number;
  /** Per-synthesis time limit in ms (measured from dispatch to a worker). Default 10 000. */
  timeoutMs?: number;
  /** Voice pack file; omitted = the package's full 24 MB espeak-ng.data in every worker. */
  voicePackPath?: string;
  /** Languages each worker synthesizes once at start-up. Default: none. */
  warmUp?: Language[];
  /** Reject new requests when this many are already waiting. Default 256. */
  maxQueue?: number;
  /** Worker entry; override when the server is bundled and the .ts file is elsewhere. */
  workerUrl?: URL;
  /** How long a worker may take to start. Default 30 000 ms. */
  startupTimeoutMs?: number;
  /** Called on worker crashes/replacements (default: console.warn). */
  onWorkerEvent?: (event: string) => void;
}

export interface PoolSynthesisOptions {
  rate?: number;
  pitch?: number;
}

export interface PoolSynthesisResult {
  wav: Uint8Array;
  sampleRate: number;
  durationMs: number;
}

export interface EnginePool {
  readonly size: number;
  readonly languages: readonly Language[];
  synthesize(
    text: string,
    language: Language,
    opts?: PoolSynthesisOptions,
  ): Promise<PoolSynthesisResult>;
  stats(): { idle: number; busy: number; starting: number; queued: number; replaced: number };
  close(): Promise<void>;
}

export class SynthesisTimeoutError extends Error {
  override name = "SynthesisTimeoutError";
}

export class PoolClosedError extends Error {
  override name = "PoolClosedError";
}

export class QueueFullError extends Error {
  override name = "QueueFullError";
}

const AFFINITY_WINDOW = 4;
const MAX_SKIPS = 3;

interface Job {
  id: number;
  skipped: number;
  request: SynthesizeRequest;
  resolve: (r: PoolSynthesisResult) => void;
  reject: (e: Error) => void;
}

interface Slot {
  index: number;
  worker: Worker | undefined;
  state: "starting" | "idle" | "busy" | "stopped";
  job: Job | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  voice: Language | undefined;
  consecutiveFailures: number;
}

export async function createEnginePool(options: EnginePoolOptions = {}): Promise<EnginePool> {
  const size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 10_000;
  const startupTimeoutMs = options.startupTimeoutMs ?? 30_000;
  const maxQueue = options.maxQueue ?? 256;
  const workerUrl = options.workerUrl ?? new URL("./engine-worker.ts", import.meta.url);
  const workerData: EngineWorkerData = {
    voicePackPath: options.voicePackPath,
    warmUp: options.warmUp,
  };
  const log = options.onWorkerEvent ?? ((e: string) => console.warn(`[engine-pool] ${e}`));

  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let replaced = 0;
  let languages: Language[] = [];
  let started = false;

  function settle(slot: Slot): Job | undefined {
    const job = slot.job;
    slot.job = undefined;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    return job;
  }

  /** Starts (or restarts) the worker of a slot; resolves once it is ready. */
  function spawn(slot: Slot): Promise<void> {
    return new Promise<void>((resolveReady, rejectReady) => {
      if (closed) return rejectReady(new PoolClosedError("engine pool is closed"));
      const worker = new Worker(workerUrl, { workerData });
      slot.worker = worker;
      slot.state = "starting";
      slot.voice = undefined;
      const startTimer = setTimeout(
        () => fail(new Error(`worker start-up exceeded ${startupTimeoutMs} ms`)),
        startupTimeoutMs,
      );

      // Worker died or misbehaved: reject its job, replace it (with backoff if it keeps failing at start-up).
      function fail(err: Error): void {
        if (slot.worker !== worker) return; // already replaced
        clearTimeout(startTimer);
        const wasStarting = slot.state === "starting";
        slot.worker = undefined;
        settle(slot)?.reject(err);
        void worker.terminate();
        if (wasStarting) rejectReady(err);
        // During createEnginePool a start-up failure is a configuration error: no retries.
        if (closed || !started) return;
        slot.consecutiveFailures += wasStarting ? 1 : 0;
        if (slot.consecutiveFailures >= 5) {
          slot.state = "stopped";
          log(`worker ${slot.index} failed to start 5 times, giving up: ${err.message}`);
          if (slots.every((s) => s.state === "stopped"))
            for (const j of queue.splice(0))
              j.reject(new Error(`no engine workers available: ${err.message}`));
          return;
        }
        log(`worker ${slot.index} replaced: ${err.message}`);
        replaced++;
        slot.state = "starting";
        setTimeout(
          () => spawn(slot).catch(() => {}),
          wasStarting ? 1000 * slot.consecutiveFailures : 0,
        );
      }

      worker.on("message", (msg: WorkerLifecycle | EngineResponse) => {
        if (slot.worker !== worker) return;
        if ("type" in msg && msg.type === "ready") {
          clearTimeout(startTimer);
          slot.state = "idle";
          slot.consecutiveFailures = 0;
          languages = msg.languages;
          resolveReady();
          pump();
        } else if ("type" in msg && msg.type === "init-error") {
          fail(new Error(`engine worker failed to initialise: ${msg.message}`));
        } else if ("id" in msg) {
          const job = slot.job;
          if (!job || job.id !== msg.id) return;
          settle(slot);
          slot.state = "idle";
          if (!msg.ok) job.reject(new Error(msg.error));
          else if (msg.type === "synthesize")
            job.resolve({ wav: msg.wav, sampleRate: msg.sampleRate, durationMs: msg.durationMs });
          else job.reject(new Error(`unexpected "${msg.type}" answer from an engine worker`));
          pump();
        }
      });
      worker.on("error", (err) => fail(err instanceof Error ? err : new Error(String(err))));
      worker.on("exit", (code) => fail(new Error(`engine worker exited with code ${code}`)));
    });
  }

  function dispatch(slot: Slot, job: Job): void {
    slot.state = "busy";
    slot.job = job;
    slot.voice = job.request.language;
    const worker = slot.worker!;
    slot.timer = setTimeout(() => {
      if (slot.job !== job) return;
      settle(slot);
      job.reject(
        new SynthesisTimeoutError(
          `synthesis exceeded ${timeoutMs} ms (${job.request.text.length} chars, ${job.request.language}); worker replaced`,
        ),
      );
      // Terminating interrupts the synchronous synthesis; 'exit' then triggers fail() → respawn.
      void worker.terminate();
    }, timeoutMs);
    worker.postMessage(job.request);
  }

  function pump(): void {
    while (queue.length) {
      const idle = slots.filter((s) => s.state === "idle");
      const head = queue[0];
      const firstIdle = idle[0];
      if (!head || !firstIdle) return;
      // Voice affinity: set_voice reloads the dictionary (ru_dict is 8.5 MB;
      // bench: +5..40 ms per switch), so among the oldest few jobs prefer one matching an idle
      // worker's current voice. The head job may be passed over only a few
      // times, which keeps the queue effectively FIFO under load.
      let pick: { slot: Slot; index: number } | undefined;
      if (head.skipped < MAX_SKIPS) {
        search: for (let j = 0; j < Math.min(queue.length, AFFINITY_WINDOW); j++) {
          for (const s of idle) {
            if (s.voice === queue[j]?.request.language) {
              pick = { slot: s, index: j };
              break search;
            }
          }
        }
      }
      pick ??= { slot: idle.find((s) => s.voice === undefined) ?? firstIdle, index: 0 };
      if (pick.index > 0) head.skipped++;
      const [job] = queue.splice(pick.index, 1);
      if (job) dispatch(pick.slot, job);
    }
  }

  for (let i = 0; i < size; i++) {
    slots.push({
      index: i,
      worker: undefined,
      state: "starting",
      job: undefined,
      timer: undefined,
      voice: undefined,
      consecutiveFailures: 0,
    });
  }
  try {
    await Promise.all(slots.map((s) => spawn(s)));
    started = true;
  } catch (err) {
    closed = true;
    await Promise.all(slots.map((s) => s.worker?.terminate()));
    throw err;
  }

  return {
    size,
    get languages() {
      return languages;
    },
    synthesize(text, language, opts = {}) {
      if (closed) return Promise.reject(new PoolClosedError("engine pool is closed"));
      if (!isLanguage(language))
        return Promise.reject(new Error(`unsupported language: ${String(language)}`));
      if (typeof text !== "string") return Promise.reject(new TypeError("text must be a string"));
      if (queue.length >= maxQueue)
        return Promise.reject(new QueueFullError(`synthesis queue is full (${maxQueue})`));
      return new Promise<PoolSynthesisResult>((resolve, reject) => {
        const id = nextId++;
        queue.push({
          id,
          skipped: 0,
          resolve,
          reject,
          request: { type: "synthesize", id, text, language, rate: opts.rate, pitch: opts.pitch },
        });
        pump();
      });
    },
    stats() {
      const count = (st: Slot["state"]) => slots.filter((s) => s.state === st).length;
      return {
        idle: count("idle"),
        busy: count("busy"),
        starting: count("starting"),
        queued: queue.length,
        replaced,
      };
    },
    async close() {
      closed = true;
      for (const j of queue.splice(0)) j.reject(new PoolClosedError("engine pool closed"));
      for (const s of slots) settle(s)?.reject(new PoolClosedError("engine pool closed"));
      await Promise.all(
        slots.map((s) => {
          const w = s.worker;
          s.worker = undefined;
          s.state = "stopped";
          return w?.terminate();
        }),
      );
    },
  };
}
