/**
 * Talk's settings before any are stored: what the page is drawn with (prerendered, and until the
 * stored ones are read). Kept apart from the code that reads and checks stored settings
 * (talk-settings.ts, scanning/scan-settings.ts), which comes after the page with the stored data.
 */
import { defaultBoardLook } from "@/features/talk/board/board-look";
import type { ScanSettings } from "@/features/talk/scanning/scan-settings";
import type { TakePace, TalkSettings } from "@/features/talk/talk-settings";
import type { SpeechLanguage } from "@/shared/speech-options";

/** My voice's take limits learned from the user's teaching, none chosen by hand. */
export const learnedPace: TakePace = { pauseMs: null, takeMs: null, habits: [], slowestMs: 0 };

/** No scanning; when it is turned on, a step every 1.5 s, Space selects and Enter moves. */
export const defaultScanSettings: ScanSettings = {
  mode: "off",
  intervalMs: 1500,
  emptyRounds: 3,
  selectKey: "Space",
  moveKey: "Enter",
  tapAnywhere: false,
  spokenCue: false,
  ignoreRepeatMs: 0,
};

export const defaultTalkSettings = (language: SpeechLanguage): TalkSettings => ({
  language,
  rate: "normal",
  pitch: "normal",
  turnForListener: false,
  takePace: learnedPace,
  scanning: defaultScanSettings,
  boardLook: defaultBoardLook,
});
