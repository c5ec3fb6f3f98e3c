// Pool of worker_threads, each holding a warm espeak engine. Requests queue
// in FIFO order and go to an idle worker (preferring one whose current voice
// matches, because switching voice reloads the dictionary). Each synthesis has
// a time limit; on expiry the worker is terminated, replaced, and the call
// rejects with SynthesisTimeoutError. The main thread only routes messages.
// With idleStopMs, workers start when requests need them and stop after that long idle, so an
// idle server does not hold the engine's memory.

import { Worker } from "node:worker_threads";
import { availableParallelism } from "node:os";
import { isLanguage } from "../../src/shared/speech-engine/voice-pack.ts";
import type { Language } from "../../src/shared/speech-engine/voice-pack.ts";
import type { EngineRequest, EngineResponse } from "../../src/shared/speech-engine/engine-host.ts";
import { AudioTooLongError, audioTooLongErrorCode } from "../../src/shared/audio-length.ts";
import type { EngineWorkerData, WorkerLifecycle } from "./engine-worker.ts";
import {
  EngineUnavailableError,
  PoolClosedError,
  QueueFullError,
  SynthesisTimeoutError,
  type EnginePool,
  type EnginePoolOptions,
  type PoolSynthesisOptions,
  type PoolSynthesisResult,
} from "./engine-pool-api.ts";

type SynthesizeRequest = Extract<EngineRequest, { type: "synthesize" }>;

const AFFINITY_WINDOW = 4;
const MAX_SKIPS = 3;

interface Job {
  id: number;
  skipped: number;
  request: SynthesizeRequest;
  resolve: (r: PoolSynthesisResult) => void;
  reject: (e: Error) => void;
  /** Called when the job leaves the queue, for whatever reason: clears its waiting timer. */
  leaveQueue: () => void;
}

interface Slot {
  index: number;
  worker: Worker | undefined;
  state: "asleep" | "starting" | "idle" | "busy" | "stopped";
  job: Job | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  voice: Language | undefined;
  consecutiveFailures: number;
  /** When the slot was given up on (state "stopped"). */
  stoppedAt: number;
}

type PoolConfig = {
  size: number;
  timeoutMs: number;
  startupTimeoutMs: number;
  maxQueue: number;
  maxWaitMs: number;
  retryStoppedMs: number;
  workerUrl: URL;
  workerData: EngineWorkerData;
  idleStopMs: number | undefined;
  log: (event: string) => void;
};

export async function createEnginePool(options: EnginePoolOptions = {}): Promise<EnginePool> {
  const pool = new WorkerPool({
    size: Math.max(1, Math.floor(options.size ?? availableParallelism())),
    timeoutMs: options.timeoutMs ?? 10_000,
    startupTimeoutMs: options.startupTimeoutMs ?? 30_000,
    maxQueue: options.maxQueue ?? 256,
    maxWaitMs: options.maxWaitMs ?? 10_000,
    retryStoppedMs: options.retryStoppedMs ?? 30_000,
    workerUrl: options.workerUrl ?? new URL("./engine-worker.ts", import.meta.url),
    workerData: { voicePackPath: options.voicePackPath, warmUp: options.warmUp },
    idleStopMs: options.idleStopMs,
    log: options.onWorkerEvent ?? ((e: string) => console.warn(`[engine-pool] ${e}`)),
  });
  await pool.start();
  return pool;
}

/**
 * Among the oldest few jobs, the one an idle worker already has the voice for: set_voice reloads
 * the dictionary (ru_dict is 8.5 MB; bench: +5..40 ms per switch). The head job may be passed over
 * only a few times, which keeps the queue effectively FIFO under load. Otherwise the head job,
 * to a worker with no voice yet if there is one.
 */
function pickJob(queue: readonly Job[], idle: readonly Slot[]): { slot: Slot; index: number } {
  const head = queue[0]!;
  if (head.skipped < MAX_SKIPS) {
    for (let j = 0; j < Math.min(queue.length, AFFINITY_WINDOW); j++) {
      const slot = idle.find((s) => s.voice === queue[j]?.request.language);
      if (slot) return { slot, index: j };
    }
  }
  return { slot: idle.find((s) => s.voice === undefined) ?? idle[0]!, index: 0 };
}

class WorkerPool implements EnginePool {
  readonly size: number;
  languages: Language[] = [];
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private replaced = 0;
  private started = false;

  private readonly config: PoolConfig;

  constructor(config: PoolConfig) {
    this.config = config;
    this.size = config.size;
    for (let i = 0; i < config.size; i++) {
      this.slots.push({
        index: i,
        worker: undefined,
        state: config.idleStopMs === undefined ? "starting" : "asleep",
        job: undefined,
        timer: undefined,
        idleTimer: undefined,
        voice: undefined,
        consecutiveFailures: 0,
        stoppedAt: 0,
      });
    }
  }

  /** Starts every worker; a worker that fails to start is a configuration error: no retries. */
  async start(): Promise<void> {
    if (this.config.idleStopMs !== undefined) {
      this.started = true;
      return;
    }
    try {
      await Promise.all(this.slots.map((s) => this.spawn(s)));
      this.started = true;
    } catch (err) {
      this.closed = true;
      await Promise.all(this.slots.map((s) => s.worker?.terminate()));
      throw err;
    }
  }

  synthesize(
    text: string,
    language: Language,
    opts: PoolSynthesisOptions = {},
  ): Promise<PoolSynthesisResult> {
    if (this.closed) return Promise.reject(new PoolClosedError("engine pool is closed"));
    if (!isLanguage(language))
      return Promise.reject(new Error(`unsupported language: ${String(language)}`));
    if (typeof text !== "string") return Promise.reject(new TypeError("text must be a string"));
    if (this.queue.length >= this.config.maxQueue)
      return Promise.reject(
        new QueueFullError(`synthesis queue is full (${this.config.maxQueue})`),
      );
    const { signal } = opts;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.retryStopped();
    if (this.slots.every((s) => s.state === "stopped"))
      return Promise.reject(
        new EngineUnavailableError("no engine workers can start now; they are tried again soon"),
      );
    return new Promise<PoolSynthesisResult>((resolve, reject) => {
      const id = this.nextId++;
      // A job's client gives up after a while, or goes away: then it leaves the queue, so a
      // flood of requests nobody waits for is not synthesized after the fact.
      const drop = (error: Error) => {
        const index = this.queue.indexOf(job);
        if (index < 0) return;
        this.queue.splice(index, 1);
        job.leaveQueue();
        reject(error);
      };
      const waitTimer = setTimeout(
        () =>
          drop(new QueueFullError(`waited over ${this.config.maxWaitMs} ms for an engine worker`)),
        this.config.maxWaitMs,
      );
      const onAbort = () => drop(signal!.reason as Error);
      signal?.addEventListener("abort", onAbort, { once: true });
      const job: Job = {
        id,
        skipped: 0,
        resolve,
        reject,
        request: { type: "synthesize", id, text, language, rate: opts.rate, pitch: opts.pitch },
        leaveQueue: () => {
          clearTimeout(waitTimer);
          signal?.removeEventListener("abort", onAbort);
        },
      };
      this.queue.push(job);
      this.pump();
      this.wake();
    });
  }

  /** Slots given up on long enough ago get another start. */
  private retryStopped(): void {
    if (this.closed || !this.started) return;
    const now = Date.now();
    for (const slot of this.slots) {
      if (slot.state !== "stopped" || now - slot.stoppedAt < this.config.retryStoppedMs) continue;
      // One more failed start stops it again.
      slot.consecutiveFailures = 4;
      slot.state = "asleep";
    }
  }

  stats() {
    const count = (st: Slot["state"]) => this.slots.filter((s) => s.state === st).length;
    return {
      idle: count("idle"),
      busy: count("busy"),
      starting: count("starting"),
      asleep: count("asleep"),
      queued: this.queue.length,
      replaced: this.replaced,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) {
      j.leaveQueue();
      j.reject(new PoolClosedError("engine pool closed"));
    }
    for (const s of this.slots) {
      settle(s)?.reject(new PoolClosedError("engine pool closed"));
      clearTimeout(s.idleTimer);
    }
    await Promise.all(
      this.slots.map((s) => {
        const w = s.worker;
        s.worker = undefined;
        s.state = "stopped";
        return w?.terminate();
      }),
    );
  }

  /** Starts (or restarts) the worker of a slot; resolves once it is ready. */
  private spawn(slot: Slot): Promise<void> {
    return new Promise<void>((resolveReady, rejectReady) => {
      if (this.closed) return rejectReady(new PoolClosedError("engine pool is closed"));
      const worker = new Worker(this.config.workerUrl, { workerData: this.config.workerData });
      slot.worker = worker;
      slot.state = "starting";
      slot.voice = undefined;
      const startTimer = setTimeout(
        () => fail(new Error(`worker start-up exceeded ${this.config.startupTimeoutMs} ms`)),
        this.config.startupTimeoutMs,
      );
      const fail = (err: Error) => {
        if (slot.worker !== worker) return; // already replaced
        clearTimeout(startTimer);
        const wasStarting = slot.state === "starting";
        slot.worker = undefined;
        settle(slot)?.reject(err);
        void worker.terminate();
        if (wasStarting) rejectReady(err);
        this.replace(slot, err, wasStarting);
      };

      worker.on("message", (msg: WorkerLifecycle | EngineResponse) => {
        if (slot.worker !== worker) return;
        if ("type" in msg && msg.type === "ready") {
          clearTimeout(startTimer);
          slot.state = "idle";
          slot.consecutiveFailures = 0;
          this.languages = msg.languages;
          resolveReady();
          this.pump();
          this.sleepWhenIdle(slot);
        } else if ("type" in msg && msg.type === "init-error") {
          fail(new Error(`engine worker failed to initialise: ${msg.message}`));
        } else if ("id" in msg) {
          this.answer(slot, msg);
        }
      });
      worker.on("error", (err) => fail(err instanceof Error ? err : new Error(String(err))));
      worker.on("exit", (code) => fail(new Error(`engine worker exited with code ${code}`)));
    });
  }

  /** A worker died or misbehaved: a new one takes its place (with backoff if it keeps failing at start-up). */
  private replace(slot: Slot, err: Error, wasStarting: boolean): void {
    // During start() a start-up failure is a configuration error: no retries.
    if (this.closed || !this.started) return;
    slot.consecutiveFailures += wasStarting ? 1 : 0;
    if (slot.consecutiveFailures >= 5) {
      slot.state = "stopped";
      slot.stoppedAt = Date.now();
      this.config.log(
        `worker ${slot.index} failed to start 5 times, giving up for ${this.config.retryStoppedMs} ms: ${err.message}`,
      );
      if (this.slots.every((s) => s.state === "stopped" || s.state === "asleep"))
        for (const j of this.queue.splice(0)) {
          j.leaveQueue();
          j.reject(new EngineUnavailableError(`no engine workers available: ${err.message}`));
        }
      return;
    }
    this.config.log(`worker ${slot.index} replaced: ${err.message}`);
    this.replaced++;
    slot.state = "starting";
    setTimeout(
      () => this.spawn(slot).catch(() => {}),
      wasStarting ? 1000 * slot.consecutiveFailures : 0,
    );
  }

  /** A worker's answer settles its job; the worker takes the next one. */
  private answer(slot: Slot, msg: EngineResponse): void {
    const job = slot.job;
    if (!job || job.id !== msg.id) return;
    settle(slot);
    slot.state = "idle";
    if (!msg.ok)
      job.reject(
        msg.error === audioTooLongErrorCode
          ? new AudioTooLongError("The audio of this text would be too long.")
          : new Error(msg.error),
      );
    else if (msg.type === "synthesize")
      job.resolve({ wav: msg.wav, sampleRate: msg.sampleRate, durationMs: msg.durationMs });
    else job.reject(new Error(`unexpected "${msg.type}" answer from an engine worker`));
    this.pump();
    this.sleepWhenIdle(slot);
  }

  /** Starts sleeping workers for the jobs that no idle or starting worker will take. */
  private wake(): void {
    const count = (st: Slot["state"]) => this.slots.filter((s) => s.state === st).length;
    let needed = this.queue.length - count("starting");
    for (const slot of this.slots) {
      if (needed <= 0) return;
      if (slot.state !== "asleep") continue;
      needed -= 1;
      this.spawn(slot).catch(() => {});
    }
  }

  /** With idleStopMs, a worker still idle after that long stops; the next need starts it again. */
  private sleepWhenIdle(slot: Slot): void {
    const { idleStopMs } = this.config;
    if (idleStopMs === undefined || slot.state !== "idle") return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (slot.state !== "idle" || this.closed) return;
      const worker = slot.worker;
      slot.worker = undefined;
      slot.state = "asleep";
      slot.voice = undefined;
      void worker?.terminate();
    }, idleStopMs);
    slot.idleTimer.unref();
  }

  private dispatch(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.state = "busy";
    slot.job = job;
    slot.voice = job.request.language;
    const worker = slot.worker!;
    const { timeoutMs } = this.config;
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

  private pump(): void {
    while (this.queue.length) {
      const idle = this.slots.filter((s) => s.state === "idle");
      const head = this.queue[0];
      if (!head || idle.length === 0) return;
      const pick = pickJob(this.queue, idle);
      if (pick.index > 0) head.skipped++;
      const [job] = this.queue.splice(pick.index, 1);
      if (job) {
        job.leaveQueue();
        this.dispatch(pick.slot, job);
      }
    }
  }
}

function settle(slot: Slot): Job | undefined {
  const job = slot.job;
  slot.job = undefined;
  if (slot.timer) clearTimeout(slot.timer);
  slot.timer = undefined;
  return job;
}
