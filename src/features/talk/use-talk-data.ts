/**
 * The Talk screen's stored data (boards, history, settings): read from IndexedDB once, then
 * changed through pure functions and written back on every change. When a write fails the app's
 * storage notice says so (src/lib/storage.ts) and the screen goes on working from memory.
 */
import { startTransition, useEffect, useRef, useState } from "react";
import { boardFor, type Board, type Boards } from "@/features/talk/board/board";
import { keepLoadingStarterTexts, starterTextsOf } from "@/features/talk/board/starter-phrases";
import type { History } from "@/features/talk/history/history";
import type { TalkSettings } from "@/features/talk/talk-settings";
import type { SpeechLanguage } from "@/shared/speech-options";
import { loadUntilLoaded } from "@/lib/load-when-online";
import { storageKeys, writeValue } from "@/lib/storage";

export type TalkData = { boards: Boards; history: History; settings: TalkSettings };

// The code that reads and checks the stored data comes after the page, asked for until it comes
// (changes made meanwhile wait for the data, and would be lost with it).
const loadReading = loadUntilLoaded(() => import("@/features/talk/read-talk-data"));

const storageKeyOf = {
  boards: storageKeys.talkBoards,
  history: storageKeys.talkHistory,
  settings: storageKeys.talkSettings,
} as const;

/** Writes what `next` changed from `before`. */
function writeChanges(before: TalkData, next: TalkData) {
  for (const key of Object.keys(storageKeyOf) as (keyof TalkData)[]) {
    if (next[key] !== before[key]) void writeValue(storageKeyOf[key], next[key]);
  }
}

export function useTalkData(defaultLanguage: SpeechLanguage) {
  const [data, setData] = useState<TalkData | null>(null);
  // The latest data, for changes made one after another before React has rendered.
  const current = useRef<TalkData | null>(null);
  // Changes made before the stored data arrived (a tap the moment the page became usable, on a
  // slow tablet): applied on top of it when it comes, so none is lost.
  const pending = useRef<((data: TalkData) => TalkData)[]>([]);

  useEffect(() => {
    let cancelled = false;
    void loadReading()
      .then(({ readTalkData }) => readTalkData(defaultLanguage))
      .then((read) => {
        if (cancelled || current.current) return;
        const next = pending.current.reduce((data, update) => update(data), read);
        pending.current = [];
        current.current = next;
        writeChanges(read, next);
        // The whole screen renders again with the stored data: in slices, so a slow tablet stays
        // responsive (a tap meanwhile is answered first).
        startTransition(() => setData(next));
      });
    return () => {
      cancelled = true;
    };
  }, [defaultLanguage]);

  function apply(update: (data: TalkData) => TalkData) {
    const now = current.current;
    if (!now) {
      pending.current.push(update);
      return;
    }
    const next = update(now);
    if (next === now) return;
    current.current = next;
    setData(next);
    writeChanges(now, next);
  }

  return {
    data,
    /** Changes the board of the current language. */
    changeBoard(update: (board: Board) => Board) {
      apply((now) => {
        const { language } = now.settings;
        const board = boardFor(now.boards, language);
        const next = update(board);
        return next === board ? now : { ...now, boards: { ...now.boards, [language]: next } };
      });
    },
    replaceBoards(boards: Boards) {
      apply((now) => ({ ...now, boards }));
    },
    /** Puts these boards in place of the current ones in their languages; the others stay. */
    replaceBoardsIn(boards: Boards) {
      apply((now) => ({ ...now, boards: { ...now.boards, ...boards } }));
    },
    changeHistory(update: (history: History) => History) {
      apply((now) => ({ ...now, history: update(now.history) }));
    },
    changeSettings(settings: Partial<TalkSettings>) {
      const change = () => apply((now) => ({ ...now, settings: { ...now.settings, ...settings } }));
      // A board's starter phrases are here before it is shown in their language, and changed.
      const { language } = settings;
      if (language && !starterTextsOf(language)) {
        void keepLoadingStarterTexts(language).then(change);
      } else change();
    },
  };
}
