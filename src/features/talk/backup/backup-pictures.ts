/**
 * The user's own phrase pictures in a board file: read from the device into the file on export
 * (as base64), and kept on the device again on import, where they get new ids.
 */
import { type Board, type Boards, type Phrase } from "@/features/talk/board/board";
import { picturesOf } from "@/features/talk/board/board-edits";
import type { SpeechLanguage } from "@/shared/speech-options";
import { removePictures, savePicture } from "@/features/talk/board/phrase-picture-writes";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import type { PictureStore } from "@/features/talk/backup/open-board";
import {
  maxPictureBytes,
  pictureTypes,
  type FilePictures,
} from "@/features/talk/backup/board-file";
import { pictureSide, readHeader, resizePicture } from "@/features/talk/board/resize-picture";
import { maxPicturePixels } from "@/features/talk/backup/picture-bytes";

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

/** Whether a picture of this size is no bigger than the board shows it. */
const boardSized = ({ width, height }: { width: number; height: number }) =>
  width > 0 && height > 0 && Math.max(width, height) <= pictureSide;

/**
 * The picture as a board file carries it, and as the device keeps a picture from another AAC
 * app: as it is when the file takes it (WebP, JPEG or PNG, at most 512 kB) and its header says
 * it is no bigger than the board shows it (256 px a side), otherwise made small (256 px WebP). A
 * picture from another AAC app may be a GIF, an SVG, or a PNG of 6000 px a side in a few hundred
 * kB: kept as it was, it made backups too big to send, or to import again, and cost the tablet
 * its memory on every button showing it. One that cannot be made small stays as it was if a board
 * file takes it; otherwise the result is undefined.
 */
export async function pictureForFile(picture: Blob): Promise<Blob | undefined> {
  const fileTakes = pictureTypes.includes(picture.type) && picture.size <= maxPictureBytes;
  const size = fileTakes ? (await readHeader(picture)).size : undefined;
  if (size && boardSized(size)) return picture;
  const small = await resizePicture(picture);
  if (typeof small !== "string") return small;
  const drawable = !size || (size.width > 0 && size.width * size.height <= maxPicturePixels);
  return fileTakes && drawable ? picture : undefined;
}

/**
 * The picture kept under `id` as a board file carries it, or undefined when the device no longer
 * has it, cannot read it, or it is one a file cannot carry that cannot be made small. One that
 * fails on the way costs the file that picture, not the whole backup.
 */
async function filePicture(
  id: string,
  forFile: (picture: Blob) => Promise<Blob | undefined>,
): Promise<FilePictures[string] | undefined> {
  try {
    const stored = await readPicture(id);
    const picture = stored && (await forFile(stored));
    if (!picture) return undefined;
    return { type: picture.type, data: bytesToBase64(new Uint8Array(await picture.arrayBuffer())) };
  } catch {
    return undefined;
  }
}

/**
 * The pictures the boards use, read from the device, each as a board file carries it, and how
 * many were left out: counted, so the user learns which backup lacks pictures when it is made,
 * not when a new phone shows the phrases without them.
 */
export async function readBoardPictures(
  boards: Boards,
  forFile: (picture: Blob) => Promise<Blob | undefined> = pictureForFile,
): Promise<{ pictures: FilePictures; leftOut: number }> {
  const ids = new Set(boardsIn(boards).flatMap(([, board]) => picturesOf(board)));
  const pictures: FilePictures = {};
  let leftOut = 0;
  for (const id of ids) {
    const picture = await filePicture(id, forFile);
    if (picture) pictures[id] = picture;
    else leftOut += 1;
  }
  return { pictures, leftOut };
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

/**
 * Keeps the pictures an imported file's phrases use on the device; the boards refer to them by
 * their new ids. All or nothing: when one cannot be kept (the device is full or its storage
 * fails), those kept so far are erased again and the result is undefined, so an import never
 * leaves phrases that silently lost their pictures. Pictures no phrase uses are not kept.
 */
export async function keepImportedPictures(
  boards: Boards,
  pictures: FilePictures,
  store: PictureStore = { savePicture, removePictures },
): Promise<Boards | undefined> {
  const used = new Set(boardsIn(boards).flatMap(([, board]) => picturesOf(board)));
  const newIds = new Map<string, string>();
  for (const [id, picture] of Object.entries(pictures)) {
    if (!used.has(id)) continue;
    const kept = await store.savePicture(
      new Blob([base64ToBytes(picture.data)], { type: picture.type }),
    );
    if (!kept) {
      await store.removePictures([...newIds.values()]);
      return undefined;
    }
    newIds.set(id, kept);
  }
  const kept: Boards = {};
  for (const [language, board] of boardsIn(boards)) {
    kept[language] = withNewPictureIds(board, newIds);
  }
  return kept;
}

/**
 * The pictures only the replaced boards used: once `imported` takes the place of `current`'s
 * boards in its languages, nothing shows them, so they are erased rather than left on the device.
 */
export function picturesReplaced(current: Boards, imported: Boards): string[] {
  const after = { ...current, ...imported };
  const stillUsed = new Set(boardsIn(after).flatMap(([, board]) => picturesOf(board)));
  const replaced = boardsIn(current)
    .filter(([language]) => language in imported)
    .flatMap(([, board]) => picturesOf(board));
  return [...new Set(replaced)].filter((id) => !stillUsed.has(id));
}
