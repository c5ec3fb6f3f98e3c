/**
 * My voice's answer to one take, as a plain state machine: what Listen shows, and what each of
 * the user's answers teaches the recogniser. Every take that ends in a choice is kept: a phrase
 * answered and then undone with "Not that" keeps it as a counter-example, and the phrase the
 * user then chooses (in the list or on the board) keeps it as an example. "None of these" (after
 * "Did you mean" or "did not catch it") keeps it as a counter-example of each phrase offered, once
 * the user has chosen another or moved on. A
 * phrase said at once that the user goes on from (Listen again) without "Not that" was right: it
 * keeps the take too. Another phrase tapped on the board, or other words said (typed, from the
 * history), in between leave that unsure: the take is not kept. What a question left unanswered
 * (CHOICE_WAIT_MS), or left for other words said, keeps is only what the user said no to ("Not
 * that", "None of these"); a take whose board's language changed keeps nothing: a tap on the
 * board later is a phrase said, not an answer. A take under way is dropped when the language
 * changes or Talk says something else meanwhile.
 *
 * A "no" is kept once the user has gone on from it, not when it is pressed: "Not that" pressed by
 * a slip of the hand, then the same phrase chosen, keeps the take as that phrase's example only.
 * Kept as both, the take would stop the phrase from ever being said at once again.
 */
import type { MicrophoneProblem } from "@/features/talk/my-voice/microphone";
import type { Recognition } from "@/shared/phrase-recogniser/recogniser.ts";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";

/** A take heard by Listen: what the recogniser needs, and its recording when the user keeps them. */
export type HeardTake = { features: SerialisedFeatures; audio?: Blob };

export type Listening =
  | { kind: "idle" }
  /**
   * The microphone is opening: nothing is heard yet. On a slow tablet that takes a moment, and a
   * phrase begun at "Listening…" would lose its start (and "I have finished" would end nothing).
   */
  | { kind: "starting" }
  | { kind: "listening" }
  | { kind: "recognising" }
  /** Said at once; `others` are the next closest phrases, offered after "Not that". */
  | { kind: "heard"; phraseId: string; others: string[]; take: HeardTake }
  | { kind: "unsure"; suggestions: string[]; take: HeardTake }
  /**
   * After "Not that" or "None of these": which phrase was meant (the list or the board).
   * `notThese`: the phrases the user said "None of these" to.
   */
  | {
      kind: "choosing";
      suggestions: string[];
      take: HeardTake;
      wrongId?: string;
      notThese?: string[];
    }
  /** The chosen phrase's examples are unlike this take: keep it or not. */
  | { kind: "asking-far"; phraseId: string; take: HeardTake }
  /**
   * No phrase was near enough to answer or ask. A take the recogniser heard offers its closest
   * phrases (`suggestions`), so that the phrase meant is one tap away beside Listen and not only
   * on the board, which on a phone is screens above; a take the microphone refused has none.
   */
  | { kind: "not-caught"; take?: HeardTake; suggestions: string[] }
  /** The phrase the user chose, said. */
  | { kind: "chosen"; phraseId: string }
  | { kind: "failed" }
  | { kind: "no-microphone"; problem: MicrophoneProblem };

/**
 * What an answer teaches: the take kept as an example (or counter-example) of a phrase. An
 * example far from the phrase's others is asked about first (`askIfFar`), once.
 */
export type Lesson = {
  phraseId: string;
  origin: "confirmed" | "counter";
  take: HeardTake;
  askIfFar: boolean;
};

export type AnswerEvent =
  /**
   * Listen again: a new take begins. `known`: the phrases taught and on the board now (one said
   * at once may have been forgotten or deleted since).
   */
  | { type: "listen"; known: (id: string) => boolean }
  | {
      type: "recognised";
      recognition: Recognition;
      take: HeardTake;
      known: (id: string) => boolean;
    }
  | { type: "not-that" }
  | { type: "none-of-these" }
  /** No phrase chosen after all: the take is not kept as an example of anything. */
  | { type: "never-mind" }
  /**
   * Talk said other words (typed, from the history, or a phrase tapped on the board while a take
   * is under way) than a phrase said at once: that answer is not confirmed, as after another
   * phrase tapped on the board; a question waiting goes; a take under way is dropped.
   */
  | { type: "said-else" }
  /** A phrase chosen in the list, or tapped on the board (which said it already). */
  | { type: "chose"; phraseId: string; alreadySaid?: boolean }
  | { type: "far"; phraseId: string; take: HeardTake }
  | { type: "keep-far"; keep: boolean }
  /**
   * The answer's moment has passed: its question was left (CHOICE_WAIT_MS, "unanswered"), or
   * the board's language changed ("language": the phrases it names are another language's, under
   * ids the new one shares).
   */
  | { type: "expire"; why: "unanswered" | "language" }
  /**
   * The user gave up on a microphone that has not opened (the browser may be waiting for them to
   * allow it, in a question they have not seen): the take is dropped, and Listen is free again.
   */
  | { type: "stop-starting" };

export type AnswerStep = {
  listening: Listening;
  /** The phrase to say now. */
  say?: string;
  /** Stop what is being said (it was wrong). */
  stopSpeech?: boolean;
  learn?: Lesson;
  /** The take is none of these phrases: kept as a counter-example of each. */
  counters?: Lesson[];
};

const choices = 3;

/**
 * How long a take waits on screen for the user to say which phrase it was. Long enough for a
 * switch user to scan a full board to the phrase; after it, the question goes, and a tap on the
 * board (the next thing to say, perhaps by a carer) teaches the take nothing.
 */
export const CHOICE_WAIT_MS = 2 * 60_000;

/**
 * The phrases a take was said not to be ("Not that", "None of these"), but for the one chosen
 * after all: counter-examples that make each answer at once only for takes clearly unlike this one.
 */
function turnedDown(listening: Listening, chosen?: string): Pick<AnswerStep, "counters"> {
  if (listening.kind !== "choosing") return {};
  const { take, wrongId, notThese = [] } = listening;
  const counters = (wrongId ? [wrongId, ...notThese] : notThese)
    .filter((phraseId) => phraseId !== chosen)
    .map((phraseId): Lesson => ({ phraseId, origin: "counter", take, askIfFar: false }));
  return counters.length ? { counters } : {};
}

/** The states that answer a take (and what they keep of it goes when the answer expires). */
const answering = new Set<Listening["kind"]>([
  "heard",
  "unsure",
  "choosing",
  "asking-far",
  "not-caught",
  "chosen",
]);

/** The states of a take under way: the microphone opening or open, or the take being recognised. */
const taking = new Set<Listening["kind"]>(["starting", "listening", "recognising"]);

/** Whether a take is under way (Listen is busy). */
export const isTaking = (listening: Listening) => taking.has(listening.kind);

/** Whether a take is waiting for the user to say which phrase it was. */
export function awaitsChoice(listening: Listening): boolean {
  return (
    listening.kind === "unsure" ||
    listening.kind === "choosing" ||
    (listening.kind === "not-caught" && listening.take !== undefined)
  );
}

/** The take kept as an example of the phrase, with no question asked (the user said it was it). */
const confirmed = ({ phraseId, take }: { phraseId: string; take: HeardTake }): Lesson => ({
  phraseId,
  origin: "confirmed",
  take,
  askIfFar: false,
});

export function answer(listening: Listening, event: AnswerEvent): AnswerStep {
  switch (event.type) {
    case "listen": {
      const { counters } = turnedDown(listening);
      const stillKnown = counters?.filter((counter) => event.known(counter.phraseId)) ?? [];
      return {
        listening: { kind: "starting" },
        ...(listening.kind === "heard" && event.known(listening.phraseId)
          ? { learn: confirmed(listening) }
          : {}),
        ...(stillKnown.length ? { counters: stillKnown } : {}),
      };
    }
    case "recognised": {
      const { recognition, take, known } = event;
      const ranked = recognition.ranked.map((c) => c.phraseId).filter(known);
      const heard = recognition.phraseId;
      if (recognition.decision === "accepted" && heard && known(heard))
        return {
          listening: {
            kind: "heard",
            phraseId: heard,
            others: ranked.filter((id) => id !== heard).slice(0, choices),
            take,
          },
          say: heard,
        };
      const suggestions = recognition.suggestions.filter(known).slice(0, choices);
      if (recognition.decision === "unsure" && suggestions.length)
        return { listening: { kind: "unsure", suggestions, take } };
      return { listening: { kind: "not-caught", take, suggestions: ranked.slice(0, choices) } };
    }
    case "not-that":
      if (listening.kind !== "heard") return { listening };
      return {
        listening: {
          kind: "choosing",
          suggestions: listening.others,
          take: listening.take,
          wrongId: listening.phraseId,
        },
        stopSpeech: true,
      };
    case "none-of-these":
      if (listening.kind !== "unsure" && listening.kind !== "not-caught") return { listening };
      if (!listening.take || !listening.suggestions.length) return { listening };
      return {
        listening: {
          kind: "choosing",
          suggestions: [],
          take: listening.take,
          notThese: listening.suggestions,
        },
      };
    case "never-mind":
      if (listening.kind !== "choosing") return { listening };
      return { listening: { kind: "idle" }, ...turnedDown(listening) };
    case "chose": {
      // Another phrase tapped on the board after one said at once: a correction, or simply the
      // next thing to say. Either way the answer was not confirmed, so its take teaches nothing
      // (kept, the next Listen would teach it as the phrase said at once).
      if (listening.kind === "heard" && event.phraseId !== listening.phraseId)
        return { listening: { kind: "idle" } };
      if (!awaitsChoice(listening)) return { listening };
      const take = (listening as { take: HeardTake }).take;
      return {
        listening: { kind: "chosen", phraseId: event.phraseId },
        ...(event.alreadySaid ? {} : { say: event.phraseId }),
        learn: { phraseId: event.phraseId, origin: "confirmed", take, askIfFar: true },
        ...turnedDown(listening, event.phraseId),
      };
    }
    case "said-else":
      // The user went on and said it another way: a take under way is dropped (Talk's speech would
      // be in it), and a question left waiting goes as if unanswered, or a later tap on the board
      // (the next thing to say, perhaps by a carer) would teach the take.
      if (listening.kind === "heard" || taking.has(listening.kind))
        return { listening: { kind: "idle" } };
      if (!awaitsChoice(listening)) return { listening };
      return { listening: { kind: "idle" }, ...turnedDown(listening) };
    case "far":
      // Asked only while the choice it follows is still on screen: once the user has listened
      // again, the question would take over the new take. Unasked, the far take is not kept.
      if (listening.kind !== "chosen" || listening.phraseId !== event.phraseId)
        return { listening };
      return { listening: { kind: "asking-far", phraseId: event.phraseId, take: event.take } };
    case "keep-far":
      if (listening.kind !== "asking-far") return { listening };
      return {
        listening: { kind: "chosen", phraseId: listening.phraseId },
        ...(event.keep ? { learn: confirmed(listening) } : {}),
      };
    case "stop-starting":
      if (listening.kind !== "starting") return { listening };
      return { listening: { kind: "idle" } };
    case "expire":
      // A take under way when the board's language changes is dropped: it would be answered with
      // the other language's phrases, or kept as an example of them.
      if (event.why === "language" && taking.has(listening.kind))
        return { listening: { kind: "idle" } };
      if (!answering.has(listening.kind)) return { listening };
      return {
        listening: { kind: "idle" },
        ...(event.why === "unanswered" ? turnedDown(listening) : {}),
      };
  }
}
