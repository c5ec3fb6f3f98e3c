/**
 * My voice's Listen: one take from the microphone (cut by the voice detector with the user's pace), recognised in the
 * worker; the phrase heard is said at once, an unsure answer offers its closest phrases, and
 * anything else says it did not catch it. `level` drives the live meter while listening.
 */
import { useEffect, useRef, useState } from "react";
import type { Phrase } from "@/features/talk/board";
import { openMicrophone, type MicrophoneSession } from "@/features/talk/microphone";
import type { Listening } from "@/features/talk/my-voice-answers";
import { askRecogniser } from "@/features/talk/voice-recogniser";
import type { TakeLimits } from "@/shared/phrase-recogniser/voice-detector.ts";

export function useListening(
  byId: ReadonlyMap<string, Phrase>,
  onSay: (phrase: Phrase) => void,
  limits: TakeLimits,
) {
  const [listening, setListening] = useState<Listening>({ kind: "idle" });
  // The last take reached the longest take (s): it was recognised as it was, and the user is told.
  const [keptAtLimitS, setKeptAtLimitS] = useState<number | null>(null);
  const [level, setLevel] = useState(0);
  const session = useRef<MicrophoneSession | null>(null);
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
    setListening({ kind: "listening" });
    setKeptAtLimitS(null);
    let microphone: MicrophoneSession;
    try {
      microphone = await openMicrophone(setLevel);
    } catch {
      setListening({ kind: "no-microphone" });
      return;
    }
    if (gone.current) return microphone.close();
    session.current = microphone;
    const take = await microphone.nextTake(limits);
    // Closed already when the screen was left (the take ended with it).
    if (gone.current) return;
    microphone.close();
    session.current = null;
    if (take.end === "no-voice") {
      setListening({ kind: "not-caught" });
      return;
    }
    if (take.end === "time-limit") setKeptAtLimitS(Math.round(limits.maxTakeMs / 1000));
    setListening({ kind: "recognising" });
    const answer = await askRecogniser(
      { type: "recognise", samples: take.samples, sampleRate: take.sampleRate },
      [take.samples.buffer],
    ).catch(() => null);
    if (gone.current) return;
    if (!answer || answer.type !== "recognition") {
      setListening({ kind: "failed" });
      return;
    }
    const { recognition, features } = answer;
    const heard = recognition.phraseId && byId.get(recognition.phraseId);
    if (recognition.decision === "accepted" && heard) {
      setListening({ kind: "heard", phraseId: heard.id });
      onSay(heard);
    } else if (recognition.decision === "unsure") {
      const suggestions = recognition.suggestions.filter((id) => byId.has(id)).slice(0, 3);
      setListening(
        suggestions.length ? { kind: "unsure", suggestions, features } : { kind: "not-caught" },
      );
    } else {
      setListening({ kind: "not-caught" });
    }
  };

  return {
    listening,
    setListening,
    level,
    keptAtLimitS,
    listen,
    stopTake: () => session.current?.stopTake(),
  };
}
