/**
 * A Dauys board written in the Open Board Format 0.1, for Cboard, CoughDrop and other AAC apps:
 * a set (.obz) whose first board links to one board per category, each phrase a button with its
 * picture inside the zip (OpenMoji symbols as their SVG, the user's own pictures as they are
 * kept). Dauys' own details ride along as `ext_dauys_` fields, which the spec lets other apps
 * ignore, so a set read back into Dauys keeps its categories and favourites in any language.
 */
import { strToU8, zipSync, type Zippable } from "fflate";
import type { SpeechLanguage } from "@/shared/speech-options";
import {
  boardCategories,
  type Board,
  type BoardCategory,
  type Phrase,
} from "@/features/talk/board/board";
import { openBoardFormat } from "@/features/talk/backup/open-board-schema";
import { dataUrlOf, pictureExtension, pictureType } from "@/features/talk/backup/picture-bytes";

export type ExportPicture = { blob: Blob; width: number; height: number };

export type OpenBoardExportSource = {
  language: SpeechLanguage;
  board: Board;
  /** The set's name as other apps list it, e.g. "Dauys: English". */
  name: string;
  /** A category's name, in the board's language (other apps show it as it is). */
  categoryLabel: (category: BoardCategory) => string;
  /** The button that leads on to the rest of a category too long for one grid. */
  moreLabel: string;
  /** The name of such a category's grid after its first (page 2, 3…), in the board's language. */
  pageLabel: (category: string, page: number) => string;
  /** The user's own picture by id, with its size in pixels. */
  readPicture: (id: string) => Promise<ExportPicture | undefined>;
  /** An OpenMoji symbol's SVG by its code. */
  readSymbol: (code: string) => Promise<ExportPicture | undefined>;
};

export type OpenBoardExport = {
  bytes: Uint8Array;
  phraseCount: number;
  pictureCount: number;
  /** Pictures the device no longer had; their phrases went without one. */
  missingPictures: number;
};

/** OpenMoji's own address for a symbol, for an app that opens the set without its SVG. */
const openMojiUrl = (code: string) => `https://openmoji.org/data/color/svg/${code}.svg`;

type ImageEntry = Record<string, unknown> & { id: string };

/** Rows and columns for `count` buttons: about square, never wider than 6 on the first board. */
function gridFor<T>(ids: readonly T[], maxColumns: number) {
  const columns = Math.max(1, Math.min(ids.length, maxColumns, Math.ceil(Math.sqrt(ids.length))));
  const rows = Math.max(1, Math.ceil(ids.length / columns));
  const order = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: columns }, (_, column) => ids[row * columns + column] ?? null),
  );
  return { rows, columns, order };
}

/** Writes the boards' pictures once each: into the zip (a set) or inline as data: URLs (.obf). */
class PictureWriter {
  readonly files: Zippable = {};
  readonly imagePaths: Record<string, string> = {};
  pictureCount = 0;
  missingPictures = 0;
  private readonly images = new Map<string, ImageEntry | null>();
  private readonly source: OpenBoardExportSource;
  private readonly inline: boolean;

  constructor(source: OpenBoardExportSource, inline: boolean) {
    this.source = source;
    this.inline = inline;
  }

  async image(phrase: Phrase): Promise<ImageEntry | undefined> {
    const { symbol } = phrase;
    if (!symbol) return undefined;
    const seen = symbol.set === "openmoji" ? `openmoji-${symbol.code}` : `picture-${symbol.id}`;
    if (!this.images.has(seen)) {
      // The store's ids never reach a file name: pictures are numbered in the set.
      const key = symbol.set === "openmoji" ? seen : `picture-${this.images.size + 1}`;
      this.images.set(seen, await this.writeImage(key, symbol));
    }
    return this.images.get(seen) ?? undefined;
  }

  private async writeImage(key: string, symbol: NonNullable<Phrase["symbol"]>) {
    const picture =
      symbol.set === "openmoji"
        ? await this.source.readSymbol(symbol.code)
        : await this.source.readPicture(symbol.id);
    const bytes = picture ? new Uint8Array(await picture.blob.arrayBuffer()) : undefined;
    const type = bytes ? pictureType(bytes) : undefined;
    const extra = symbol.set === "openmoji" ? { ext_dauys_openmoji: symbol.code } : {};
    if (!picture || !bytes || !type) {
      if (symbol.set === "picture") {
        this.missingPictures += 1;
        return null;
      }
      // Without the SVG at hand, the symbol's public address still lets other apps show it.
      return {
        id: key,
        url: openMojiUrl(symbol.code),
        content_type: "image/svg+xml",
        width: 72,
        height: 72,
        ...extra,
      };
    }
    this.pictureCount += 1;
    const entry = { id: key, content_type: type, width: picture.width, height: picture.height };
    if (this.inline) return { ...entry, data: dataUrlOf(bytes, type), ...extra };
    const path = `images/${key}.${pictureExtension[type]}`;
    // Pictures are compressed already: stored as they are, the zip is made faster.
    this.files[path] = [bytes, { level: 0 }];
    this.imagePaths[key] = path;
    return { ...entry, path, ...extra };
  }
}

function boardJson(
  id: string,
  name: string,
  language: SpeechLanguage,
  buttons: Record<string, unknown>[],
  images: ImageEntry[],
  maxColumns: number,
) {
  return {
    format: openBoardFormat,
    id,
    locale: language,
    name,
    buttons,
    images,
    sounds: [],
    grid: gridFor(
      buttons.map((button) => button.id as string),
      maxColumns,
    ),
  };
}

/** The board's phrases as buttons with their pictures, in the order the board shows them. */
async function phraseButtons(
  writer: PictureWriter,
  phrases: readonly Phrase[],
  withCategory: boolean,
) {
  const buttons: Record<string, unknown>[] = [];
  const images = new Map<string, ImageEntry>();
  for (const phrase of phrases) {
    const image = await writer.image(phrase);
    if (image) images.set(image.id, image);
    buttons.push({
      id: String(buttons.length + 1),
      label: phrase.text,
      ...(image ? { image_id: image.id } : {}),
      ...(withCategory ? { ext_dauys_category: phrase.category } : {}),
      ...(phrase.favourite ? { ext_dauys_favourite: true } : {}),
    });
  }
  return { buttons, images: [...images.values()] };
}

const inCategory = (board: Board, category: BoardCategory) =>
  board.filter((phrase) => phrase.category === category);

/**
 * Buttons on one grid of a set: 7 rows of 7 at most, about what a tablet shows at a size a
 * shaking hand can hit. A longer category goes on over linked boards, each ending in a button
 * to the next (a category of 300 phrases was one grid of 38 rows, past what other apps show:
 * CoughDrop's validator warns above 20).
 */
const buttonsPerGrid = 49;

/** A category's phrases a grid each, every grid but the last keeping a place for "More". */
function pagesOf(phrases: readonly Phrase[]): Phrase[][] {
  const pages: Phrase[][] = [];
  let rest = phrases;
  while (rest.length > buttonsPerGrid) {
    pages.push(rest.slice(0, buttonsPerGrid - 1));
    rest = rest.slice(buttonsPerGrid - 1);
  }
  return [...pages, [...rest]];
}

/** Writes the board of one speech language as an Open Board set (.obz). */
export async function writeOpenBoardSet(source: OpenBoardExportSource): Promise<OpenBoardExport> {
  const { language, board, name } = source;
  const writer = new PictureWriter(source, false);
  const rootId = `dauys-${language}`;
  const rootPath = `boards/${rootId}.obf`;
  const boardPaths: Record<string, string> = { [rootId]: rootPath };
  const links: Record<string, unknown>[] = [];
  const categories = boardCategories.filter((category) => inCategory(board, category).length);
  for (const category of categories) {
    const label = source.categoryLabel(category);
    const pages = pagesOf(inCategory(board, category));
    const pageId = (page: number) => `${rootId}-${category}${page === 0 ? "" : `-${page + 1}`}`;
    for (const [page, phrases] of pages.entries()) {
      const id = pageId(page);
      const path = `boards/${id}.obf`;
      const name = page === 0 ? label : source.pageLabel(label, page + 1);
      const { buttons, images } = await phraseButtons(writer, phrases, false);
      if (page < pages.length - 1) {
        const next = pageId(page + 1);
        buttons.push({
          id: String(buttons.length + 1),
          label: source.moreLabel,
          load_board: {
            id: next,
            name: source.pageLabel(label, page + 2),
            path: `boards/${next}.obf`,
          },
        });
      }
      writer.files[path] = strToU8(
        JSON.stringify(boardJson(id, name, language, buttons, images, 8), null, 2),
      );
      boardPaths[id] = path;
    }
    const id = pageId(0);
    const path = boardPaths[id];
    links.push({
      id: String(links.length + 1),
      label,
      load_board: { id, name: label, path },
      ext_dauys_category: category,
    });
  }
  writer.files[rootPath] = strToU8(
    JSON.stringify(boardJson(rootId, name, language, links, [], 3), null, 2),
  );
  const manifest = {
    format: openBoardFormat,
    root: rootPath,
    paths: { boards: boardPaths, images: writer.imagePaths },
  };
  writer.files["manifest.json"] = strToU8(JSON.stringify(manifest, null, 2));
  return {
    bytes: zipSync(writer.files),
    phraseCount: board.length,
    pictureCount: writer.pictureCount,
    missingPictures: writer.missingPictures,
  };
}

/**
 * Writes the board of one speech language as one Open Board file (.obf): every phrase on one
 * board, category by category, its pictures inline.
 */
export async function writeOpenBoardFile(source: OpenBoardExportSource): Promise<OpenBoardExport> {
  const { language, board, name } = source;
  const writer = new PictureWriter(source, true);
  const phrases = boardCategories.flatMap((category) => inCategory(board, category));
  const { buttons, images } = await phraseButtons(writer, phrases, true);
  const json = boardJson(`dauys-${language}`, name, language, buttons, images, 8);
  return {
    bytes: strToU8(JSON.stringify(json, null, 2)),
    phraseCount: board.length,
    pictureCount: writer.pictureCount,
    missingPictures: writer.missingPictures,
  };
}
