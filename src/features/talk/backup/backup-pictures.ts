/**
 * The user's own phrase pictures in a board file: read from the device into the file on export
 * (as base64), and kept on the device again on import, where they get new ids.
 */
import { picturesOf, type Board, type Boards, type Phrase } from "@/features/talk/board/board";
import type { SpeechLanguage } from "@/shared/speech-options";
import { readPicture, savePicture } from "@/features/talk/board/phrase-pictures";
import type { FilePictures } from "@/features/talk/backup/board-file";

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

export function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

const boardsIn = (boards: Boards) => Object.entries(boards) as [SpeechLanguage, Board][];

/** The pictures the boards use, read from the device (one that cannot be read is left out). */
export async function readBoardPictures(boards: Boards): Promise<FilePictures> {
  const ids = new Set(boardsIn(boards).flatMap(([, board]) => picturesOf(board)));
  const pictures: FilePictures = {};
  for (const id of ids) {
    const picture = await readPicture(id);
    if (picture) {
      pictures[id] = {
        type: picture.type,
        data: bytesToBase64(new Uint8Array(await picture.arrayBuffer())),
      };
    }
  }
  return pictures;
}

/** The phrase with its picture's new id, or without a picture the device could not keep. */
export function withNewPictureIds(board: Board, newIds: ReadonlyMap<string, string>): Board {
  return board.map((phrase): Phrase => {
    if (phrase.symbol?.set !== "picture") return phrase;
    const id = newIds.get(phrase.symbol.id);
    if (id) return { ...phrase, symbol: { set: "picture", id } };
    const bare = { ...phrase };
    delete bare.symbol;
    return bare;
  });
}

/** Keeps an imported file's pictures on the device; the boards refer to them by their new ids. */
export async function keepImportedPictures(
  boards: Boards,
  pictures: FilePictures,
): Promise<Boards> {
  const newIds = new Map<string, string>();
  for (const [id, picture] of Object.entries(pictures)) {
    const kept = await savePicture(new Blob([base64ToBytes(picture.data)], { type: picture.type }));
    if (kept) newIds.set(id, kept);
  }
  const kept: Boards = {};
  for (const [language, board] of boardsIn(boards)) {
    kept[language] = withNewPictureIds(board, newIds);
  }
  return kept;
}
