/**
 * Saying things on the Talk screen: the device speaker (kept warm for the chosen language), what
 * was said last, and whether it is being prepared, said, or could not be said and why. What was
 * said goes into the history once it is really heard.
 */
import { useEffect, useRef, useState } from "react";
import { cleanPhraseText } from "@/features/talk/board/board";
import { deleteEntry, newEntryId, recordSaid, type History } from "@/features/talk/history/history";
import {
  createSpeaker,
  PlaybackError,
  StaleRequestError,
  type DeviceEngine,
} from "@/features/talk/speaking/speaker";
import type { TalkSettings } from "@/features/talk/talk-settings";
import {
  NothingToSpeakError,
  VoiceNotOnDeviceError,
  type SpeechLanguage,
} from "@/shared/speech-options";

export type SpeechFailure = "nothing-to-say" | "no-voice" | "failed";

/**
 * Why something could not be said. A sound the engine could not make without its voice on the
 * device is a voice not there yet, whatever the browser says of the connection; so is, offline,
 * an engine that could not load. A sound made that the device would not play is a failure.
 */
export function speechFailureOf(error: unknown, online: boolean): SpeechFailure {
  if (error instanceof NothingToSpeakError) return "nothing-to-say";
  return error instanceof VoiceNotOnDeviceError || !(online || error instanceof PlaybackError)
    ? "no-voice"
    : "failed";
}

export type SpeechStatus =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "speaking" }
  | { state: "failed"; reason: SpeechFailure };

export type Said = { text: string; language: SpeechLanguage };

export function useTalkSpeech(options: {
  loadEngine: () => Promise<DeviceEngine>;
  /** The language to keep warm, once the stored data has loaded (undefined before). */
  warmLanguage: SpeechLanguage | undefined;
  settings: Pick<TalkSettings, "rate" | "pitch">;
  changeHistory: (change: (current: History) => History) => void;
}) {
  const { loadEngine, warmLanguage, settings, changeHistory } = options;
  const [status, setStatus] = useState<SpeechStatus>({ state: "idle" });
  const [said, setSaid] = useState<Said | null>(null);
  const [speaker] = useState(() =>
    createSpeaker(loadEngine, () =>
      setStatus((current) => (current.state === "speaking" ? { state: "idle" } : current)),
    ),
  );
  useEffect(() => () => speaker.dispose(), [speaker]);

  // The engine and this language's voice load while the user looks at the board.
  useEffect(() => {
    if (warmLanguage) void speaker.warm(warmLanguage).catch(() => undefined);
  }, [warmLanguage, speaker]);

  // The id of the history entry for what was said last, while it is the last thing said.
  const lastEntry = useRef<string | null>(null);

  const say = (words: string, language: SpeechLanguage) => {
    const text = cleanPhraseText(words);
    if (!text) return;
    setSaid({ text, language });
    setStatus({ state: "preparing" });
    lastEntry.current = null;
    speaker
      .speak({ text, language, rate: settings.rate, pitch: settings.pitch })
      .then(() => {
        setStatus({ state: "speaking" });
        // A phrase said before keeps its entry's id (recordSaid): taking this back then removes
        // nothing, and the earlier entry stays.
        const saidAt = Date.now();
        const id = newEntryId(saidAt);
        lastEntry.current = id;
        changeHistory((current) => recordSaid(current, { id, text, language, saidAt }));
      })
      .catch((error: unknown) => {
        if (error instanceof StaleRequestError) return;
        setStatus({ state: "failed", reason: speechFailureOf(error, navigator.onLine) });
      });
  };

  const stop = () => {
    speaker.stop();
    setStatus({ state: "idle" });
  };

  /**
   * What was said last was not what the user meant (My voice's "Not that"): it stops, and goes
   * from the screen and the history, so nobody reads it as the user's words.
   */
  const retract = () => {
    stop();
    setSaid(null);
    const id = lastEntry.current;
    lastEntry.current = null;
    if (id) changeHistory((current) => deleteEntry(current, id));
  };

  return {
    status,
    said,
    speaking: status.state === "speaking" || status.state === "preparing",
    say,
    stop,
    retract,
    dismissFailure: () => setStatus({ state: "idle" }),
  };
}
