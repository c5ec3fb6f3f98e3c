/**
 * The recording panel's states: idle → (starting →) recording → stopped. "starting" covers the
 * moment between the press and the browser's confirmation that it listens, so a microphone
 * failure leaves the earlier text alone; the text is cleared only once a new recording really
 * begins, and comes back should that recording end without a word (no speech heard, the network
 * lost, a slip of the hand on Start). While recording, only final transcripts enter the text;
 * interim words are kept apart. At Stop the words heard but not yet final enter the text as they
 * are, so they are there should their final words never come (a connection lost just then); the
 * final words replace them if they do. What the user types meanwhile is kept exactly as typed:
 * late words never follow it (see `typedAfter`).
 */
import { defaultRecognitionLanguage } from "@/features/recognition/recognition-languages";

export type RecordingStatus = "idle" | "starting" | "recording" | "stopped";

/** What went wrong with recognition, each shown as its own alert. */
export type RecognitionProblem =
  | "language-not-supported"
  /** The microphone is refused: by the user, the browser's settings or the system's. */
  | "microphone"
  | "microphone-missing"
  /** The microphone is there but would not start: in use by another app, or a fault. */
  | "microphone-busy"
  | "no-speech"
  /** The browser's online recognition service is needed, and the device is offline. */
  | "network"
  /** Online, yet the browser's recognition service could not be reached (blocked, or down). */
  | "service-unreachable"
  /** The browser or the system does not allow speech recognition here (dictation turned off). */
  | "service-not-allowed"
  | "recognition-failed";

export type RecognitionDraft = {
  text: string;
  language: string;
  resultsShown: boolean;
};

export type RecordingState = {
  status: RecordingStatus;
  /** The recognized (and possibly corrected) text: final transcripts only. */
  text: string;
  /** Words the recognizer may still change; never part of `text`. */
  interim: string;
  /** The chosen recognition language, a BCP 47 code such as "ru-RU". */
  language: string;
  /**
   * Whether the result panels are shown: after the first recording stops, once the user has typed,
   * or from a draft.
   */
  resultsShown: boolean;
  problem: RecognitionProblem | null;
  /** The text a recording under way replaced: it comes back if the recording gives no words. */
  replaced: string;
  /**
   * The end of `text` that was heard but not final when Stop was pressed: the recogniser's final
   * words for it, should they come, take its place.
   */
  unconfirmed: string;
  /**
   * What the user typed after the words heard at Stop, once they typed there or changed those
   * words (null while the end of the text is still the recogniser's). From then on the text's end
   * is the user's: late words only update the heard words still in `unconfirmed`, in place and
   * word for word, and none is added after what the user typed. Words the user changed are
   * theirs (`unconfirmed` is then empty): late words change nothing.
   */
  typedAfter: string | null;
};

export type RecordingEvent =
  | { type: "request-start" }
  | { type: "cancel-start" }
  | { type: "started" }
  | { type: "interim"; transcript: string }
  | { type: "final"; transcript: string }
  | { type: "stop" }
  | { type: "ended" }
  | { type: "fail"; problem: RecognitionProblem }
  | { type: "dismiss-problem" }
  | { type: "edit"; text: string }
  | { type: "choose-language"; language: string }
  | { type: "restore"; draft: RecognitionDraft }
  | { type: "reset" };

export function initialRecordingState(language = defaultRecognitionLanguage): RecordingState {
  return {
    status: "idle",
    text: "",
    interim: "",
    language,
    resultsShown: false,
    problem: null,
    replaced: "",
    unconfirmed: "",
    typedAfter: null,
  };
}

/** Starting or recording: the big button offers "Stop recording". */
export function isListening(state: RecordingState): boolean {
  return state.status === "starting" || state.status === "recording";
}

/**
 * Whether a Stop pressed `sinceStart` ms after Start is the hand's bounce, a tremor's second tap
 * on the same button, to be ignored: only while the recording is still starting (the microphone
 * opening, the recogniser loading), where a double tap would stop it before it began, and only
 * as soon as a tremor repeats a tap (a few times a second). A Stop meant as one comes later (the
 * change must be seen first) and cancels the start: ignored, the microphone would open after the
 * user asked it not to.
 */
export function isStopBounce(status: RecordingStatus, sinceStart: number): boolean {
  return status === "starting" && sinceStart < 400;
}

/** Appends a final transcript to the text, one space between pieces. */
export function appendTranscript(text: string, transcript: string): string {
  const piece = transcript.trim();
  if (!piece) return text;
  if (!text || /\s$/.test(text)) return text + piece;
  return `${text} ${piece}`;
}

function stopped(state: RecordingState): RecordingState {
  return { ...state, status: "stopped", interim: "", resultsShown: true };
}

const wordsOf = (text: string) => text.match(/\S+/g) ?? [];

/** The text without the words heard at Stop that no final words have confirmed yet. */
function confirmedText(state: RecordingState): string {
  const { text, unconfirmed } = state;
  return unconfirmed && text.endsWith(unconfirmed) ? text.slice(0, -unconfirmed.length) : text;
}

/**
 * Words heard after Stop (`heard`, not yet final, or "" for none) take the place of those
 * heard before, at the end of the text.
 */
function withUnconfirmed(state: RecordingState, heard: string): RecordingState {
  const confirmed = confirmedText(state);
  const text = appendTranscript(confirmed, heard);
  return { ...state, text, unconfirmed: text.slice(confirmed.length) };
}

/** Where the words heard at Stop are in the text: their start and end. */
function heardSpan({ text, unconfirmed, typedAfter }: RecordingState): [number, number] {
  const end = text.length - (typedAfter ?? "").length;
  return [end - unconfirmed.length, end];
}

/**
 * Late words (`transcript`; `final` when the recogniser will not change them) where the user has
 * typed after the words heard at Stop: they update those words in place, word for word, and the
 * words beyond them are not added. Final ones are confirmed and leave `unconfirmed`.
 */
function updatedInPlace(state: RecordingState, transcript: string, final: boolean) {
  const heard = wordsOf(state.unconfirmed);
  const late = wordsOf(transcript).slice(0, heard.length);
  const [start, end] = heardSpan(state);
  const lead = /^\s*/.exec(state.unconfirmed)![0];
  const confirmed = final ? late.join(" ") : "";
  const open = [...late.slice(confirmed ? late.length : 0), ...heard.slice(late.length)].join(" ");
  const unconfirmed = open && (confirmed ? " " : lead) + open;
  const text =
    state.text.slice(0, start) +
    (confirmed && lead + confirmed) +
    unconfirmed +
    state.text.slice(end);
  return { ...state, text, unconfirmed };
}

const isWordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}]/u.test(char);

/**
 * The user changed the text to `typed` after Stop, while late words may still come: where their
 * change fell against the words heard at Stop. Before those words, the end stays as it was;
 * after them (nothing of the words themselves changed), it is the user's typing; in them, the
 * words are the user's.
 */
function typedAfterStop(state: RecordingState, typed: string): RecordingState {
  const { text, unconfirmed } = state;
  if (typed === text) return state;
  const [start, end] = heardSpan(state);
  // The part that changed: text[from, text.length - same) became typed[from, typed.length - same].
  let from = 0;
  while (from < text.length && text[from] === typed[from]) from++;
  let same = 0;
  const most = Math.min(text.length, typed.length) - from;
  while (same < most && text.at(-1 - same) === typed.at(-1 - same)) same++;
  const shift = typed.length - text.length;
  if (text.length - same <= start && from < end) {
    // Before the heard words, which keep their place at the same distance from the end.
    const at = start + shift;
    if (!unconfirmed || !(isWordChar(typed[at - 1]) && isWordChar(typed[at]))) {
      return { ...state, text: typed };
    }
  } else if (from >= end && !(isWordChar(typed[end - 1]) && isWordChar(typed[end]))) {
    return { ...state, text: typed, typedAfter: typed.slice(end) };
  }
  return { ...state, text: typed, unconfirmed: "", typedAfter: "" };
}

/**
 * The recogniser is gone while it was recording (it failed, or ended by itself): no final words
 * will come for what it was still hearing, so the words shown as heard so far are kept as text.
 */
function keepHeard(state: RecordingState): RecordingState {
  if (state.status !== "recording" || !state.interim) return state;
  return { ...state, text: appendTranscript(state.text, state.interim) };
}

/**
 * The text the page holds: while a recording has given no words yet, the text it replaced, which
 * comes back should it give none. What is saved for a reload, and what audio must match.
 */
function keptText(state: RecordingState): string {
  return state.replaced && !state.text.trim() ? state.replaced : state.text;
}

/**
 * The recognizer is done (its last words have come, or it failed): a recording that gave no words
 * gives the text it replaced back. Not at Stop: the last words often come just after it.
 */
function settled(state: RecordingState): RecordingState {
  if (!state.replaced && !state.unconfirmed) return state;
  return { ...state, text: keptText(state), replaced: "", unconfirmed: "" };
}

export function recordingReducer(state: RecordingState, event: RecordingEvent): RecordingState {
  switch (event.type) {
    case "request-start":
      if (isListening(state)) return state;
      return {
        ...state,
        status: "starting",
        interim: "",
        problem: null,
        unconfirmed: "",
        typedAfter: null,
      };
    case "cancel-start":
      // Nothing started (the voice had nowhere it may go): back to where the user was.
      if (state.status !== "starting") return state;
      return { ...state, status: state.resultsShown ? "stopped" : "idle" };
    case "started":
      // A new recording replaces the previous text.
      if (state.status !== "starting") return state;
      return {
        ...state,
        status: "recording",
        text: "",
        interim: "",
        replaced: state.text || state.replaced,
      };
    case "interim":
      // After Stop, words the recogniser is still making out take the place of those heard
      // before; none (all final by now) keeps them.
      if (state.status === "stopped" && event.transcript.trim()) {
        return state.typedAfter === null
          ? withUnconfirmed(state, event.transcript)
          : updatedInPlace(state, event.transcript, false);
      }
      if (state.status !== "recording") return state;
      return { ...state, interim: event.transcript.trim() };
    case "final":
      // Late finals of a recording that was just stopped still belong to it, and take the place
      // of the words heard at Stop. A blank one does not take those away.
      if (state.status !== "recording" && state.status !== "stopped") return state;
      if (state.unconfirmed && !event.transcript.trim()) return state;
      if (state.typedAfter !== null) return updatedInPlace(state, event.transcript, true);
      return {
        ...state,
        text: appendTranscript(confirmedText(state), event.transcript),
        interim: "",
        unconfirmed: "",
      };
    case "stop":
      if (!isListening(state)) return state;
      // What was heard up to Stop is kept, should the final words for it never come.
      return stopped(withUnconfirmed(state, state.interim));
    case "ended":
      return settled(isListening(state) ? stopped(keepHeard(state)) : state);
    case "fail":
      // Recording stops; the text field is shown so the user can still type.
      return { ...settled(stopped(keepHeard(state))), problem: event.problem };
    case "dismiss-problem":
      return { ...state, problem: null };
    case "edit": {
      // Typed in while recording: what the user typed is theirs, nothing is put back over it.
      // Typed where the voice could go nowhere: the field stays once recognition becomes possible.
      // After Stop, late words may still come: where the user typed decides what they do.
      const typed = state.status === "stopped" ? typedAfterStop(state, event.text) : state;
      return {
        ...typed,
        text: event.text,
        replaced: "",
        resultsShown: state.resultsShown || event.text.length > 0,
      };
    }
    case "choose-language":
      if (isListening(state)) return state;
      return { ...state, language: event.language, problem: null };
    case "restore":
      if (state.status !== "idle" || state.text) return state;
      return {
        ...state,
        text: event.draft.text,
        language: event.draft.language,
        resultsShown: event.draft.resultsShown || event.draft.text.length > 0,
      };
    case "reset":
      return initialRecordingState(state.language);
  }
}

/** What is kept for a reload: during a recording with no words yet, the text it would give back. */
export function draftOf(state: RecordingState): RecognitionDraft {
  return { text: keptText(state), language: state.language, resultsShown: state.resultsShown };
}
