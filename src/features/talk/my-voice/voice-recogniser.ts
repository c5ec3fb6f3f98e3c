/**
 * The page's side of My voice's recogniser worker: one promise per request. The worker starts
 * when My voice is first used and stays for the visit, or until a privacy reset erases the
 * examples it was given.
 */
import type {
  VoiceWorkerRequest,
  VoiceWorkerResponse,
} from "@/features/talk/my-voice/voice-recogniser.worker";
import { onValueChange, readValue, storageKeys } from "@/lib/storage";
import { createWorkerClient, type DistributiveOmit } from "@/lib/worker-client";

type Answer = VoiceWorkerResponse & { ok: true };
type Phrases = Extract<VoiceWorkerRequest, { type: "load" }>["phrases"];

/**
 * The phrases the worker was given (the last load and the changes since). A worker that failed
 * (its code did not arrive, or it crashed) is started again by the next request, knowing
 * nothing: it is given them first, or every take would be "did not catch it" until a reload.
 */
let given: Phrases | null = null;

const send = createWorkerClient<VoiceWorkerRequest, VoiceWorkerResponse>(
  () => {
    const worker = new Worker(new URL("./voice-recogniser.worker.ts", import.meta.url), {
      type: "module",
      name: "voice-recogniser",
    });
    // Its answer (id 0) is nobody's: the request that started the worker comes after it.
    if (given) worker.postMessage({ id: 0, type: "load", phrases: given });
    return worker;
  },
  () => "The recogniser stopped.",
);

// A kiosk's privacy reset erases My voice's examples: the worker, which holds the last person's
// in memory, stops with them, and they are not given to the next one. The next person's first
// use of My voice starts a new one.
onValueChange(storageKeys.voiceExamples, () => {
  void readValue(storageKeys.voiceExamples).then((examples) => {
    if (examples !== undefined) return;
    given = null;
    send.stop();
  });
});

export function askRecogniser<T extends VoiceWorkerRequest["type"]>(
  request: DistributiveOmit<Extract<VoiceWorkerRequest, { type: T }>, "id">,
  transfer: Transferable[] = [],
  signal?: AbortSignal,
): Promise<Answer> {
  const answer = send(request, transfer, signal);
  // Noted once sent: a worker started by this request gets the request itself, not both.
  const sent: DistributiveOmit<VoiceWorkerRequest, "id"> = request;
  if (sent.type === "load") given = { ...sent.phrases };
  else if (sent.type === "set-examples" && given)
    given = { ...given, [sent.phraseId]: sent.examples };
  return answer;
}
