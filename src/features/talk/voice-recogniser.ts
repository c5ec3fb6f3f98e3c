/**
 * The page's side of My voice's recogniser worker: one promise per request. The worker starts
 * when My voice is first used and stays for the visit.
 */
import type {
  VoiceWorkerRequest,
  VoiceWorkerResponse,
} from "@/features/talk/voice-recogniser.worker";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Answer = VoiceWorkerResponse & { ok: true };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (answer: Answer) => void; reject: (e: Error) => void }
>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL("./voice-recogniser.worker.ts", import.meta.url), {
    type: "module",
    name: "voice-recogniser",
  });
  worker.onmessage = (event: MessageEvent<VoiceWorkerResponse>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    if (event.data.ok) entry.resolve(event.data);
    else entry.reject(new Error(event.data.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const entry of pending.values()) entry.reject(new Error("The recogniser stopped."));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };
  return worker;
}

export function askRecogniser<T extends VoiceWorkerRequest["type"]>(
  request: DistributiveOmit<Extract<VoiceWorkerRequest, { type: T }>, "id">,
  transfer: Transferable[] = [],
): Promise<Answer> {
  const id = nextId++;
  return new Promise<Answer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ ...request, id }, transfer);
  });
}
