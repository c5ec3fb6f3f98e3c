/**
 * "Export the board": the board file made from the boards, what My voice learnt and the pictures
 * the boards use, and handed to the browser to save. Kept apart from the Backup panel so that
 * what it does when the device fails it can be tested without a browser.
 */
import type { Boards } from "@/features/talk/board/board";
import type { SpeechLanguage } from "@/shared/speech-options";
import type { VoiceExamples } from "@/features/talk/my-voice/voice-examples";
import { readBoardPictures } from "@/features/talk/backup/backup-pictures";
import { boardFileName, boardsOf, exportBoards } from "@/features/talk/backup/board-file";

/**
 * How long Export waits for My voice to read what it learnt (its code to come, the examples to
 * be read, and those an older method made to be made again: seconds on a slow tablet) before the
 * file goes without it. A store that never answers, or code that never comes, must not leave the
 * user waiting for a file that never comes.
 */
export const voiceWaitMs = 20_000;

/**
 * What My voice gives the file when Export is pressed: what it learnt ("in"); nothing yet, to wait
 * for ("wait"); or nothing, and the file goes without it at once: the device failed to read it,
 * and waiting would change nothing ("not-read"), or it was waited for voiceWaitMs ("late").
 */
export function voiceInFile(
  voice: VoiceExamples | null,
  readFailed: boolean,
  waitedLong: boolean,
): "in" | "wait" | "not-read" | "late" {
  if (voice) return "in";
  if (readFailed) return "not-read";
  return waitedLong ? "late" : "wait";
}

export type BoardExportSource = {
  boards: Boards;
  /** What My voice learnt; null when it was not read in time: the file goes without it. */
  voice: VoiceExamples | null;
  /** The speech language in use: its board goes into the file even if it was never changed. */
  language: SpeechLanguage;
};

export type BoardExportResult =
  /**
   * `picturesLeftOut`: pictures the boards use that the file goes without; `voiceLeftOut`: the
   * file goes without what My voice learnt.
   */
  { ok: true; picturesLeftOut: number; voiceLeftOut: boolean } | { ok: false };

/**
 * Makes the board file and hands it to `download`. Never throws: when the device fails it (the
 * starter words of a language not loading offline, the pictures' database, too little memory for
 * the file), no file is saved and the result says so, for the Backup panel to tell the user.
 */
export async function saveBoardFile(
  { boards, voice, language }: BoardExportSource,
  download: (file: Blob, name: string) => void,
  { readPictures = readBoardPictures, now = new Date() } = {},
): Promise<BoardExportResult> {
  try {
    // A board never changed is the starter board, written out too: the file holds the board
    // shown and those My voice learnt phrases of, and a new phone gets them as they were here.
    const learnt = voice ?? {};
    const saved = await boardsOf({ boards, voice: learnt }, [language]);
    const { pictures, leftOut } = await readPictures(saved);
    download(
      new Blob([exportBoards(saved, voice, now, pictures)], { type: "application/json" }),
      boardFileName,
    );
    return { ok: true, picturesLeftOut: leftOut, voiceLeftOut: voice === null };
  } catch {
    return { ok: false };
  }
}
