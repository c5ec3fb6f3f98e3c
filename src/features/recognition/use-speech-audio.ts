/**
 * The audio side of the Speech Recognition page: the audio state machine and audio made from the
 * text by the speech service (or the device engine, which the host page's `makeSpeechAudio`
 * falls back to). Each generation gets an id; answers of older ones are ignored.
 */
import { useEffect, useReducer, useRef } from "react";
import {
  audioReducer,
  canCreateAudio,
  generationFailureOf,
  initialAudioState,
  isOutdated,
  type GenerationStage,
  type SavedAudio,
} from "@/features/recognition/audio-machine";
import {
  speechLanguageOf,
  speechRates,
  type SpeechRateChoice,
  type SpeechRequest,
} from "@/shared/speech-options";
import { removeValue, storageKeys, writeValue } from "@/lib/storage";

/**
 * Makes audio from a text, saying at which stage it is; rejects with NothingToSpeakError when the
 * text has nothing to read aloud, with AudioTooLongError when its audio would be too long, and
 * with VoiceNotOnDeviceError when the server could not be reached and the voice is not on the
 * device, and with an error named ServerFailedVoiceNotSavedError when the server answered with an
 * error and the voice is not on the device either. The page that hosts the workspace passes the speech-synthesis feature's
 * `createSpeechAudio`, which this feature does not import.
 */
export type MakeSpeechAudio = (
  request: SpeechRequest,
  options: { signal: AbortSignal; onProgress: (progress: { stage: GenerationStage }) => void },
) => Promise<{ blob: Blob }>;

export type AudioSource = { text: string; language: string; rate: SpeechRateChoice };

export function useSpeechAudio(makeSpeechAudio: MakeSpeechAudio) {
  const [audio, dispatch] = useReducer(audioReducer, initialAudioState);
  const generationRef = useRef(0);
  const abortRef = useRef<AbortController | null>(null);

  /** Stops any generation under way; its answer, if it still comes, is ignored. */
  function cancel() {
    generationRef.current++;
    abortRef.current?.abort();
    abortRef.current = null;
  }

  // Leaving the page stops any audio still being made, and an answer that still comes (the
  // on-device engine finishes what it started) is not stored: after a kiosk's privacy reset it
  // would keep the last patient's words on the device.
  useEffect(() => {
    const generation = generationRef;
    const abort = abortRef;
    return () => {
      generation.current++;
      abort.current?.abort();
    };
  }, []);

  /** Audio made from an old text or rate goes, on screen and in storage. */
  function discard() {
    cancel();
    dispatch({ type: "discard" });
    void removeValue(storageKeys.lastAudio);
  }

  /**
   * The recogniser changed the text to `text`: audio made, or being made, from the text before
   * goes, on screen and in storage; after Stop (`afterStop`) the user is told so.
   */
  function follow(text: string, afterStop: boolean) {
    if (isOutdated(audio, text)) {
      cancel();
      void removeValue(storageKeys.lastAudio);
    }
    dispatch({ type: "text-heard", text, afterStop });
  }

  /** Makes audio from `source`; `onSaved` runs once it is ready, before it is stored. */
  async function create(source: AudioSource, onSaved: () => void) {
    const speechLanguage = speechLanguageOf(source.language);
    if (!speechLanguage || !canCreateAudio(audio, source.text)) return;
    const generation = ++generationRef.current;
    const controller = new AbortController();
    abortRef.current?.abort();
    abortRef.current = controller;
    dispatch({ type: "generate", generation, text: source.text });
    try {
      const made = await makeSpeechAudio(
        { text: source.text.trim(), language: speechLanguage, rate: speechRates[source.rate] },
        {
          signal: controller.signal,
          onProgress: ({ stage }) => dispatch({ type: "progress", generation, stage }),
        },
      );
      if (generation !== generationRef.current) return;
      const saved: SavedAudio = { blob: made.blob, ...source, createdAt: new Date().toISOString() };
      dispatch({ type: "generated", generation, audio: saved });
      onSaved();
      void writeValue(storageKeys.lastAudio, saved);
    } catch (error) {
      if (generation !== generationRef.current) return;
      const failure = generationFailureOf(error);
      if (failure !== "nothing-to-speak") console.error("The audio could not be generated:", error);
      dispatch({ type: "generation-failed", generation, failure });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  }

  return { audio, dispatch, cancel, discard, follow, create };
}
