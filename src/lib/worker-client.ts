/**
 * The page's side of a module Web Worker that answers requests by id (`{ id, ok: true, ... }` or
 * `{ id, ok: false, error }`): one promise per request. The worker starts on the first request
 * and stays for the visit, unless stopped (`send.stop()`); if it crashes, every waiting request
 * fails and the next one starts a new worker. A request cancelled by its own signal fails alone:
 * the others it shares the worker with go on.
 */
type WorkerAnswer = { id: number; ok: true } | { id: number; ok: false; error: string };

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The worker's own answer that it could not do what was asked (not a worker that failed). */
export class WorkerRefusal extends Error {}

export function createWorkerClient<Request extends { id: number }, Answer extends WorkerAnswer>(
  start: () => Worker,
  crashed: (event: ErrorEvent) => string,
) {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (answer: Extract<Answer, { ok: true }>) => void; reject: (e: Error) => void }
  >();

  function running(): Worker {
    if (worker) return worker;
    const started = start();
    started.onmessage = (event: MessageEvent<Answer>) => {
      const entry = pending.get(event.data.id);
      if (!entry) return;
      pending.delete(event.data.id);
      if (event.data.ok) entry.resolve(event.data as Extract<Answer, { ok: true }>);
      else entry.reject(new WorkerRefusal(event.data.error));
    };
    started.onerror = (event) => {
      event.preventDefault();
      const error = new Error(crashed(event));
      for (const entry of pending.values()) entry.reject(error);
      pending.clear();
      started.terminate();
      worker = undefined;
    };
    worker = started;
    return started;
  }

  /**
   * Sends `request`. Aborted by `signal`, it fails with the signal's reason and its answer is
   * ignored; the worker goes on for the requests still waiting. When none is left, the worker is
   * ended, with what it was doing for this one alone: a download that a connection dead without
   * the browser noticing would keep waiting for good. The next request starts it again.
   */
  function send(
    request: DistributiveOmit<Request, "id">,
    transfer: Transferable[] = [],
    signal?: AbortSignal,
  ): Promise<Extract<Answer, { ok: true }>> {
    const id = nextId++;
    return new Promise<Extract<Answer, { ok: true }>>((resolve, reject) => {
      signal?.throwIfAborted();
      const cancel = () => {
        if (!pending.delete(id)) return;
        reject(signal?.reason);
        if (pending.size === 0) stop();
      };
      pending.set(id, {
        resolve: (answer) => {
          signal?.removeEventListener("abort", cancel);
          resolve(answer);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", cancel);
          reject(error);
        },
      });
      signal?.addEventListener("abort", cancel, { once: true });
      running().postMessage({ ...request, id }, transfer);
    });
  }

  /** Ends the worker and what it holds in memory; waiting requests fail, the next one starts it. */
  function stop() {
    if (!worker) return;
    worker.terminate();
    worker = undefined;
    const error = new Error("The worker was stopped.");
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  }

  return Object.assign(send, { stop });
}
