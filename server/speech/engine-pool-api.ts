/** What the server's pool of speech engine workers offers (node-engine-pool.ts makes one). */
import type { Language } from "../../src/shared/speech-engine/voice-pack.ts";

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
  /**
   * How long a request may wait in the queue for a worker: beyond it the call rejects with
   * QueueFullError, since its client has given up by then (the browser makes the audio itself
   * after 10 s). Default 10 000 ms.
   */
  maxWaitMs?: number;
  /**
   * A worker slot given up on after five failed starts is tried again by the first request this
   * long after. Until then, when no worker is left, requests reject at once with
   * EngineUnavailableError instead of waiting. Default 30 000 ms.
   */
  retryStoppedMs?: number;
  /** Worker entry; override when the server is bundled and the .ts file is elsewhere. */
  workerUrl?: URL;
  /** How long a worker may take to start. Default 30 000 ms. */
  startupTimeoutMs?: number;
  /**
   * When set, workers start on the first requests that need them instead of at creation, and a
   * worker idle this long stops (each holds about 90 MB). Default: all start at once and stay.
   */
  idleStopMs?: number;
  /** Called on worker crashes/replacements (default: console.warn). */
  onWorkerEvent?: (event: string) => void;
}

export interface PoolSynthesisOptions {
  rate?: number;
  pitch?: number;
  /**
   * Aborted when nobody waits for the answer any more (its client went away): a request still
   * queued leaves the queue and rejects with the signal's reason. One a worker has begun runs on
   * (stopping it means restarting the worker).
   */
  signal?: AbortSignal;
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
  stats(): {
    idle: number;
    busy: number;
    starting: number;
    /** Workers stopped while idle (idleStopMs), started again when needed. */
    asleep: number;
    queued: number;
    replaced: number;
  };
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

/** No worker can start now (each failed five times in a row); they are tried again later. */
export class EngineUnavailableError extends Error {
  override name = "EngineUnavailableError";
}
