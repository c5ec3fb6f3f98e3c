/**
 * The page's side of My voice's recogniser worker: one promise per request. The worker starts
 * when My voice is first used and stays for the visit.
 */
import type {
  VoiceWorkerRequest,
  VoiceWorkerResponse,
} from "@/features/talk/my-voice/voice-recogniser.worker";
import { createWorkerClient, type DistributiveOmit } from "@/lib/worker-client";

type Answer = VoiceWorkerResponse & { ok: true };

const send = createWorkerClient<VoiceWorkerRequest, VoiceWorkerResponse>(
  () =>
    new Worker(new URL("./voice-recogniser.worker.ts", import.meta.url), {
      type: "module",
      name: "voice-recogniser",
    }),
  () => "The recogniser stopped.",
);

export function askRecogniser<T extends VoiceWorkerRequest["type"]>(
  request: DistributiveOmit<Extract<VoiceWorkerRequest, { type: T }>, "id">,
  transfer: Transferable[] = [],
): Promise<Answer> {
  return send(request, transfer);
}
