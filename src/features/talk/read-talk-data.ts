/**
 * Talk's stored data read from IndexedDB and checked: anything unusable falls back to what a new
 * user has. Loaded after the page (use-talk-data.ts): the board is drawn before it.
 */
import type { Boards } from "@/features/talk/board/board";
import { readBoards } from "@/features/talk/board/read-boards";
import { keepLoadingStarterTexts } from "@/features/talk/board/starter-phrases";
import { parseHistory } from "@/features/talk/history/history";
import { parseTalkSettings } from "@/features/talk/talk-settings";
import type { TalkData } from "@/features/talk/use-talk-data";
import type { SpeechLanguage } from "@/shared/speech-options";
import { readValue, storageKeys } from "@/lib/storage";

/** Boards as stored, read through the same checks as an imported file. */
function parseStoredBoards(value: unknown): Boards {
  if (value === undefined) return {};
  const boards = readBoards(value);
  return typeof boards === "string" ? {} : boards;
}

export async function readTalkData(defaultLanguage: SpeechLanguage): Promise<TalkData> {
  const [boards, history, settings] = await Promise.all([
    readValue<unknown>(storageKeys.talkBoards),
    readValue<unknown>(storageKeys.talkHistory),
    readValue<unknown>(storageKeys.talkSettings),
  ]);
  const data = {
    boards: parseStoredBoards(boards),
    history: parseHistory(history),
    settings: parseTalkSettings(settings, defaultLanguage),
  };
  // The board's language may not be the page's: its starter phrases come before it is shown.
  await keepLoadingStarterTexts(data.settings.language);
  return data;
}
