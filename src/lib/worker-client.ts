/**
 * The page's side of a module Web Worker that answers requests by id (`{ id, ok: true, ... }` or
 * `{ id, ok: false, error }`): one promise per request. The worker starts on the first request
 * and stays for the visit, unless stopped (`send.stop()`); if it crashes, every waiting request
 * fails and the next one starts a new worker.
 */
type WorkerAnswer = { id: number; ok: true } | { id: number; ok: false; error: string };

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

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
      else entry.reject(new Error(event.data.error));
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

  function send(
    request: DistributiveOmit<Request, "id">,
    transfer: Transferable[] = [],
  ): Promise<Extract<Answer, { ok: true }>> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
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
