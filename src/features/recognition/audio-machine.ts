/**
 * The adaptive-audio panel's states: no audio → generating → ready (playing or paused). Audio is
 * made only when none exists and there is text; it always matches the text, language and rate it
 * was made from, so changing any of them discards it. Every generation carries an id chosen by
 * the caller (always new): the answer of a generation that was discarded or reset meanwhile is
 * ignored, and the generating flag is cleared on success and on failure alike.
 */
import {
  maxTextLength,
  NothingToSpeakError,
  VoiceNotOnDeviceError,
  type SpeechRateChoice,
} from "@/shared/speech-options";

export type GenerationStage = "requesting-server" | "loading-local-engine" | "synthesizing-locally";

/**
/**
 * Why the last generation failed, or its audio went: the text has nothing to read aloud, or its
 * audio would be too long (either way it must change), the server could not be reached and the
 * voice is not on this device to make it instead (a connection and saving the voice help), the
 * server answered with an error and the voice is not on this device (another try may work;
 * saving the voice helps), the audio could not be made (another try may work), or words heard
 * after Stop changed the text the audio was made (or being made) from.
 */
export type GenerationFailure =
  | "nothing-to-speak"
  | "too-long"
  | "no-voice"
  | "server-failed-no-voice"
  | "not-generated"
  | "text-changed";

/**
 * The failure that `error`, from making the audio, stands for. AudioTooLongError and
 * ServerFailedVoiceNotSavedError are told by their names: their classes come with the code that
 * makes audio, not with the page's first load.
 */
export function generationFailureOf(error: unknown): GenerationFailure {
  const name = (error as Error | undefined)?.name;
  return error instanceof NothingToSpeakError
    ? "nothing-to-speak"
    : name === "AudioTooLongError"
      ? "too-long"
      : error instanceof VoiceNotOnDeviceError
        ? "no-voice"
        : name === "ServerFailedVoiceNotSavedError"
          ? "server-failed-no-voice"
          : "not-generated";
}

/** The last generated audio, as kept in IndexedDB (`storageKeys.lastAudio`). */
export type SavedAudio = {
  blob: Blob;
  text: string;
  /** The recognition language code the text was in, such as "kk-KZ". */
  language: string;
  rate: SpeechRateChoice;
  createdAt: string;
};

export type AudioState = {
  status: "none" | "generating" | "ready";
  audio: SavedAudio | null;
  playing: boolean;
  /** Id of the generation in progress (or the last one); answers for any other id are stale. */
  generation: number;
  /** The text of the generation in progress (or the last one). */
  making: string;
  stage: GenerationStage | null;
  failure: GenerationFailure | null;
};

export type AudioEvent =
  | { type: "generate"; generation: number; text: string }
  | { type: "progress"; generation: number; stage: GenerationStage }
  | { type: "generated"; generation: number; audio: SavedAudio }
  | { type: "generation-failed"; generation: number; failure: GenerationFailure }
  | { type: "playing" }
  | { type: "paused" }
  | { type: "discard" }
  | { type: "restore"; audio: SavedAudio }
  | { type: "dismiss-failure" }
  | { type: "text-changed" }
  /** The recogniser changed the text to `text`; `afterStop`: the recording had been stopped. */
  | { type: "text-heard"; text: string; afterStop: boolean }
  | { type: "reset" };

export const initialAudioState: AudioState = {
  status: "none",
  audio: null,
  playing: false,
  generation: 0,
  making: "",
  stage: null,
  failure: null,
};

/** Whether the text can become audio: not blank, and within the speech engine's limit. */
export function isSpeakableText(text: string): boolean {
  const length = text.trim().length;
  return length > 0 && length <= maxTextLength;
}

/** Audio may be created only when none exists (or is being made) and there is speakable text. */
export function canCreateAudio(state: AudioState, text: string): boolean {
  return state.status === "none" && isSpeakableText(text);
}

/**
 * The audio as offered beside `text`, the text on screen: audio made from another text (the one
 * a recording under way replaced, which comes back should the recording give no words) waits
 * with that text, not offered; played now, the recogniser would hear it.
 */
export function audioBeside(state: AudioState, text: string): AudioState {
  return state.audio && state.audio.text !== text ? initialAudioState : state;
}

/** Whether the audio, or the audio being made, is of another text than `text`. */
export function isOutdated(state: AudioState, text: string): boolean {
  const from = state.status === "generating" ? state.making : state.audio?.text;
  return from !== undefined && from !== text;
}

export function isGenerating(state: AudioState): boolean {
  return state.status === "generating";
}

export function audioReducer(state: AudioState, event: AudioEvent): AudioState {
  switch (event.type) {
    case "generate":
      if (!canCreateAudio(state, event.text)) return state;
      return {
        ...state,
        status: "generating",
        generation: event.generation,
        making: event.text,
        stage: null,
        failure: null,
      };
    case "progress":
      if (state.status !== "generating" || event.generation !== state.generation) return state;
      return { ...state, stage: event.stage };
    case "generated":
      if (state.status !== "generating" || event.generation !== state.generation) return state;
      return { ...state, status: "ready", audio: event.audio, playing: false, stage: null };
    case "generation-failed":
      if (state.status !== "generating" || event.generation !== state.generation) return state;
      return { ...state, status: "none", stage: null, failure: event.failure };
    case "playing":
      return state.status === "ready" ? { ...state, playing: true } : state;
    case "paused":
      return state.playing ? { ...state, playing: false } : state;
    case "discard":
      if (state.status === "none") return state;
      return { ...initialAudioState, failure: state.failure };
    case "restore":
      if (state.status !== "none") return state;
      return { ...state, status: "ready", audio: event.audio, playing: false, failure: null };
    case "dismiss-failure":
      return { ...state, failure: null };
    case "text-heard":
      // Words that came after Stop, perhaps after Create audio was pressed: the audio of the
      // text before them goes, and the user is told why. During a recording, its words replace
      // the text, which is no news.
      if (isOutdated(state, event.text)) {
        return { ...initialAudioState, failure: event.afterStop ? "text-changed" : null };
      }
      return audioReducer(state, { type: "text-changed" });
    case "text-changed":
      // "Nothing to read aloud" and "too long" were about the text (or its language), which is
      // no longer there.
      return state.failure === "nothing-to-speak" || state.failure === "too-long"
        ? { ...state, failure: null }
        : state;
    case "reset":
      return initialAudioState;
  }
}
