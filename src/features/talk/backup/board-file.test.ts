import { beforeAll, describe, expect, it } from "vitest";
import { starterBoard } from "@/features/talk/board/board";
import { addPhrase, toggleFavourite } from "@/features/talk/board/board-edits";
import {
  boardsOf,
  exportBoards,
  languagesOf,
  maxBoardFileBytes,
  parseBoardFile,
  tooLargeToRead,
} from "@/features/talk/backup/board-file";
import type { VoiceExamples } from "@/features/talk/my-voice/voice-examples";
import { loadAllStarterTexts } from "@/features/talk/board/starter-phrases";

beforeAll(() => loadAllStarterTexts());

const file = (content: unknown) => JSON.stringify(content);
const valid = {
  format: "dauys-talk-board",
  version: 1,
  exportedAt: "2026-11-25T00:00:00.000Z",
  boards: { en: [{ id: "a", text: "Hello", category: "social", favourite: true }] },
};

/** A taught example's features, as a file carries them. */
const features = {
  format: 1,
  method: "normalised" as const,
  dims: 2,
  voicedMs: 900,
  frames: "AAAA",
};

describe("board file", () => {
  it("round-trips every language's board", () => {
    const ru = toggleFavourite(
      addPhrase(starterBoard("ru"), { text: "Мой текст", category: "mine" }, "m"),
      "m",
    );
    const boards = { ru, kk: starterBoard("kk") };
    const voice: VoiceExamples = {
      ru: { m: [{ features, origin: "taught", addedAt: 1, audio: new Blob(["RIFF"]) }] },
    };
    const text = exportBoards(boards, voice, new Date("2026-11-25T10:00:00Z"));
    const result = parseBoardFile(text);
    // Recordings stay on the device: the file has the features only.
    expect(result).toEqual({
      ok: true,
      boards,
      voice: { ru: { m: [{ features, origin: "taught", addedAt: 1 }] } },
      pictures: {},
      phraseCount: ru.length + boards.kk.length,
    });
    // A file from before My voice (version 1) still reads.
    const old = JSON.parse(text) as Record<string, unknown>;
    delete old.voice;
    expect(parseBoardFile(JSON.stringify({ ...old, version: 1 }))).toMatchObject({ ok: true });
  });

  it("a file of My voice's examples for a board never changed makes the starter board", async () => {
    // What the export wrote before it wrote the starter boards too: no board, the voice only.
    const voice: VoiceExamples = {
      en: { "starter-help": [{ features, origin: "taught", addedAt: 1 }] },
    };
    const text = exportBoards({}, voice, new Date("2026-11-25T10:00:00Z"));
    const result = parseBoardFile(text);
    expect(result).toMatchObject({ ok: true, voice, phraseCount: starterBoard("en").length });
    if (!result.ok) return;
    expect(languagesOf(result)).toEqual(["en"]);
    expect(await boardsOf(result)).toEqual({ en: starterBoard("en") });
    // An export writes the board shown as it is, starter or not.
    expect(await boardsOf({ boards: {}, voice: {} }, ["kk"])).toEqual({ kk: starterBoard("kk") });
  });

  it("refuses files that are not a board", () => {
    const problem = (text: string, size?: number) => {
      const result = parseBoardFile(text, size);
      return result.ok ? "accepted" : result.problem;
    };
    expect(problem(file(valid))).toBe("accepted");
    expect(problem("{ not json")).toBe("not-json");
    expect(problem("")).toBe("not-json");
    expect(problem(file([1, 2]))).toBe("not-a-board");
    expect(problem(file({ ...valid, format: "other" }))).toBe("not-a-board");
    expect(problem(file({ ...valid, version: "1" }))).toBe("not-a-board");
    expect(problem(file({ ...valid, version: 4 }))).toBe("newer-version");
    expect(problem(file({ ...valid, voice: { en: { a: [{ origin: "taught" }] } } }))).toBe(
      "bad-voice",
    );
    expect(problem(file({ ...valid, voice: { xx: {} } }))).toBe("bad-voice");
    expect(problem(file({ ...valid, boards: {}, voice: {} }))).toBe("not-a-board");
    expect(problem(file({ ...valid, boards: { fr: [] } }))).toBe("not-a-board");
    expect(problem(file({ ...valid, boards: { en: "Hello" } }))).toBe("not-a-board");
    const phrase = valid.boards.en[0]!;
    const withPhrase = (changes: object) =>
      file({ ...valid, boards: { en: [{ ...phrase, ...changes }] } });
    expect(problem(withPhrase({ text: "  " }))).toBe("bad-phrase");
    expect(problem(withPhrase({ text: 5 }))).toBe("bad-phrase");
    expect(problem(withPhrase({ text: "x".repeat(301) }))).toBe("bad-phrase");
    expect(problem(withPhrase({ category: "food" }))).toBe("bad-phrase");
    expect(problem(withPhrase({ favourite: "yes" }))).toBe("bad-phrase");
    expect(problem(withPhrase({ id: "" }))).toBe("bad-phrase");
    expect(problem(file({ ...valid, boards: { en: [phrase, phrase] } }))).toBe("bad-phrase");
    const many = Array.from({ length: 301 }, (_, i) => ({ ...phrase, id: `p${i}` }));
    expect(problem(file({ ...valid, boards: { en: many } }))).toBe("too-many-phrases");
    // Past the size a board usually has, only a file that begins as a board file is read.
    expect(problem("x".repeat(100), maxBoardFileBytes + 1)).toBe("too-large");
    const { format, ...rest } = valid;
    expect(problem(file({ ...rest, format }), maxBoardFileBytes + 1)).toBe("too-large");
    expect(problem(file(valid), maxBoardFileBytes + 1)).toBe("accepted");
    expect(problem(JSON.stringify(valid, null, "\t").replace(/\n/g, "\r\n"), 2 ** 30)).toBe(
      "accepted",
    );
  });

  it("reads a big file whole only if it begins as a board file", async () => {
    const big = (start: string) =>
      new Blob([start, new Uint8Array(maxBoardFileBytes)], { type: "application/json" });
    expect(await tooLargeToRead(big(exportBoards({}, {}, new Date())))).toBe(false);
    expect(await tooLargeToRead(big("\u0000\u0000\u0000\u0018ftypmp42"))).toBe(true);
    expect(await tooLargeToRead(big('{"version": 3, "format": "dauys-talk-board"'))).toBe(true);
    expect(await tooLargeToRead(new Blob(["\u0000ftypmp42"]))).toBe(false);
  });

  it("keeps each phrase's symbol, and refuses a symbol that is not one", () => {
    const withSymbols = {
      ...valid,
      boards: {
        en: [
          {
            id: "a",
            text: "Hello",
            category: "social",
            symbol: { set: "openmoji", code: "1F44B" },
          },
          { id: "b", text: "Cat", category: "mine", symbol: { set: "picture", id: "picture-1" } },
        ],
      },
    };
    const result = parseBoardFile(file(withSymbols));
    expect(result.ok && result.boards.en?.map((phrase) => phrase.symbol)).toEqual([
      { set: "openmoji", code: "1F44B" },
      { set: "picture", id: "picture-1" },
    ]);
    for (const symbol of [
      { set: "openmoji", code: "../../etc/passwd" },
      { set: "openmoji", code: "1f44b" },
      { set: "picture", id: "" },
      { set: "picture", id: "a/b" },
      { set: "arasaac", id: "1" },
      "1F44B",
    ]) {
      const bad = { ...valid, boards: { en: [{ ...valid.boards.en[0], symbol }] } };
      expect(parseBoardFile(file(bad))).toEqual({ ok: false, problem: "bad-phrase" });
    }
  });

  it("gives a board from before symbols the starter symbols", () => {
    const old = {
      ...valid,
      boards: {
        en: [{ id: "starter-toilet", text: "Toilet", category: "needs", starterId: "toilet" }],
      },
    };
    const result = parseBoardFile(file(old));
    expect(result.ok && result.boards.en?.[0]?.symbol).toEqual({ set: "openmoji", code: "1F6BD" });
  });

  it("carries the user's own pictures, and refuses one that is not a small picture", () => {
    const boards = {
      en: [{ id: "a", text: "Cat", category: "mine" as const, favourite: false }],
    };
    const pictures = { "picture-1": { type: "image/webp", data: "UklGRg==" } };
    const result = parseBoardFile(exportBoards(boards, {}, new Date(), pictures));
    expect(result.ok && result.pictures).toEqual(pictures);
    // A file from before pictures (version 2) still reads, with none.
    const before = parseBoardFile(file({ ...valid, version: 2 }));
    expect(before.ok && before.pictures).toEqual({});

    // A PNG of a few bytes whose header says 50,000 × 50,000 pixels.
    const huge = new Uint8Array(33);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(huge.buffer).setUint32(16, 50_000);
    new DataView(huge.buffer).setUint32(20, 50_000);
    const hugePng = btoa(String.fromCharCode(...huge));
    // The same header at 500 × 500 is a picture like any other.
    new DataView(huge.buffer).setUint32(16, 500);
    new DataView(huge.buffer).setUint32(20, 500);
    const smallPng = {
      "picture-1": { type: "image/png", data: btoa(String.fromCharCode(...huge)) },
    };
    expect(parseBoardFile(file({ ...valid, version: 3, pictures: smallPng }))).toMatchObject({
      ok: true,
      pictures: smallPng,
    });

    for (const bad of [
      { "picture-1": { type: "image/png", data: hugePng } },
      { "picture-1": { type: "text/html", data: "UklGRg==" } },
      { "picture-1": { type: "image/svg+xml", data: "UklGRg==" } },
      { "picture-1": { type: "image/webp", data: "not base64!" } },
      { "picture-1": { type: "image/webp", data: "A".repeat(800_000) } },
      { "../escape": { type: "image/webp", data: "UklGRg==" } },
      { "picture-1": "UklGRg==" },
      ["UklGRg=="],
    ]) {
      expect(parseBoardFile(file({ ...valid, version: 3, pictures: bad }))).toEqual({
        ok: false,
        problem: "bad-picture",
      });
    }
  });

  it("names the languages a file replaces: those it has boards or voice examples for", () => {
    const voice: VoiceExamples = { kk: { a: [{ features, origin: "taught", addedAt: 1 }] } };
    // In the interface's order.
    expect(languagesOf({ boards: { ru: [], en: [] }, voice })).toEqual(["en", "ru", "kk"]);
    expect(languagesOf({ boards: {}, voice: {} })).toEqual([]);
  });
});
