/**
 * The board as one JSON file, for a backup or a move to a new phone. Reading a file checks all of
 * it before anything is used, so a bad file is refused whole and the board stays as it was.
 */
import { starterBoard, type Boards } from "@/features/talk/board/board";
import { loadStarterTexts, starterPhrases } from "@/features/talk/board/starter-phrases";
import { speechLanguages, type SpeechLanguage } from "@/shared/speech-options";
import { isRecord, readBoards, type BoardProblem } from "@/features/talk/board/read-boards";
import {
  maxPicturePixels,
  pictureSize,
  type PictureType,
} from "@/features/talk/backup/picture-bytes";
import {
  parseVoiceExamples,
  withoutRecordings,
  type VoiceExamples,
} from "@/features/talk/my-voice/voice-examples";

export const boardFileFormat = "dauys-talk-board";
/**
 * 2 added My voice's examples (features only, never recordings); 3 added the user's own phrase
 * pictures (the small copies kept on the device, as base64).
 */
export const boardFileVersion = 3;
export const boardFileName = "dauys-talk-board.json";
/**
 * A file bigger than this is read only if it begins as a board file (`beginsAsBoardFile`): a
 * video or an archive chosen by mistake is not read into memory. A board file is read whatever
 * its size, since no size holds all an export may write: 300 phrases in each of six languages,
 * each with its picture and My voice's examples. A backup the app made and then refused would
 * lose a patient's board on the move to a new phone.
 */
export const maxBoardFileBytes = 16 * 1024 * 1024;
/** As much of a file as `beginsAsBoardFile` needs. */
const boardFileHeadBytes = 256;
/** A picture is kept at 256 px (board/resize-picture.ts): a few tens of kB, never this much. */
export const maxPictureBytes = 512 * 1024;
/** The picture types a board file carries. */
export const pictureTypes: readonly string[] = ["image/webp", "image/jpeg", "image/png"];

/** The user's own pictures in a file, by the id the boards refer to them with. */
export type FilePictures = Record<string, { type: string; data: string }>;

export type BoardFile = {
  format: typeof boardFileFormat;
  version: typeof boardFileVersion;
  exportedAt: string;
  boards: Boards;
  voice: VoiceExamples;
  /**
   * The file was saved without what My voice learnt (Export could not read it in time): `voice`
   * is empty, and importing the file leaves what My voice learnt on the device as it is.
   */
  voiceLeftOut?: true;
  pictures: FilePictures;
};

/** Why a file was refused; the page says it in the user's language. */
export type BoardFileProblem =
  BoardProblem | "too-large" | "not-json" | "newer-version" | "bad-voice" | "bad-picture";

export type BoardFileResult =
  | {
      ok: true;
      boards: Boards;
      voice: VoiceExamples;
      voiceLeftOut?: true;
      pictures: FilePictures;
      phraseCount: number;
    }
  | { ok: false; problem: BoardFileProblem };

/** The file's text; `voice` null when what My voice learnt could not be read for it. */
export function exportBoards(
  boards: Boards,
  voice: VoiceExamples | null,
  now: Date,
  pictures: FilePictures = {},
): string {
  const file: BoardFile = {
    // First: a big file is read only if it begins with it (beginsAsBoardFile).
    format: boardFileFormat,
    version: boardFileVersion,
    exportedAt: now.toISOString(),
    boards,
    voice: voice ? withoutRecordings(voice) : {},
    ...(voice ? {} : { voiceLeftOut: true }),
    pictures,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

const boardFileStart = new RegExp(`^\\uFEFF?\\s*\\{\\s*"format"\\s*:\\s*"${boardFileFormat}"`);

/**
 * Whether a file's first bytes are those of a board file: `exportBoards` writes the format
 * first. Spaces and line ends may differ (a file moved through another system).
 */
function beginsAsBoardFile(head: string): boolean {
  return boardFileStart.test(head.slice(0, boardFileHeadBytes));
}

/** Whether a file is too large to be a board, checked before it is read whole. */
export async function tooLargeToRead(file: Blob): Promise<boolean> {
  if (file.size <= maxBoardFileBytes) return false;
  return !beginsAsBoardFile(await file.slice(0, boardFileHeadBytes).text());
}

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

const bytesOfBase64 = (data: string) => Uint8Array.from(atob(data), (char) => char.charCodeAt(0));

/** The file's pictures, checked; undefined when one is not a small picture. */
function readPictures(value: unknown): FilePictures | undefined {
  if (value === undefined) return {};
  if (!isRecord(value)) return undefined;
  const pictures: FilePictures = {};
  for (const [id, picture] of Object.entries(value)) {
    if (!/^[\w-]{1,100}$/.test(id) || !isRecord(picture)) return undefined;
    const { type, data } = picture;
    if (typeof type !== "string" || !pictureTypes.includes(type)) return undefined;
    if (typeof data !== "string" || data.length === 0 || data.length % 4 !== 0) return undefined;
    if (data.length > (maxPictureBytes / 3) * 4 || !base64.test(data)) return undefined;
    // Not a picture too big to draw, each time the board shows (as an Open Board picture).
    const size = pictureSize(bytesOfBase64(data), type as PictureType);
    if (size && (!size.width || size.width * size.height > maxPicturePixels)) return undefined;
    pictures[id] = { type, data };
  }
  return pictures;
}

/** Reads an exported board file; `size` is the file's size in bytes. */
export function parseBoardFile(text: string, size = text.length): BoardFileResult {
  if (size > maxBoardFileBytes && !beginsAsBoardFile(text)) {
    return { ok: false, problem: "too-large" };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problem: "not-json" };
  }
  if (!isRecord(data) || data.format !== boardFileFormat || !isRecord(data.boards)) {
    return { ok: false, problem: "not-a-board" };
  }
  if (typeof data.version !== "number" || !Number.isInteger(data.version)) {
    return { ok: false, problem: "not-a-board" };
  }
  if (data.version > boardFileVersion) return { ok: false, problem: "newer-version" };
  const pictures = readPictures(data.pictures);
  if (!pictures) return { ok: false, problem: "bad-picture" };
  const voice = parseVoiceExamples(data.voice, true);
  if (!voice) return { ok: false, problem: "bad-voice" };
  // A file exported before the starter boards were written into it has only My voice's examples
  // for a board the user never changed: that board is the starter board.
  const onlyVoice = Object.keys(data.boards).length === 0 && Object.keys(voice).length > 0;
  const boards = onlyVoice ? {} : readBoards(data.boards);
  if (typeof boards === "string") return { ok: false, problem: boards };
  const phraseCount = languagesOf({ boards, voice }).reduce(
    (sum, language) => sum + (boards[language]?.length ?? starterPhrases.length),
    0,
  );
  // Said only of a file without examples: one that has them replaces what My voice learnt.
  const voiceLeftOut = data.voiceLeftOut === true && !Object.keys(voice).length;
  return { ok: true, boards, voice, ...(voiceLeftOut && { voiceLeftOut }), pictures, phraseCount };
}

/**
 * What My voice learnt, as an imported file puts it in place of what it learnt for the file's
 * languages (`boards`: the boards the file makes): a language the file has no examples for keeps
 * none, or this phone's would answer for the file's phrases of the same ids, whose words may
 * differ. Null for a file saved without what My voice learnt (Export could not read it in time):
 * what My voice learnt on this device stays as it is, instead of being emptied by a file that
 * never had it.
 */
export function voiceOfImport(
  file: { voice: VoiceExamples; voiceLeftOut?: true },
  boards: Boards,
): VoiceExamples | null {
  if (file.voiceLeftOut) return null;
  const none = Object.fromEntries(Object.keys(boards).map((language) => [language, {}]));
  return { ...none, ...file.voice };
}

/**
 * The boards a file makes, or is made of: its own, and the starter board where it has only My
 * voice's examples, or where `alsoIn` asks for one (a board the user never changed). Loads those
 * starter boards' words.
 */
export async function boardsOf(
  file: { boards: Boards; voice: VoiceExamples },
  alsoIn: SpeechLanguage[] = [],
): Promise<Boards> {
  const starters = speechLanguages.filter(
    (language) => !file.boards[language] && (language in file.voice || alsoIn.includes(language)),
  );
  await loadStarterTexts(...starters);
  return { ...file.boards, ...Object.fromEntries(starters.map((l) => [l, starterBoard(l)])) };
}

/** The languages a file has boards or voice examples for: the ones importing it replaces. */
export function languagesOf(file: { boards: Boards; voice: VoiceExamples }): SpeechLanguage[] {
  return speechLanguages.filter((language) => language in file.boards || language in file.voice);
}
