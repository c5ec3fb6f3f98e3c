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

const send = createWorkerClient<VoiceWorkerRequest, VoiceWorkerResponse>(
  () =>
    new Worker(new URL("./voice-recogniser.worker.ts", import.meta.url), {
      type: "module",
      name: "voice-recogniser",
    }),
  () => "The recogniser stopped.",
);

// A kiosk's privacy reset erases My voice's examples: the worker, which holds the last person's
// in memory, stops with them. The next person's first use of My voice starts a new one.
onValueChange(storageKeys.voiceExamples, () => {
  void readValue(storageKeys.voiceExamples).then((examples) => {
    if (examples === undefined) send.stop();
  });
});

export function askRecogniser<T extends VoiceWorkerRequest["type"]>(
  request: DistributiveOmit<Extract<VoiceWorkerRequest, { type: T }>, "id">,
  transfer: Transferable[] = [],
): Promise<Answer> {
  return send(request, transfer);
}
