/**
 * Boards from other AAC apps (Cboard, CoughDrop, Global Symbols) in the Open Board Format: one
 * board (.obf, JSON) or a set of linked boards (.obz, a zip). Dauys keeps one board a speech
 * language, in its own categories: the buttons of the first board become "My phrases", and each
 * board it links to becomes the Dauys category of the same name where there is one (else "My
 * phrases" too), in the order the grid shows them. Reading checks the whole file before anything
 * is kept, so a bad or hostile file is refused whole and the board stays as it was.
 */
import { strFromU8 } from "fflate";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import {
  cleanPhraseText,
  isBoardCategory,
  maxPhraseLength,
  maxPhrasesPerLanguage,
  type Board,
  type BoardCategory,
  type Boards,
  type Phrase,
} from "@/features/talk/board/board";
import { newPhraseId } from "@/features/talk/board/board-edits";
import {
  checkFormat,
  openBoardLimits,
  openBoardManifestSchema,
  openBoardSchema,
  type OpenBoard,
  type OpenBoardButton,
  type OpenBoardImage,
} from "@/features/talk/backup/open-board-schema";
import { safeZipPath, unzipSafely, type ZipProblem } from "@/features/talk/backup/open-board-zip";
import { bytesOfDataUrl, pictureSize, pictureType } from "@/features/talk/backup/picture-bytes";

/** Why a file was refused; the page says it in the user's language. */
export type OpenBoardProblem =
  | Exclude<ZipProblem, "not-a-zip">
  | "too-large"
  | "not-open-board"
  | "newer-version"
  | "picture-too-large"
  | "too-many-boards"
  | "too-many-phrases"
  | "no-phrases";

/** A phrase's picture before it is kept: a symbol, or a picture of the file by its key. */
export type ImportedSymbol = { set: "openmoji"; code: string } | { set: "file"; key: string };

export type ImportedPhrase = {
  text: string;
  category: BoardCategory;
  favourite: boolean;
  symbol?: ImportedSymbol;
};

/** What the file had that Dauys does not keep, for the page to say. */
export type LeftOut = {
  /** Hidden buttons, buttons that only act (clear, spell) and buttons with nothing to say. */
  buttons: number;
  /** Links to boards that are not in the file. */
  links: number;
  /** Pictures missing from the file, of a kind Dauys cannot show, or not fetched. */
  pictures: number;
  /** Recorded sounds on buttons (Dauys speaks the words instead). */
  sounds: number;
};

export type OpenBoardImport = {
  language: SpeechLanguage;
  /** False when the file's locale is none of the six languages and the fallback was used. */
  languageFromFile: boolean;
  phrases: readonly ImportedPhrase[];
  pictures: ReadonlyMap<string, Blob>;
  leftOut: LeftOut;
};

export type OpenBoardResult =
  { ok: true; imported: OpenBoardImport } | { ok: false; problem: OpenBoardProblem };

export type OpenBoardReadOptions = {
  /** The speech language for a board whose locale is none of the six. */
  fallbackLanguage: SpeechLanguage;
  /** The Dauys category a linked board's name stands for, if any. */
  categoryFor: (name: string) => BoardCategory | undefined;
  /** Fetches a picture the file only links to; undefined when it cannot be had. */
  fetchPicture: (url: string) => Promise<Blob | undefined>;
};

class Refusal extends Error {
  readonly problem: OpenBoardProblem;
  constructor(problem: OpenBoardProblem) {
    super(problem);
    this.problem = problem;
  }
}

/** Where boards and the files beside them come from: the zip of a set, or nothing for one .obf. */
type Source = {
  files: ReadonlyMap<string, Uint8Array>;
  /** The set's manifest: board ids to paths, for links that give an id only. */
  boardPaths: Readonly<Record<string, string>>;
};

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(strFromU8(bytes));
  } catch {
    throw new Refusal("not-open-board");
  }
}

function readBoardJson(bytes: Uint8Array): OpenBoard {
  if (bytes.length > openBoardLimits.boardBytes) throw new Refusal("too-large");
  const data = parseJson(bytes);
  const format = checkFormat((data as { format?: unknown } | null)?.format);
  if (format !== "ok") throw new Refusal(format);
  const { buttons } = data as { buttons?: unknown };
  if (Array.isArray(buttons) && buttons.length > openBoardLimits.buttonsPerBoard) {
    throw new Refusal("too-many-phrases");
  }
  const board = openBoardSchema.safeParse(data);
  if (!board.success) throw new Refusal("damaged");
  return board.data;
}

function languageOf(locale: string | undefined): SpeechLanguage | undefined {
  const language = locale?.toLowerCase().split(/[-_]/)[0];
  return isSpeechLanguage(language) ? language : undefined;
}

/** The buttons in the order the board shows them: its grid row by row, else as listed. */
function shownButtons(board: OpenBoard): { shown: OpenBoardButton[]; notShown: number } {
  if (!board.grid) return { shown: board.buttons, notShown: 0 };
  const byId = new Map(board.buttons.map((button) => [button.id, button]));
  const shown = new Set<OpenBoardButton>();
  for (const row of board.grid.order) {
    for (const id of row) {
      const button = id == null ? undefined : byId.get(id);
      if (button) shown.add(button);
    }
  }
  // A grid that names none of the buttons is a broken grid, not an empty board.
  if (shown.size === 0) return { shown: board.buttons, notShown: 0 };
  return { shown: [...shown], notShown: board.buttons.length - shown.size };
}

/** One key a picture, so one the set's boards share is read, fetched and kept once. */
function pictureKey(image: OpenBoardImage, boardPath: string): string {
  if (image.data === undefined && image.path !== undefined) return `path:${image.path}`;
  if (image.data === undefined && image.url !== undefined) return `url:${image.url}`;
  return `${boardPath}#${image.id}`;
}

/** The category Dauys wrote on a button of a single .obf board it saved. */
function ownCategory(button: OpenBoardButton): BoardCategory | undefined {
  return isBoardCategory(button.ext_dauys_category) ? button.ext_dauys_category : undefined;
}

const spokenText = (button: OpenBoardButton) =>
  cleanPhraseText(button.vocalization ?? "") || cleanPhraseText(button.label ?? "");

/** Reads one file's boards into a Dauys board, refusing it whole on the first problem. */
class BoardReader {
  readonly phrases: ImportedPhrase[] = [];
  readonly pictures = new Map<string, Blob>();
  readonly leftOut: LeftOut = { buttons: 0, links: 0, pictures: 0, sounds: 0 };
  private readonly visited = new Set<string>();
  /** Pictures that could not be had, so one missing picture is looked for (or fetched) once. */
  private readonly missing = new Set<string>();
  private readonly source: Source;
  private readonly options: OpenBoardReadOptions;

  constructor(source: Source, options: OpenBoardReadOptions) {
    this.source = source;
    this.options = options;
  }

  board(path: string): OpenBoard {
    const bytes = this.source.files.get(path);
    if (!bytes) throw new Refusal("damaged");
    return readBoardJson(bytes);
  }

  /** Reads a board and, through its links, the boards it leads to (each once). */
  async read(board: OpenBoard, path: string, category: BoardCategory | undefined) {
    this.visited.add(path);
    if (this.visited.size > openBoardLimits.boards) throw new Refusal("too-many-boards");
    const { shown, notShown } = shownButtons(board);
    this.leftOut.buttons += notShown;
    for (const button of shown) {
      if (button.load_board) await this.follow(button, category);
      else await this.addPhrase(board, path, button, category ?? ownCategory(button) ?? "mine");
    }
  }

  private linkPath(button: OpenBoardButton): string | undefined {
    const link = button.load_board!;
    if (link.path !== undefined) {
      const path = safeZipPath(link.path);
      if (path === undefined) throw new Refusal("unsafe-path");
      if (this.source.files.has(path)) return path;
    }
    const byId = link.id === undefined ? undefined : this.source.boardPaths[link.id];
    return byId !== undefined && this.source.files.has(byId) ? byId : undefined;
  }

  private async follow(button: OpenBoardButton, category: BoardCategory | undefined) {
    const path = this.linkPath(button);
    if (path === undefined) {
      this.leftOut.links += 1;
      return;
    }
    if (this.visited.has(path)) return;
    const linked = this.board(path);
    // Boards linked from the first one become categories; deeper ones join their parent's.
    const name = cleanPhraseText(button.label ?? "") || cleanPhraseText(linked.name ?? "");
    const linkedCategory = category ?? ownCategory(button) ?? this.options.categoryFor(name);
    await this.read(linked, path, linkedCategory ?? "mine");
  }

  private async addPhrase(
    board: OpenBoard,
    path: string,
    button: OpenBoardButton,
    category: BoardCategory,
  ) {
    const acts = button.action !== undefined || (button.actions?.length ?? 0) > 0;
    const text = spokenText(button);
    if (button.hidden || (acts && !button.vocalization) || !text || text.length > maxPhraseLength) {
      this.leftOut.buttons += 1;
      return;
    }
    if (button.sound_id !== undefined) this.leftOut.sounds += 1;
    const image =
      button.image_id === undefined
        ? undefined
        : board.images.find((candidate) => candidate.id === button.image_id);
    if (button.image_id !== undefined && !image) this.leftOut.pictures += 1;
    const symbol = image ? await this.symbol(image, pictureKey(image, path)) : undefined;
    this.phrases.push({
      text,
      category,
      favourite: button.ext_dauys_favourite === true,
      ...(symbol ? { symbol } : {}),
    });
    if (this.phrases.length > maxPhrasesPerLanguage) throw new Refusal("too-many-phrases");
  }

  private async symbol(image: OpenBoardImage, key: string): Promise<ImportedSymbol | undefined> {
    if (image.ext_dauys_openmoji) return { set: "openmoji", code: image.ext_dauys_openmoji };
    if (this.pictures.has(key)) return { set: "file", key };
    const picture = this.missing.has(key) ? undefined : await this.picture(image);
    if (!picture) {
      this.missing.add(key);
      this.leftOut.pictures += 1;
      return undefined;
    }
    this.pictures.set(key, picture);
    return { set: "file", key };
  }

  private async picture(image: OpenBoardImage): Promise<Blob | undefined> {
    const { pictureBytes } = openBoardLimits;
    let bytes: Uint8Array | undefined;
    if (image.data !== undefined) {
      const data = bytesOfDataUrl(image.data, pictureBytes);
      if (data && "tooLarge" in data) throw new Refusal("picture-too-large");
      bytes = data?.bytes;
    }
    if (!bytes && image.path !== undefined) {
      const path = safeZipPath(image.path);
      if (path === undefined) throw new Refusal("unsafe-path");
      bytes = this.source.files.get(path);
      if (bytes && bytes.length > pictureBytes) throw new Refusal("picture-too-large");
    }
    if (!bytes && image.url !== undefined && /^https?:\/\//i.test(image.url)) {
      const fetched = await this.options.fetchPicture(image.url);
      // A picture on the internet is not the file's fault: too big, it is only left out.
      if (fetched && fetched.size <= pictureBytes)
        bytes = new Uint8Array(await fetched.arrayBuffer());
    }
    if (!bytes) return undefined;
    const type = pictureType(bytes);
    if (!type) return undefined;
    // A small file can hold a picture of huge size (a flat colour compresses to almost nothing),
    // which a tablet would run out of memory drawing: it is left out.
    const size = pictureSize(bytes, type);
    if (size && (size.width * size.height > openBoardLimits.picturePixels || !size.width)) {
      return undefined;
    }
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  }
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

async function openSet(bytes: Uint8Array): Promise<{ source: Source; root: string }> {
  const zip = await unzipSafely(bytes, {
    files: openBoardLimits.files,
    fileBytes: openBoardLimits.boardBytes,
    totalBytes: openBoardLimits.unpackedBytes,
  });
  if (!zip.ok) throw new Refusal(zip.problem === "not-a-zip" ? "not-open-board" : zip.problem);
  const manifestBytes = zip.files.get("manifest.json");
  if (!manifestBytes) throw new Refusal("not-open-board");
  const data = parseJson(manifestBytes);
  const format = checkFormat((data as { format?: unknown } | null)?.format);
  if (format !== "ok") throw new Refusal(format);
  const manifest = openBoardManifestSchema.safeParse(data);
  if (!manifest.success) throw new Refusal("damaged");
  const root = safeZipPath(manifest.data.root);
  const boardPaths: Record<string, string> = {};
  for (const [id, path] of Object.entries(manifest.data.paths.boards ?? {})) {
    const safe = safeZipPath(path);
    if (safe === undefined) throw new Refusal("unsafe-path");
    boardPaths[id] = safe;
  }
  if (root === undefined) throw new Refusal("unsafe-path");
  return { source: { files: zip.files, boardPaths }, root };
}

/** Reads an .obf or .obz file (told apart by its content, not its name). */
export async function readOpenBoard(
  bytes: Uint8Array,
  options: OpenBoardReadOptions,
): Promise<OpenBoardResult> {
  try {
    if (bytes.length > openBoardLimits.fileBytes) throw new Refusal("too-large");
    let reader: BoardReader;
    let first: OpenBoard;
    if (isZip(bytes)) {
      const { source, root } = await openSet(bytes);
      reader = new BoardReader(source, options);
      first = reader.board(root);
      await reader.read(first, root, undefined);
    } else {
      reader = new BoardReader({ files: new Map(), boardPaths: {} }, options);
      first = readBoardJson(bytes);
      await reader.read(first, "", undefined);
    }
    if (reader.phrases.length === 0) throw new Refusal("no-phrases");
    const fromFile = languageOf(first.locale);
    return {
      ok: true,
      imported: {
        language: fromFile ?? options.fallbackLanguage,
        languageFromFile: fromFile !== undefined,
        phrases: reader.phrases,
        pictures: reader.pictures,
        leftOut: reader.leftOut,
      },
    };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    throw error;
  }
}

export type PictureStore = {
  savePicture: (picture: Blob) => Promise<string | undefined>;
  removePictures: (ids: readonly string[]) => Promise<void>;
};

export type KeptOpenBoard = { ok: true; board: Board; pictureCount: number } | { ok: false };

/**
 * Keeps an imported board's pictures on the device and gives the board to use. When a picture
 * cannot be kept (storage full or failing), the ones kept so far are removed again and nothing
 * is used.
 */
export async function keepOpenBoard(
  imported: OpenBoardImport,
  store: PictureStore,
  newId: () => string = newPhraseId,
): Promise<KeptOpenBoard> {
  const ids = new Map<string, string>();
  try {
    for (const [key, picture] of imported.pictures) {
      const id = await store.savePicture(picture);
      if (id === undefined) throw new Error("picture not kept");
      ids.set(key, id);
    }
  } catch {
    await store.removePictures([...ids.values()]).catch(() => undefined);
    return { ok: false };
  }
  const board = imported.phrases.map((phrase): Phrase => {
    const id = phrase.symbol?.set === "file" ? ids.get(phrase.symbol.key) : undefined;
    const symbol: Phrase["symbol"] =
      phrase.symbol?.set === "openmoji" ? phrase.symbol : id ? { set: "picture", id } : undefined;
    return {
      id: newId(),
      text: phrase.text,
      category: phrase.category,
      favourite: phrase.favourite,
      ...(symbol ? { symbol } : {}),
    };
  });
  return { ok: true, board, pictureCount: ids.size };
}

/**
 * The phrases of an opened board with the words of one on the board it replaces, old id to new:
 * every phrase of an opened board is new to the device, but one the user taught My voice is
 * still that phrase as they say it, and what My voice learnt of it goes with it. Words are
 * compared as a reader sees them (case and spacing aside); each phrase is matched once.
 */
export function phrasesWithSameWords(replaced: Board, opened: Board): Map<string, string> {
  const words = (text: string) => cleanPhraseText(text.normalize("NFC")).toLocaleLowerCase();
  const openedByWords = new Map<string, string>();
  for (const phrase of opened) {
    if (!openedByWords.has(words(phrase.text))) openedByWords.set(words(phrase.text), phrase.id);
  }
  const renamed = new Map<string, string>();
  for (const phrase of replaced) {
    const id = openedByWords.get(words(phrase.text));
    if (id === undefined) continue;
    renamed.set(phrase.id, id);
    openedByWords.delete(words(phrase.text));
  }
  return renamed;
}

const pictureIds = (board: Board | undefined) =>
  (board ?? []).flatMap((phrase) => (phrase.symbol?.set === "picture" ? [phrase.symbol.id] : []));

/**
 * The user's pictures that only the board being replaced used: once the opened board takes its
 * place nothing shows them, so they are erased rather than left on the device.
 */
export function picturesLeftBehind(boards: Boards, language: SpeechLanguage, opened: Board) {
  const stillUsed = new Set(pictureIds(opened));
  for (const [other, board] of Object.entries(boards)) {
    if (other !== language) for (const id of pictureIds(board)) stillUsed.add(id);
  }
  return [...new Set(pictureIds(boards[language]))].filter((id) => !stillUsed.has(id));
}
