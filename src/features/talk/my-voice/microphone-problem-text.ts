import { useLingui } from "@lingui/react/macro";
import type { MicrophoneProblem } from "@/features/talk/my-voice/microphone";

/** What the user is told for each microphone problem: what happened, and what to do. */
export function useMicrophoneProblemText(): Record<MicrophoneProblem, string> {
  const { t } = useLingui();
  return {
    denied: t`Could not use the microphone. Please check that this site may use it in your browser's permissions, then try again.`,
    missing: t`No microphone was found. Please connect one, then try again.`,
    busy: t`The microphone is in use by another app, or is not working. Please close the other app, then try again.`,
    failed: t`The microphone could not be started on this device. Please reload the page and try again.`,
    lost: t`The microphone stopped, so that take was not used. Please check that it is connected, then try again.`,
  };
}
