/**
 * My voice's state on the Talk screen: the stored examples (IndexedDB `dauys.voice-examples`),
 * whether recordings are kept, and the recogniser worker kept in step with the board's language.
 */
import { startTransition, useEffect, useRef, useState } from "react";
import type { Board } from "@/features/talk/board";
import { askRecogniser } from "@/features/talk/voice-recogniser";
import {
  parseVoiceExamples,
  setPhraseExamples,
  type StoredExample,
  type VoiceExamples,
} from "@/features/talk/voice-examples";
import type { SpeechLanguage } from "@/shared/speech-options";
import { readValue, storageKeys, writeValue } from "@/lib/storage";

type VoiceSettings = { keepRecordings: boolean };

export function useMyVoice(language: SpeechLanguage, board: Board) {
  const [examples, setExamples] = useState<VoiceExamples | null>(null);
  const [keepRecordings, setKeepRecordings] = useState(false);
  const current = useRef<VoiceExamples>({});

  useEffect(() => {
    let cancelled = false;
    void Promise.all([
      readValue<unknown>(storageKeys.voiceExamples),
      readValue<VoiceSettings>(storageKeys.voiceSettings),
    ]).then(([stored, settings]) => {
      if (cancelled) return;
      current.current = parseVoiceExamples(stored) ?? {};
      const examples = current.current;
      // In slices, as the stored board is (use-talk-data.ts).
      startTransition(() => {
        setExamples(examples);
        setKeepRecordings(settings?.keepRecordings === true);
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const forBoard = examples?.[language];
  const boardIds = board.map((phrase) => phrase.id).join("\n");
  // The worker knows the taught phrases that are on this language's board, nothing else.
  useEffect(() => {
    if (!forBoard) return;
    const onBoard = new Set(boardIds.split("\n"));
    const phrases = Object.fromEntries(
      Object.entries(forBoard)
        .filter(([phraseId]) => onBoard.has(phraseId))
        .map(([phraseId, list]) => [
          phraseId,
          list.map(({ features, origin, addedAt }) => ({ features, origin, addedAt })),
        ]),
    );
    void askRecogniser({ type: "load", phrases }).catch(() => undefined);
  }, [forBoard, boardIds]);

  const save = (next: VoiceExamples) => {
    current.current = next;
    setExamples(next);
    void writeValue(storageKeys.voiceExamples, next);
  };

  return {
    loaded: examples !== null,
    examples: forBoard ?? {},
    all: examples ?? {},
    keepRecordings,
    setKeepRecordings(keep: boolean) {
      setKeepRecordings(keep);
      void writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: keep });
      // Saying no also removes the recordings already kept.
      if (!keep) {
        const stripped: VoiceExamples = {};
        for (const [code, phrases] of Object.entries(current.current)) {
          stripped[code as SpeechLanguage] = Object.fromEntries(
            Object.entries(phrases).map(([id, list]) => [
              id,
              list.map(({ features, origin, addedAt }) => ({ features, origin, addedAt })),
            ]),
          );
        }
        save(stripped);
      }
    },
    setPhrase(phraseId: string, list: StoredExample[] | undefined) {
      save(setPhraseExamples(current.current, language, phraseId, list));
    },
    replaceAll(next: VoiceExamples) {
      save(next);
    },
  };
}

export type MyVoice = ReturnType<typeof useMyVoice>;
