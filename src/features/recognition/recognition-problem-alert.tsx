import { useLingui } from "@lingui/react/macro";
import type { RefObject } from "react";
import { ClosableAlert } from "@/components/closable-alert";
import type { RecognitionProblem } from "@/features/recognition/recording-machine";

/** One recognition failure as an alert in the interface language (product spec §8). */
export function RecognitionProblemAlert({
  problem,
  onClose,
  focusAfter,
}: {
  problem: RecognitionProblem;
  onClose: () => void;
  /** The recording button, to go on from once the alert is closed. */
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  const messages: Record<RecognitionProblem, string> = {
    "language-not-supported": t`This language is not supported by your browser. Recording has stopped; please choose another language.`,
    microphone: t`Could not use the microphone. Please check that this site may use it in your browser's permissions, then try again.`,
    "microphone-missing": t`No microphone was found. Please connect one, then try again.`,
    "microphone-busy": t`The microphone is in use by another app, or is not working. Please close the other app, then try again.`,
    "no-speech": t`No speech was heard, so recording has stopped. Press Start recording and speak again.`,
    network: t`Speech recognition in this browser needs an internet connection, and there is none right now. Connect to the internet and press Start recording again, or type your text.`,
    "service-unreachable": t`Your browser's online speech service could not be reached, so recording has stopped. You can type your text in the field below, or try again later.`,
    "service-not-allowed": t`Your browser or device does not allow speech recognition here. You can type your text in the field below. On an iPhone, iPad or Mac, turning on Dictation in the settings may help.`,
    "recognition-failed": t`Speech recognition stopped because of an error. Please try again.`,
  };
  return (
    <ClosableAlert severity="error" onClose={onClose} focusAfter={focusAfter}>
      {messages[problem]}
    </ClosableAlert>
  );
}
