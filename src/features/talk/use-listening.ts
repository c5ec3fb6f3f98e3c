/**
 * My voice's Listen: one take from the microphone (voice-activity endpointing), recognised in the
 * worker; the phrase heard is said at once, an unsure answer offers its closest phrases, and
 * anything else says it did not catch it. `level` drives the live meter while listening.
 */
import { useEffect, useRef, useState } from "react";
import type { Phrase } from "@/features/talk/board";
import { openMicrophone, type MicrophoneSession } from "@/features/talk/microphone";
import type { Listening } from "@/features/talk/my-voice-answers";
import { askRecogniser } from "@/features/talk/voice-recogniser";

export function useListening(byId: ReadonlyMap<string, Phrase>, onSay: (phrase: Phrase) => void) {
  const [listening, setListening] = useState<Listening>({ kind: "idle" });
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
    let microphone: MicrophoneSession;
    try {
      microphone = await openMicrophone(setLevel);
    } catch {
      setListening({ kind: "no-microphone" });
      return;
    }
    if (gone.current) return microphone.close();
    session.current = microphone;
    const take = await microphone.nextTake();
    // Closed already when the screen was left (the take ended with it).
    if (gone.current) return;
    microphone.close();
    session.current = null;
    if (take.end === "no-voice") {
      setListening({ kind: "not-caught" });
      return;
    }
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
    listen,
    stopTake: () => session.current?.stopTake(),
  };
}
