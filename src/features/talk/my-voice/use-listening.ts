/**
 * My voice's Listen: one take from the microphone (cut by the voice detector at the user's
 * pace), recognised in the worker, then answered as voice-answer.ts says (said at once, asked, or
 * not caught), and each of the user's answers after it (`answerWith`); listening again after an
 * answer said at once confirms it. `onStep` does what a step asks: say a phrase, stop the speech,
 * keep the take. `level` drives the live meter while listening.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { Phrase } from "@/features/talk/board/board";
import {
  microphoneProblemOf,
  openMicrophone,
  type MicrophoneSession,
} from "@/features/talk/my-voice/microphone";
import {
  answer,
  awaitsChoice,
  CHOICE_WAIT_MS,
  isTaking,
  type AnswerEvent,
  type AnswerStep,
  type HeardTake,
  type Listening,
} from "@/features/talk/my-voice/voice-answer";
import { askRecogniser } from "@/features/talk/my-voice/voice-recogniser";
import { encodeWav16 } from "@/shared/phrase-recogniser/wav-reader.ts";
import type { TakeLimits } from "@/shared/phrase-recogniser/take-limits.ts";

export function useListening(
  /** The phrases taught and on the board now: what a take can be answered or confirmed as. */
  byId: ReadonlyMap<string, Phrase>,
  keepRecordings: boolean,
  limits: TakeLimits,
  onStep: (step: AnswerStep, answerWith: (event: AnswerEvent) => void) => void,
) {
  const [listening, setListening] = useState<Listening>({ kind: "idle" });
  // The last take reached the longest take (s): it was recognised as it was, and the user is told.
  const [keptAtLimitS, setKeptAtLimitS] = useState<number | null>(null);
  // The state the next answer applies to, also between renders (two quick presses).
  const latest = useRef<Listening>(listening);
  // The take under way, by number: one dropped (the language changed, Talk said something else)
  // goes no further, and its microphone closes.
  const takeNumber = useRef(0);
  const session = useRef<MicrophoneSession | null>(null);
  const dropTake = () => {
    takeNumber.current++;
    session.current?.close();
    session.current = null;
  };
  const step = (event: AnswerEvent) => {
    const next = answer(latest.current, event);
    if (next.listening === latest.current) return;
    const dropped = isTaking(latest.current) && event.type !== "recognised";
    latest.current = next.listening;
    setListening(next.listening);
    if (dropped && !isTaking(next.listening)) dropTake();
    onStep(next, step);
  };
  const show = (next: Listening) => {
    latest.current = next;
    setListening(next);
  };
  // A question left unanswered goes, and with it the take (voice-answer.ts).
  const expire = useEffectEvent(() => step({ type: "expire", why: "unanswered" }));
  useEffect(() => {
    if (!awaitsChoice(listening) && listening.kind !== "asking-far") return;
    const timer = setTimeout(expire, CHOICE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [listening]);
  const [level, setLevel] = useState(0);
  // Leaving the screen mid-take closes the microphone, and nothing heard is said afterwards.
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      session.current?.close();
      session.current = null;
    };
  }, []);

  const listen = async () => {
    // An answer said at once and not undone is kept as it goes (voice-answer.ts).
    step({ type: "listen", known: (id) => byId.has(id) });
    const number = ++takeNumber.current;
    const dropped = () => gone.current || takeNumber.current !== number;
    setKeptAtLimitS(null);
    let microphone: MicrophoneSession;
    try {
      microphone = await openMicrophone(setLevel);
    } catch (error) {
      if (dropped()) return;
      show({
        kind: "no-microphone",
        problem: microphoneProblemOf(error),
      });
      return;
    }
    if (dropped()) return microphone.close();
    session.current = microphone;
    show({ kind: "listening" });
    const take = await microphone.nextTake(limits);
    // Closed already when the screen was left or the take dropped (the take ended with it).
    if (dropped()) return;
    microphone.close();
    session.current = null;
    if (take.end === "no-voice") {
      show({ kind: "not-caught", suggestions: [] });
      return;
    }
    // Half a phrase and the silence after it are not the user's take: they are told, not asked.
    if (take.end === "lost") {
      show({ kind: "no-microphone", problem: "lost" });
      return;
    }
    if (take.end === "time-limit") setKeptAtLimitS(Math.round(limits.maxTakeMs / 1000));
    show({ kind: "recognising" });
    // Made before the samples go to the worker: the take may be kept as an example.
    const audio = keepRecordings
      ? new Blob([encodeWav16(take.samples, take.sampleRate) as BlobPart], { type: "audio/wav" })
      : undefined;
    const reply = await askRecogniser(
      { type: "recognise", samples: take.samples, sampleRate: take.sampleRate },
      [take.samples.buffer],
    ).catch(() => null);
    if (dropped()) return;
    if (!reply || reply.type !== "recognition") {
      show({ kind: "failed" });
      return;
    }
    const heardTake: HeardTake = { features: reply.features, ...(audio ? { audio } : {}) };
    step({
      type: "recognised",
      recognition: reply.recognition,
      take: heardTake,
      known: (id) => byId.has(id),
    });
  };

  return {
    listening,
    answerWith: step,
    level,
    keptAtLimitS,
    listen,
    stopTake: () => session.current?.stopTake(),
  };
}
