/**
 * Talk's stored data read from IndexedDB and checked: anything unusable falls back to what a new
 * user has. Changes are stored, and another tab's changes read, part by part. Loaded after the
 * page (use-talk-data.ts): the board is drawn before it.
 */
import type { Boards } from "@/features/talk/board/board";
import { readBoards } from "@/features/talk/board/read-boards";
import { keepLoadingStarterTexts } from "@/features/talk/board/starter-phrases";
import {
  maxHistoryEntries,
  parseHistory,
  sameWords,
  type History,
} from "@/features/talk/history/history";
import { parseTalkSettings } from "@/features/talk/talk-settings";
import type { TalkData } from "@/features/talk/use-talk-data";
import type { SpeechLanguage } from "@/shared/speech-options";
import { readValue, storageKeys } from "@/lib/storage";
import { onChangeElsewhere, readAfterChanges, updateValue } from "@/lib/storage-between-tabs";

/**
 * Boards as stored, read through the same checks as an imported file; a language's board that
 * fails them does not take the other languages' boards with it.
 */
function parseStoredBoards(value: unknown): Boards {
  if (typeof value !== "object" || value === null) return {};
  const boards = readBoards(value);
  if (typeof boards !== "string") return boards;
  const kept: Boards = {};
  for (const [language, board] of Object.entries(value)) {
    const one = readBoards({ [language]: board });
    if (typeof one !== "string") Object.assign(kept, one);
  }
  return kept;
}

/** One part of the data as stored, checked. */
export function parseStored<P extends keyof TalkData>(
  part: P,
  value: unknown,
  defaultLanguage: SpeechLanguage,
): TalkData[P] {
  const parsers: { [Q in keyof TalkData]: (value: unknown) => TalkData[Q] } = {
    boards: parseStoredBoards,
    history: parseHistory,
    settings: (value) => parseTalkSettings(value, defaultLanguage),
  };
  return parsers[part](value);
}

const storageKeyOf = {
  boards: storageKeys.talkBoards,
  history: storageKeys.talkHistory,
  settings: storageKeys.talkSettings,
} as const;

/**
 * This page's change of the history (`before` to `next`) made on the history as stored now, which
 * another tab of the app may have changed since this page read it (the installed app beside a
 * browser tab): what it said meanwhile is kept, where storing this page's list would erase it.
 * Entries this page deleted (or cleared) go, and entries it added or said again come in, in place
 * of the same words stored under another id.
 */
function mergeHistoryChange(stored: History, before: History, next: History): History {
  const kept = new Set(next.map((entry) => entry.id));
  const deleted = new Set(before.filter((entry) => !kept.has(entry.id)).map((entry) => entry.id));
  const unchanged = new Set(before);
  const added = next.filter((entry) => !unchanged.has(entry));
  const addedIds = new Set(added.map((entry) => entry.id));
  const others = stored.filter(
    (entry) =>
      !deleted.has(entry.id) &&
      !addedIds.has(entry.id) &&
      !added.some((one) => sameWords(one, entry.text, entry.language)),
  );
  return [...added, ...others].sort((a, b) => b.saidAt - a.saidAt).slice(0, maxHistoryEntries);
}

/**
 * Stores what `next` changed from `before`, on each part as stored now: a board or setting this
 * page did not change stays as another tab of the app left it; so does a history entry another tab
 * said (`mergeHistoryChange`). Resolves once every part is stored.
 */
export async function storeChanges(
  before: TalkData,
  next: TalkData,
  defaultLanguage: SpeechLanguage,
): Promise<void> {
  const parts = (Object.keys(storageKeyOf) as (keyof TalkData)[]).filter(
    (part) => next[part] !== before[part],
  );
  const stores = parts.map((part) =>
    updateValue(storageKeyOf[part], (stored) => {
      if (part === "history")
        return mergeHistoryChange(parseHistory(stored), before.history, next.history);
      const old = before[part] as Record<string, unknown>;
      const now = next[part] as Record<string, unknown>;
      const merged: Record<string, unknown> = {
        ...parseStored(part, stored, defaultLanguage),
      };
      for (const name of new Set([...Object.keys(old), ...Object.keys(now)])) {
        if (old[name] === now[name]) continue;
        if (name in now) merged[name] = now[name];
        else delete merged[name];
      }
      return merged;
    }),
  );
  await Promise.all(stores);
}

/**
 * One part as stored now, checked. The board's language may not be the page's: its starter
 * phrases come with the settings, before the board is shown in it.
 */
async function readPart<P extends keyof TalkData>(
  part: P,
  defaultLanguage: SpeechLanguage,
): Promise<TalkData[P]> {
  const value = parseStored(part, await readValue<unknown>(storageKeyOf[part]), defaultLanguage);
  if (part === "settings") await keepLoadingStarterTexts((value as TalkData["settings"]).language);
  return value;
}

export async function readTalkData(defaultLanguage: SpeechLanguage): Promise<TalkData> {
  const [boards, history, settings] = await Promise.all([
    readPart("boards", defaultLanguage),
    readPart("history", defaultLanguage),
    readPart("settings", defaultLanguage),
  ]);
  return { boards, history, settings };
}

/**
 * Reads each part another tab of the app changes, and gives it to `onRead` (read again while
 * changes are made here: `readAfterChanges`). Returns the function that stops.
 */
export function readChangesElsewhere(
  defaultLanguage: SpeechLanguage,
  changesMade: () => number,
  onRead: <P extends keyof TalkData>(part: P, value: TalkData[P]) => void,
): () => void {
  let stopped = false;
  const readAgain = async (part: keyof TalkData) => {
    const value = await readAfterChanges(changesMade, () => readPart(part, defaultLanguage));
    if (!stopped) onRead(part, value);
  };
  const stops = (Object.keys(storageKeyOf) as (keyof TalkData)[]).map((part) =>
    onChangeElsewhere(storageKeyOf[part], () => void readAgain(part)),
  );
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
