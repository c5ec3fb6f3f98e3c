/**
 * The Talk screen's stored data (boards, history, settings): read from IndexedDB once, then
 * changed through pure functions and written back on every change, each part as it is stored
 * now, so what another tab of the app stored meanwhile is kept (read-talk-data.ts). When another
 * tab changes them, they are read again. When a write fails the app's storage notice says so
 * (src/lib/storage.ts) and the screen goes on working from memory.
 */
import { startTransition, useEffect, useRef, useState } from "react";
import { boardFor, type Board, type Boards } from "@/features/talk/board/board";
import { keepLoadingStarterTexts, starterTextsOf } from "@/features/talk/board/starter-phrases";
import type { History } from "@/features/talk/history/history";
import type { TalkSettings } from "@/features/talk/talk-settings";
import type { SpeechLanguage } from "@/shared/speech-options";
import { loadUntilLoaded } from "@/lib/load-when-online";

export type TalkData = { boards: Boards; history: History; settings: TalkSettings };

type Reading = typeof import("@/features/talk/read-talk-data");

// The code that reads and checks the stored data comes after the page, asked for until it comes
// (changes made meanwhile wait for the data, and would be lost with it).
const loadReading = loadUntilLoaded(() => import("@/features/talk/read-talk-data"));

/** `data` with the board of `language` changed. */
function withBoard(data: TalkData, language: SpeechLanguage, update: (board: Board) => Board) {
  const board = boardFor(data.boards, language);
  const next = update(board);
  return next === board ? data : { ...data, boards: { ...data.boards, [language]: next } };
}

export function useTalkData(defaultLanguage: SpeechLanguage) {
  const [data, setData] = useState<TalkData | null>(null);
  // The latest data, for changes made one after another before React has rendered.
  const current = useRef<TalkData | null>(null);
  // Changes made before the stored data arrived (a tap the moment the page became usable, on a
  // slow tablet): applied on top of it when it comes, so none is lost.
  const pending = useRef<((data: TalkData) => TalkData)[]>([]);
  const reading = useRef<Reading | null>(null);
  /** Changes made here so far, so that a read begun before one is not taken over it. */
  const changesMade = useRef(0);

  useEffect(() => {
    let cancelled = false;
    let stopWatching: (() => void) | undefined;
    void loadReading()
      .then(async (read) => ({ read, data: await read.readTalkData(defaultLanguage) }))
      .then(({ read, data }) => {
        if (cancelled) return;
        // Read once; run again (the interface's language changed), this only watches again.
        if (!current.current) {
          reading.current = read;
          const next = pending.current.reduce((data, update) => update(data), data);
          pending.current = [];
          changesMade.current += 1;
          void read.storeChanges(data, next, defaultLanguage);
          current.current = next;
          // The whole screen renders again with the stored data: in slices, so a slow tablet
          // stays responsive (a tap meanwhile is answered first).
          startTransition(() => setData(next));
        }
        // Another tab of the app (the installed app beside a browser tab) changed a part: this
        // page shows it, and its next change is made on top of it.
        stopWatching = read.readChangesElsewhere(
          defaultLanguage,
          () => changesMade.current,
          (part, value) => {
            const next = { ...current.current!, [part]: value };
            current.current = next;
            startTransition(() => setData(next));
          },
        );
      });
    return () => {
      cancelled = true;
      stopWatching?.();
    };
  }, [defaultLanguage]);

  function apply(update: (data: TalkData) => TalkData) {
    const now = current.current;
    const read = reading.current;
    if (!now || !read) {
      pending.current.push(update);
      return;
    }
    const next = update(now);
    if (next === now) return;
    current.current = next;
    setData(next);
    changesMade.current += 1;
    void read.storeChanges(now, next, defaultLanguage);
  }

  return {
    data,
    /** Changes the board of the current language. */
    changeBoard(update: (board: Board) => Board) {
      apply((now) => withBoard(now, now.settings.language, update));
    },
    /** Changes the board of `language`. */
    changeBoardIn(language: SpeechLanguage, update: (board: Board) => Board) {
      apply((now) => withBoard(now, language, update));
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
