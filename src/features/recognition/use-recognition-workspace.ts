/**
 * Everything the Speech Recognition page does, for its panels to render: a recording session
 * (use-recording-session.ts) that recognises where use-recognition-choice.ts says, audio made from the text (use-speech-audio.ts), and the drafts in
 * IndexedDB (the text with its language, and the last audio) that survive reloads until Reset.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { audioBeside, type SavedAudio } from "@/features/recognition/audio-machine";
import { isRecognitionLanguage } from "@/features/recognition/recognition-languages";
import {
  draftOf,
  isListening,
  type RecognitionDraft,
} from "@/features/recognition/recording-machine";
import { useRecognitionChoice } from "@/features/recognition/use-recognition-choice";
import { useRecordingSession } from "@/features/recognition/use-recording-session";
import { useSpeechAudio, type MakeSpeechAudio } from "@/features/recognition/use-speech-audio";
import { speechRates, type SpeechRateChoice } from "@/shared/speech-options";
import { useKioskActive } from "@/lib/kiosk-flag";
import { readValue, removeValue, storageKeys, writeValue } from "@/lib/storage";
import { useStoredDraft } from "@/lib/use-stored-draft";

export type { MakeSpeechAudio };

/**
 * What Reset cleared, kept in memory until new work starts (a recording or typing), so a slip of
 * the hand can be undone. No timer: the offer stays as long as nothing replaces the work. Not on
 * a clinic tablet in kiosk mode: there Reset is how a patient erases their words before handing
 * the tablet on, and the next patient must not be able to bring them back.
 */
export type ClearedWork = {
  draft: RecognitionDraft;
  audio: SavedAudio | null;
  rate: SpeechRateChoice;
};

function isRateChoice(value: unknown): value is SpeechRateChoice {
  return typeof value === "string" && Object.hasOwn(speechRates, value);
}

function validDraft(value: unknown): RecognitionDraft | null {
  if (!value || typeof value !== "object") return null;
  const draft = value as Partial<RecognitionDraft>;
  if (typeof draft.text !== "string" || !isRecognitionLanguage(draft.language)) return null;
  return { text: draft.text, language: draft.language, resultsShown: Boolean(draft.resultsShown) };
}

function validAudio(value: unknown, draft: RecognitionDraft): SavedAudio | null {
  if (!value || typeof value !== "object") return null;
  const audio = value as Partial<SavedAudio>;
  // Saved audio is shown again only while it still matches the saved text.
  if (!(audio.blob instanceof Blob) || !isRateChoice(audio.rate)) return null;
  if (audio.text !== draft.text || audio.language !== draft.language) return null;
  return audio as SavedAudio;
}

export function useRecognitionWorkspace(makeSpeechAudio: MakeSpeechAudio) {
  const speech = useSpeechAudio(makeSpeechAudio);
  const { audio } = speech;
  const session = useRecordingSession();
  const { supported, recording } = session;
  // The text the page holds: during a recording with no words yet, the text it would give back.
  const { text, language, resultsShown } = draftOf(recording);
  const choice = useRecognitionChoice(recording.language, supported);
  const [rate, setRate] = useState<SpeechRateChoice>("normal");
  const [cleared, setCleared] = useState<ClearedWork | null>(null);
  const kiosk = useKioskActive();
  // The text held, for the audio restore that answers after it.
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  }, [text]);

  // The recogniser changes the text by itself once a recording gives words (they replace the
  // text, or add to it after Stop): audio made, or being made, from the text before goes, as
  // when the user changes it, and after Stop the user is told. Not at Start: a recording that
  // gives no words gives the text back, and with it the audio made from it, which a slip of the
  // hand on Start must not cost.
  const madeFrom = audio.audio?.text;
  const listening = isListening(recording);
  // Whether the page was listening before this render: the words heard up to Stop, which enter
  // the text with Stop itself, were not heard after it.
  const wasListening = useRef(listening);
  const followText = useEffectEvent(() => speech.follow(text, !wasListening.current));
  useEffect(() => followText(), [text, madeFrom]);
  useEffect(() => {
    wasListening.current = listening;
  }, [listening]);

  /**
   * A recording began before the stored draft was read, so the draft did not come back: it stays
   * stored, not overwritten by the page's empty text, until the page has a text of its own.
   */
  const keepStoredDraft = useRef(false);

  // The drafts come back once, when the page opens: the last audio only beside its own text.
  const draft = useStoredDraft(storageKeys.recognitionDraft, {
    parse: validDraft,
    onRestore(saved) {
      // Typed or started before the draft was read (it is the user's own now): the old text does
      // not come back, nor its audio beside the new text.
      if (recording.status !== "idle" || recording.text) {
        keepStoredDraft.current = !text;
        return false;
      }
      session.dispatch({ type: "restore", draft: saved });
      textRef.current = saved.text;
      void readValue<unknown>(storageKeys.lastAudio).then((savedAudio) => {
        const lastAudio = validAudio(savedAudio, saved);
        if (!lastAudio || textRef.current !== saved.text) return;
        speech.dispatch({ type: "restore", audio: lastAudio });
        setRate(lastAudio.rate);
      });
    },
  });

  const { loaded, save } = draft;
  useEffect(() => {
    if (!loaded || (keepStoredDraft.current && !text)) return;
    keepStoredDraft.current = false;
    save({ text, language, resultsShown });
  }, [loaded, save, text, language, resultsShown]);

  function toggleRecording() {
    if (isListening(recording)) {
      session.stop();
    } else {
      setCleared(null);
      void session.start(choice.planFor);
    }
  }

  function textChanged() {
    if (audio.status !== "none") speech.discard();
    speech.dispatch({ type: "text-changed" });
  }

  function editText(value: string) {
    setCleared(null);
    textChanged();
    session.dispatch({ type: "edit", text: value });
  }

  function chooseLanguage(value: string) {
    if (!isRecognitionLanguage(value) || isListening(recording)) return;
    textChanged();
    session.dispatch({ type: "choose-language", language: value });
  }

  function chooseRate(value: SpeechRateChoice) {
    if (audio.status !== "none") speech.discard();
    setRate(value);
  }

  function createAudio() {
    if (isListening(recording)) return;
    // The audio is restored only beside the text it was made from, so that text is saved now.
    return speech.create({ text, language, rate }, () => draft.flush());
  }

  function reset() {
    const lastAudio = audio.status === "ready" ? audio.audio : null;
    setCleared(
      !kiosk && (text.length > 0 || lastAudio)
        ? { draft: { text, language, resultsShown }, audio: lastAudio, rate }
        : null,
    );
    session.abort();
    speech.cancel();
    session.dispatch({ type: "reset" });
    speech.dispatch({ type: "reset" });
    // Reset removes the stored draft: there is nothing left to keep.
    keepStoredDraft.current = false;
    void draft.clear();
    void removeValue(storageKeys.lastAudio);
  }

  /** Brings back what the last Reset cleared, on screen and in storage. */
  function undoReset() {
    if (!cleared) return;
    session.dispatch({ type: "restore", draft: cleared.draft });
    setRate(cleared.rate);
    if (cleared.audio) {
      speech.dispatch({ type: "restore", audio: cleared.audio });
      void writeValue(storageKeys.lastAudio, cleared.audio);
    }
    setCleared(null);
  }

  return {
    supported,
    recording,
    choice,
    audio: audioBeside(audio, recording.text),
    rate,
    toggleRecording,
    editText,
    chooseLanguage,
    chooseRate,
    createAudio,
    reset,
    cleared,
    undoReset,
    dismissRecognitionProblem: () => session.dispatch({ type: "dismiss-problem" }),
    dismissAudioFailure: () => speech.dispatch({ type: "dismiss-failure" }),
    /** Stops making audio (Cancel): the text stays, and Create audio can be pressed again. */
    cancelAudio: () => speech.discard(),
    setPlaying: (playing: boolean) => speech.dispatch({ type: playing ? "playing" : "paused" }),
  };
}
