import { describe, expect, it, vi } from "vitest";
import { strToU8, zipSync, type Zippable } from "fflate";
import type { Board, BoardCategory } from "@/features/talk/board/board";
import {
  keepOpenBoard,
  phrasesWithSameWords,
  picturesLeftBehind,
  readOpenBoard,
  type OpenBoardImport,
  type OpenBoardReadOptions,
} from "@/features/talk/backup/open-board";
import {
  writeOpenBoardFile,
  writeOpenBoardSet,
  type ExportPicture,
} from "@/features/talk/backup/open-board-export";

// A 1 by 1 PNG, and a small SVG standing in for an OpenMoji symbol.
const pngBase64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const png = Uint8Array.from(atob(pngBase64), (char) => char.charCodeAt(0));
const svg = strToU8('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 72 72"></svg>');

const labels: Record<BoardCategory, string> = {
  mine: "My phrases",
  needs: "Needs",
  feelings: "Feelings",
  people: "People",
  clinic: "At the clinic",
  social: "Conversation",
};

const options = (overrides: Partial<OpenBoardReadOptions> = {}): OpenBoardReadOptions => ({
  fallbackLanguage: "ru",
  categoryFor: (name) =>
    (Object.keys(labels) as BoardCategory[]).find(
      (category) => labels[category].toLowerCase() === name.toLowerCase(),
    ),
  fetchPicture: async () => undefined,
  ...overrides,
});

const json = (value: unknown) => strToU8(JSON.stringify(value));

const spec = "open-board-0.1";

/** A set laid out as the spec's examples are: manifest.json, boards/, images/. */
function obz(files: Record<string, unknown>, root = "boards/root.obf"): Uint8Array {
  const zippable: Zippable = {};
  const boards: Record<string, string> = {};
  for (const [path, content] of Object.entries(files)) {
    zippable[path] = content instanceof Uint8Array ? content : json(content);
    if (path.endsWith(".obf")) boards[(content as { id: string }).id] = path;
  }
  zippable["manifest.json"] = json({ format: spec, root, paths: { boards } });
  return zipSync(zippable);
}

async function imported(bytes: Uint8Array, readOptions = options()): Promise<OpenBoardImport> {
  const result = await readOpenBoard(bytes, readOptions);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.imported;
}

async function problemOf(bytes: Uint8Array, readOptions = options()) {
  const result = await readOpenBoard(bytes, readOptions);
  return result.ok ? "accepted" : result.problem;
}

const textsOf = (board: OpenBoardImport) =>
  board.phrases.map((phrase) => `${phrase.category}: ${phrase.text}`);

describe("readOpenBoard, one board (.obf)", () => {
  const board = {
    format: spec,
    id: 1,
    locale: "en",
    name: "Inline",
    grid: {
      rows: 2,
      columns: 2,
      order: [
        [2, null],
        [null, 1],
      ],
    },
    buttons: [
      { id: 1, label: "cat", image_id: 119 },
      { id: 2, label: "kids", vocalization: "children", image_id: 99 },
      { id: 3, label: "not in the grid" },
    ],
    images: [
      {
        id: 99,
        width: 1,
        height: 1,
        content_type: "image/png",
        data: `data:image/png;base64,${pngBase64}`,
      },
      {
        id: 119,
        width: 1,
        height: 1,
        content_type: "image/png",
        data: `data:image/png;base64,${pngBase64}`,
      },
    ],
    sounds: [],
  };

  it("reads buttons in the grid's order, says what they vocalise, with their inline pictures", async () => {
    const read = await imported(json(board));
    expect(textsOf(read)).toEqual(["mine: children", "mine: cat"]);
    expect(read.language).toBe("en");
    expect(read.languageFromFile).toBe(true);
    expect(read.leftOut).toEqual({ buttons: 1, links: 0, pictures: 0, sounds: 0 });
    expect(read.pictures.size).toBe(2);
    const key = read.phrases[0]!.symbol;
    expect(key?.set).toBe("file");
    const picture = read.pictures.get(key?.set === "file" ? key.key : "")!;
    expect(picture.type).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(png);
  });

  it("takes the speech language from the locale, or the fallback for another language", async () => {
    expect((await imported(json({ ...board, locale: "kk-KZ" }))).language).toBe("kk");
    const french = await imported(json({ ...board, locale: "fr" }));
    expect(french.language).toBe("ru");
    expect(french.languageFromFile).toBe(false);
  });

  it("fetches a picture given by address once, and leaves out one that cannot be fetched", async () => {
    const fetchPicture = vi.fn(async (url: string) =>
      url.endsWith("ok.png") ? new Blob([png]) : undefined,
    );
    const read = await imported(
      json({
        format: spec,
        id: "web",
        locale: "en",
        buttons: [
          { id: "a", label: "one", image_id: "ok" },
          { id: "b", label: "two", image_id: "ok" },
          { id: "c", label: "three", image_id: "gone" },
          { id: "d", label: "four", image_id: "gone" },
        ],
        images: [
          { id: "ok", content_type: "image/png", url: "https://example.org/ok.png" },
          { id: "gone", content_type: "image/png", url: "https://example.org/gone.png" },
        ],
      }),
      options({ fetchPicture }),
    );
    expect(fetchPicture).toHaveBeenCalledTimes(2);
    expect(read.pictures.size).toBe(1);
    expect(read.phrases.map((phrase) => phrase.symbol?.set)).toEqual([
      "file",
      "file",
      undefined,
      undefined,
    ]);
    expect(read.leftOut.pictures).toBe(2);
  });

  it("leaves out a small picture file of huge size, which a tablet could not draw", async () => {
    // A PNG whose header says 30,000 by 30,000 pixels: a flat colour that size packs into
    // a few kilobytes.
    const huge = png.slice();
    new DataView(huge.buffer).setUint32(16, 30_000);
    new DataView(huge.buffer).setUint32(20, 30_000);
    const read = await imported(
      json({
        format: spec,
        id: "b",
        locale: "en",
        buttons: [
          { id: "a", label: "one", image_id: "huge" },
          { id: "b", label: "two", image_id: "small" },
        ],
        images: [
          {
            id: "huge",
            content_type: "image/png",
            data: `data:image/png;base64,${btoa(String.fromCharCode(...huge))}`,
          },
          { id: "small", content_type: "image/png", data: `data:image/png;base64,${pngBase64}` },
        ],
      }),
    );
    expect(read.phrases.map((phrase) => phrase.symbol?.set)).toEqual([undefined, "file"]);
    expect(read.leftOut.pictures).toBe(1);
  });

  it("leaves out hidden buttons, buttons that only act, and links it cannot follow", async () => {
    const read = await imported(
      json({
        format: spec,
        id: "b",
        locale: "en",
        buttons: [
          { id: "1", label: "hello", sound_id: "s1" },
          { id: "2", label: "secret", hidden: true },
          { id: "3", label: "clear", action: ":clear" },
          { id: "4", label: "more", load_board: { id: "elsewhere", url: "https://x.org/b" } },
          { id: "5", label: "   " },
        ],
        images: [],
      }),
    );
    expect(textsOf(read)).toEqual(["mine: hello"]);
    expect(read.leftOut).toEqual({ buttons: 3, links: 1, pictures: 0, sounds: 1 });
  });
});

describe("readOpenBoard, a set (.obz)", () => {
  const set = () =>
    obz({
      "boards/root.obf": {
        format: spec,
        id: "root",
        locale: "ru",
        name: "Home",
        grid: { rows: 1, columns: 4, order: [["yes", "feel", "colours", "away"]] },
        buttons: [
          { id: "feel", label: "feelings", load_board: { path: "boards/feelings.obf" } },
          { id: "colours", label: "Colours", load_board: { id: "colours" } },
          { id: "yes", label: "Да" },
          { id: "away", label: "Away", load_board: { path: "boards/missing.obf" } },
        ],
        images: [],
      },
      "boards/feelings.obf": {
        format: spec,
        id: "feelings",
        locale: "ru",
        grid: { rows: 1, columns: 3, order: [["sad", "happy", "deeper"]] },
        buttons: [
          { id: "happy", label: "Хорошо", image_id: "h" },
          { id: "sad", label: "Плохо" },
          { id: "deeper", label: "more", load_board: { path: "boards/deeper.obf" } },
        ],
        images: [{ id: "h", content_type: "image/png", width: 1, height: 1, path: "images/h.png" }],
      },
      "boards/deeper.obf": {
        format: spec,
        id: "deeper",
        locale: "ru",
        buttons: [
          { id: "1", label: "Устал" },
          { id: "2", label: "home", load_board: { path: "boards/root.obf" } },
        ],
        images: [],
      },
      "boards/colours.obf": {
        format: spec,
        id: "colours",
        locale: "ru",
        buttons: [{ id: "1", label: "Красный" }],
        images: [],
      },
      "images/h.png": png,
    });

  it("makes linked boards categories by name, keeps deeper ones in their parent's, in order", async () => {
    const read = await imported(set());
    expect(read.language).toBe("ru");
    expect(textsOf(read)).toEqual([
      "mine: Да",
      "feelings: Плохо",
      "feelings: Хорошо",
      "feelings: Устал",
      "mine: Красный",
    ]);
    expect(read.leftOut).toEqual({ buttons: 0, links: 1, pictures: 0, sounds: 0 });
    expect(read.pictures.size).toBe(1);
  });

  it("leaves out a picture the set does not have", async () => {
    const files = {
      "boards/root.obf": {
        format: spec,
        id: "root",
        locale: "en",
        buttons: [{ id: "1", label: "hi", image_id: "p" }],
        images: [{ id: "p", content_type: "image/png", path: "images/none.png" }],
      },
    };
    const read = await imported(obz(files));
    expect(read.leftOut.pictures).toBe(1);
    expect(read.phrases[0]!.symbol).toBeUndefined();
  });
});

describe("writeOpenBoardSet and readOpenBoard", () => {
  const board: Board = [
    {
      id: "a",
      text: "I am thirsty",
      category: "needs",
      favourite: true,
      symbol: { set: "openmoji", code: "1F964" },
    },
    {
      id: "b",
      text: "Toilet, please",
      category: "needs",
      favourite: false,
      symbol: { set: "picture", id: "p1" },
    },
    { id: "c", text: "I hurt", category: "feelings", favourite: false },
    {
      id: "d",
      text: "My daughter",
      category: "mine",
      favourite: false,
      symbol: { set: "picture", id: "p1" },
    },
    {
      id: "e",
      text: "Call the nurse",
      category: "clinic",
      favourite: false,
      symbol: { set: "picture", id: "lost" },
    },
  ];
  const pictures: Record<string, ExportPicture> = {
    p1: { blob: new Blob([png], { type: "image/png" }), width: 1, height: 1 },
  };
  const source = {
    language: "en" as const,
    board,
    name: "Dauys: English",
    categoryLabel: (category: BoardCategory) => labels[category],
    moreLabel: "More",
    pageLabel: (category: string, page: number) => `${category}, page ${page}`,
    readPicture: async (id: string) => pictures[id],
    readSymbol: async () => ({ blob: new Blob([svg]), width: 72, height: 72 }),
  };

  it("keeps labels, order, categories, favourites, symbols and pictures", async () => {
    const written = await writeOpenBoardSet(source);
    expect(written).toMatchObject({ phraseCount: 5, pictureCount: 2, missingPictures: 1 });
    // Read back in another interface language: the categories do not depend on their names.
    const read = await imported(written.bytes, options({ categoryFor: () => undefined }));
    expect(read.language).toBe("en");
    expect(textsOf(read)).toEqual([
      "mine: My daughter",
      "needs: I am thirsty",
      "needs: Toilet, please",
      "feelings: I hurt",
      "clinic: Call the nurse",
    ]);
    expect(read.phrases.map((phrase) => phrase.favourite)).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(read.phrases[1]!.symbol).toEqual({ set: "openmoji", code: "1F964" });
    expect(read.pictures.size).toBe(1);

    const saved: Blob[] = [];
    const kept = await keepOpenBoard(read, {
      savePicture: async (picture) => {
        saved.push(picture);
        return `saved-${saved.length}`;
      },
      removePictures: async () => undefined,
    });
    expect(kept.ok).toBe(true);
    if (!kept.ok) return;
    expect(kept.pictureCount).toBe(1);
    expect(kept.board[0]!.symbol).toEqual({ set: "picture", id: "saved-1" });
    expect(kept.board[2]!.symbol).toEqual({ set: "picture", id: "saved-1" });
    expect(new Uint8Array(await saved[0]!.arrayBuffer())).toEqual(png);
  });

  it("keeps them through one .obf board too, its pictures inline", async () => {
    const written = await writeOpenBoardFile(source);
    expect(written).toMatchObject({ phraseCount: 5, pictureCount: 2, missingPictures: 1 });
    const board = JSON.parse(new TextDecoder().decode(written.bytes));
    expect(board).toMatchObject({ format: spec, id: "dauys-en", locale: "en" });
    expect(board.images).toContainEqual(
      expect.objectContaining({
        content_type: "image/png",
        data: `data:image/png;base64,${pngBase64}`,
      }),
    );
    const read = await imported(written.bytes, options({ categoryFor: () => undefined }));
    expect(textsOf(read)).toEqual([
      "mine: My daughter",
      "needs: I am thirsty",
      "needs: Toilet, please",
      "feelings: I hurt",
      "clinic: Call the nurse",
    ]);
    expect(read.phrases[1]!.symbol).toEqual({ set: "openmoji", code: "1F964" });
    const picture = read.phrases[0]!.symbol;
    expect(picture?.set).toBe("file");
    const blob = read.pictures.get(picture?.set === "file" ? picture.key : "")!;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
  });

  it("writes what the spec asks: string ids, the format, locale, a grid and typed images", async () => {
    const { unzipSync, strFromU8 } = await import("fflate");
    const files = unzipSync((await writeOpenBoardSet(source)).bytes);
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!));
    expect(manifest).toMatchObject({ format: spec, root: "boards/dauys-en.obf" });
    const needs = JSON.parse(strFromU8(files["boards/dauys-en-needs.obf"]!));
    expect(needs).toMatchObject({
      format: spec,
      id: "dauys-en-needs",
      locale: "en",
      name: "Needs",
    });
    expect(needs.grid).toEqual({ rows: 1, columns: 2, order: [["1", "2"]] });
    expect(needs.images).toEqual([
      expect.objectContaining({
        id: "openmoji-1F964",
        content_type: "image/svg+xml",
        path: "images/openmoji-1F964.svg",
      }),
      expect.objectContaining({
        id: "picture-1",
        content_type: "image/png",
        path: "images/picture-1.png",
      }),
    ]);
    for (const path of Object.values<string>(manifest.paths.images))
      expect(files[path]).toBeDefined();
    // Every board passes the checks of the spec's reference validator (CoughDrop's obf gem).
    for (const [id, path] of Object.entries<string>(manifest.paths.boards)) {
      const written = JSON.parse(strFromU8(files[path]!));
      expect(written).toMatchObject({ format: spec, id, locale: "en", sounds: [] });
      const ids = written.buttons.map((button: { id: unknown; label: unknown }) => {
        expect(typeof button.id).toBe("string");
        expect(typeof button.label).toBe("string");
        return button.id;
      });
      const { rows, columns, order } = written.grid;
      expect(order).toHaveLength(rows);
      for (const row of order) {
        expect(row).toHaveLength(columns);
        for (const cell of row) if (cell !== null) expect(ids).toContain(cell);
      }
      for (const image of written.images) {
        expect(Number.isInteger(image.width) && Number.isInteger(image.height)).toBe(true);
        expect(image.content_type).toMatch(/^image\/.+$/);
        expect(image.path ?? image.url ?? image.data).toBeDefined();
        if (image.path) expect(files[image.path]).toBeDefined();
      }
    }
  });
});

describe("a long category in a set", () => {
  const phrases = (count: number, category: BoardCategory): Board =>
    Array.from({ length: count }, (_, index) => ({
      id: `${category}-${index + 1}`,
      text: `${category} ${index + 1}`,
      category,
      favourite: false,
    }));
  const board = [...phrases(100, "needs"), ...phrases(3, "people")];
  const source = {
    language: "en" as const,
    board,
    name: "Dauys: English",
    categoryLabel: (category: BoardCategory) => labels[category],
    moreLabel: "More",
    pageLabel: (category: string, page: number) => `${category}, page ${page}`,
    readPicture: async () => undefined,
    readSymbol: async () => undefined,
  };

  it("goes on over linked grids a tablet can show, each ending in More, and reads back whole", async () => {
    const { unzipSync, strFromU8 } = await import("fflate");
    const written = await writeOpenBoardSet(source);
    const files = unzipSync(written.bytes);
    const boardAt = (path: string) => JSON.parse(strFromU8(files[path]!));
    const pages = [
      boardAt("boards/dauys-en-needs.obf"),
      boardAt("boards/dauys-en-needs-2.obf"),
      boardAt("boards/dauys-en-needs-3.obf"),
    ];
    // Named so another app's user knows what they are: a page of Needs, not a group "Needs 2".
    expect(pages.map((page) => page.name)).toEqual(["Needs", "Needs, page 2", "Needs, page 3"]);
    expect(pages.map((page) => page.buttons.length)).toEqual([49, 49, 4]);
    for (const page of pages) expect(page.grid.rows).toBeLessThanOrEqual(7);
    expect(pages[0].buttons.at(-1)).toMatchObject({
      label: "More",
      load_board: {
        id: "dauys-en-needs-2",
        name: "Needs, page 2",
        path: "boards/dauys-en-needs-2.obf",
      },
    });
    expect(pages[1].buttons.at(-1)).toMatchObject({
      label: "More",
      load_board: {
        id: "dauys-en-needs-3",
        name: "Needs, page 3",
        path: "boards/dauys-en-needs-3.obf",
      },
    });
    expect(pages[2].buttons.some((button: { load_board?: unknown }) => button.load_board)).toBe(
      false,
    );
    // The first board still links each category once.
    const root = boardAt("boards/dauys-en.obf");
    expect(root.buttons.map((button: { label: string }) => button.label)).toEqual([
      "Needs",
      "People",
    ]);

    const read = await imported(written.bytes, options({ categoryFor: () => undefined }));
    expect(textsOf(read)).toEqual(board.map((phrase) => `${phrase.category}: ${phrase.text}`));
  });

  it("read back with its pages linked from the first board by another app, keeps each page in its category, in each language", async () => {
    const { unzipSync, strFromU8 } = await import("fflate");
    const { categoryByName, setWordsIn } =
      await import("@/features/talk/backup/board-language-words");
    const categoryFor = await categoryByName();
    for (const language of ["en", "ru", "az", "kk", "ky", "uz"] as const) {
      const written = await writeOpenBoardSet({
        ...source,
        language,
        ...(await setWordsIn(language)),
      });
      const files = unzipSync(written.bytes);
      // Another app flattened the set: its first board links every grid, known by its name only
      // ("Needs, page 2" comes first, before the grid that leads to it).
      const root = `boards/dauys-${language}.obf`;
      const grids = Object.keys(files)
        .filter((path) => path.startsWith(`boards/dauys-${language}-`))
        .sort();
      const first = JSON.parse(strFromU8(files[root]!));
      first.buttons = grids.map((path, index) => {
        const grid = JSON.parse(strFromU8(files[path]!));
        return { id: `link-${index}`, load_board: { id: grid.id, path } };
      });
      files[root] = strToU8(JSON.stringify(first));
      const read = await imported(zipSync(files), options({ categoryFor }));
      const inCategory = (category: BoardCategory) =>
        read.phrases.filter((phrase) => phrase.category === category).length;
      expect(inCategory("needs"), language).toBe(100);
      expect(inCategory("people"), language).toBe(3);
      expect(inCategory("mine"), language).toBe(0);
    }
  });
});

describe("phrasesWithSameWords", () => {
  const phrase = (id: string, text: string): Board[number] => ({
    id,
    text,
    category: "mine",
    favourite: false,
  });

  it("pairs each replaced phrase with the opened one of its words, case and spacing aside, once", () => {
    const replaced = [
      phrase("old-1", "I am thirsty"),
      phrase("old-2", "Call  the nurse"),
      phrase("old-3", "Toilet"),
      phrase("old-4", "i am thirsty"),
    ];
    const opened = [
      phrase("new-1", "call the nurse"),
      phrase("new-2", "I am thirsty"),
      phrase("new-3", "I am hungry"),
    ];
    expect(phrasesWithSameWords(replaced, opened)).toEqual(
      new Map([
        ["old-1", "new-2"],
        ["old-2", "new-1"],
      ]),
    );
  });
});

describe("picturesLeftBehind", () => {
  const phrase = (id: string, picture?: string): Board[number] => ({
    id,
    text: id,
    category: "mine",
    favourite: false,
    ...(picture ? { symbol: { set: "picture" as const, id: picture } } : {}),
  });

  it("names the pictures only the replaced board used", () => {
    const boards = {
      en: [phrase("a", "old-only"), phrase("b", "shared"), phrase("c", "kept"), phrase("d")],
      ru: [phrase("e", "shared")],
    };
    expect(picturesLeftBehind(boards, "en", [phrase("x", "kept")])).toEqual(["old-only"]);
    expect(picturesLeftBehind(boards, "kk", [phrase("x")])).toEqual([]);
  });
});

describe("keepOpenBoard", () => {
  it("removes the pictures it kept when one cannot be kept, and keeps nothing", async () => {
    const read = await imported(
      json({
        format: spec,
        id: "b",
        locale: "en",
        buttons: [
          { id: "1", label: "one", image_id: "a" },
          { id: "2", label: "two", image_id: "b" },
        ],
        images: [
          { id: "a", content_type: "image/png", data: `data:image/png;base64,${pngBase64}` },
          { id: "b", content_type: "image/png", data: `data:image/png;base64,${pngBase64}` },
        ],
      }),
    );
    const removePictures = vi.fn(async () => undefined);
    let calls = 0;
    const kept = await keepOpenBoard(read, {
      savePicture: async () => (++calls === 1 ? "first" : undefined),
      removePictures,
    });
    expect(kept).toEqual({ ok: false });
    expect(removePictures).toHaveBeenCalledWith(["first"]);
  });
});

describe("readOpenBoard refuses", () => {
  const oneBoard = (extra: Record<string, unknown> = {}) => ({
    format: spec,
    id: "b",
    locale: "en",
    buttons: [{ id: "1", label: "hello" }],
    images: [],
    ...extra,
  });

  it("a file that is not a board", async () => {
    expect(await problemOf(strToU8("hello"))).toBe("not-open-board");
    expect(await problemOf(json({ format: "dauys-talk-board", boards: {} }))).toBe(
      "not-open-board",
    );
    expect(await problemOf(zipSync({ "readme.txt": strToU8("hi") }))).toBe("not-open-board");
  });

  it("a newer version of the format", async () => {
    expect(await problemOf(json(oneBoard({ format: "open-board-1.0" })))).toBe("newer-version");
    expect(
      await problemOf(obz({ "boards/root.obf": oneBoard({ format: "open-board-0.2" }) })),
    ).toBe("newer-version");
  });

  it.each([
    ["a label that is not text", { buttons: [{ id: "1", label: 5 }] }],
    ["buttons that are not a list", { buttons: { id: "1" } }],
    ["a grid of the wrong shape", { grid: { rows: "two", columns: 2, order: [] } }],
    ["a button without an id", { buttons: [{ label: "hi" }] }],
  ])("wrong types: %s", async (_, extra) => {
    expect(await problemOf(json(oneBoard(extra)))).toBe("damaged");
  });

  it("a board without a single phrase", async () => {
    expect(await problemOf(json(oneBoard({ buttons: [{ id: "1", label: "" }] })))).toBe(
      "no-phrases",
    );
  });

  it("too many buttons on a board, or phrases in all", async () => {
    const buttons = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ id: String(index), label: `p${index}` }));
    expect(await problemOf(json(oneBoard({ buttons: buttons(401) })))).toBe("too-many-phrases");
    expect(await problemOf(json(oneBoard({ buttons: buttons(301) })))).toBe("too-many-phrases");
  });

  it("too many linked boards", async () => {
    const files: Record<string, unknown> = {};
    for (let index = 0; index <= 200; index++) {
      files[`boards/b${index}.obf`] = oneBoard({
        id: `b${index}`,
        buttons: [{ id: "1", label: "next", load_board: { path: `boards/b${index + 1}.obf` } }],
      });
    }
    expect(await problemOf(obz(files, "boards/b0.obf"))).toBe("too-many-boards");
  });

  it("a zip that unpacks past the limits (a zip bomb)", async () => {
    const set = obz({
      "boards/root.obf": oneBoard(),
      "images/bomb.png": new Uint8Array(21 * 1024 * 1024),
    });
    expect(set.length).toBeLessThan(1024 * 1024);
    expect(await problemOf(set)).toBe("too-large-unpacked");
  });

  it("a picture over the limit, inline or in the set", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(png);
    const inline = oneBoard({
      buttons: [{ id: "1", label: "hi", image_id: "p" }],
      images: [
        {
          id: "p",
          content_type: "image/png",
          data: `data:image/png;base64,${"A".repeat(7_000_000)}`,
        },
      ],
    });
    expect(await problemOf(json(inline))).toBe("picture-too-large");
    const inSet = obz({
      "boards/root.obf": oneBoard({
        buttons: [{ id: "1", label: "hi", image_id: "p" }],
        images: [{ id: "p", content_type: "image/png", path: "images/big.png" }],
      }),
      "images/big.png": big,
    });
    expect(await problemOf(inSet)).toBe("picture-too-large");
  });

  it.each([
    ["a file outside the set", { "../evil.obf": oneBoard() }, "boards/root.obf"],
    ["an absolute root", {}, "/boards/root.obf"],
    ["a root that climbs out", {}, "boards/../../root.obf"],
  ])("path traversal: %s", async (_, extra, root) => {
    expect(await problemOf(obz({ "boards/root.obf": oneBoard(), ...extra }, root))).toBe(
      "unsafe-path",
    );
  });

  it.each([
    [
      "a picture",
      {
        buttons: [{ id: "1", label: "hi", image_id: "p" }],
        images: [{ id: "p", path: "../../etc/passwd" }],
      },
    ],
    ["a link", { buttons: [{ id: "1", label: "go", load_board: { path: "/etc/boards.obf" } }] }],
  ])("path traversal in %s's path", async (_, extra) => {
    expect(await problemOf(obz({ "boards/root.obf": oneBoard(extra) }))).toBe("unsafe-path");
  });

  it("a file over 50 MB before reading it", async () => {
    expect(await problemOf(new Uint8Array(50 * 1024 * 1024 + 1))).toBe("too-large");
  });
});
