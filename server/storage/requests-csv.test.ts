import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRequestsDb, requestsDbPath, type StoredRequest } from "./requests-db.ts";
import {
  csvCell,
  formulaCharacters,
  neutraliseCell,
  requestColumns,
  requestsCsvChunks,
  requestsToCsv,
  utf8Bom,
} from "./requests-csv.ts";

/** A strict RFC 4180 reader, written here so the test does not trust the writer's own logic. */
/** Parses the file as a spreadsheet program does; it must start with the UTF-8 byte order mark. */
function parseCsv(file: string): string[][] {
  if (!file.startsWith(utf8Bom)) throw new Error("The CSV does not start with a UTF-8 BOM");
  const text = file.slice(utf8Bom.length);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
      } else if (char === '"') {
        quoted = false;
        i += 1;
      } else {
        cell += char;
        i += 1;
      }
    } else if (char === '"') {
      if (cell !== "") throw new Error(`Quote inside an unquoted cell at ${i}`);
      quoted = true;
      i += 1;
    } else if (char === ",") {
      row.push(cell);
      cell = "";
      i += 1;
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 2;
    } else if (char === "\r" || char === "\n") {
      throw new Error(`Bare line break outside quotes at ${i}`);
    } else {
      cell += char;
      i += 1;
    }
  }
  if (quoted) throw new Error("Unterminated quoted cell");
  if (cell !== "" || row.length > 0) throw new Error("The last row does not end with CRLF");
  return rows;
}

function request(overrides: Partial<StoredRequest>): StoredRequest {
  return {
    id: randomUUID(),
    name: "Aigerim",
    email: "aigerim@example.kz",
    subject: "Pilot",
    message: "Hello",
    language: "kk",
    createdAt: "2025-03-01T10:00:00.000Z",
    receivedAt: "2025-03-01T10:00:01.000Z",
    handledAt: null,
    ...overrides,
  };
}

const tricky: StoredRequest[] = [
  request({
    name: "Смирнов, Иван",
    subject: 'He said "hello"',
    message: "Line 1\r\nLine 2\nLine 3",
  }),
  request({ name: '=HYPERLINK("http://evil")', subject: "+7 700 000 00 00", language: "ru" }),
  request({ name: "-2+3", email: "@user@example.com", subject: "\tTabbed", message: "\rCR" }),
  request({ name: "Oʻzbek 🙂", subject: "", message: "a,b,c", language: "uz" }),
  request({ handledAt: "2025-03-02T09:00:00.000Z" }),
];

const expectedRow = (r: StoredRequest) =>
  requestColumns.map((column) => neutraliseCell(r[column] ?? ""));

/**
 * How a spreadsheet program with another list separator reads the file: a quote opens a quoted
 * cell only at the start of a cell (elsewhere it is a plain character), `separator` ends a cell,
 * a line break outside quotes ends a row. This is Excel's reading of a CSV whose separator is not
 * the one it was written with.
 */
function readWithSeparator(file: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < file.length; i++) {
    const char = file[i]!;
    if (quoted) {
      if (char === '"' && file[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === separator || char === "\r" || char === "\n") {
      cells.push(cell);
      cell = "";
      atCellStart = true;
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  cells.push(cell);
  return cells;
}

/** A cruder reader still: every separator and line break ends a cell, quotes or not. */
const splitIgnoringQuotes = (file: string, separator: string) =>
  file.split(new RegExp(`[${separator}\r\n]`));

/** Cells a spreadsheet would run as a formula: one that starts with a formula character once
 * the spaces and quotes around it are trimmed. */
const formulaCells = (cells: string[]) =>
  cells.filter((cell) => formulaCharacters.includes(cell.replace(/^[\s"]+/u, "")[0] ?? "x"));

const attacks: StoredRequest[] = [
  request({ message: "hello;=2+3;" }),
  request({ name: ' =HYPERLINK("http://evil")', subject: "\t=cmd|' /C calc'!A0" }),
  request({ message: "Thanks,\n+7 700 000 00 00\r\n-1\t@SUM(A1)" }),
  request({ message: 'a;"=1+1";b, "+2" ,\u00A0-3' }),
  request({
    name: "\uFF1D1+1",
    subject: "x;\uFF0B1",
    message: "y,\uFF20A1\uFF1B\uFF0D1\uFF0C\uFF1D2",
  }),
  request({ email: "@evil@example.com", message: "\r=1;\t\t=2" }),
];

describe("requests CSV", () => {
  it.each([",", ";", "\t"])(
    "has no cell that starts like a formula when a spreadsheet splits it on %j",
    (separator) => {
      const csv = requestsToCsv([...attacks, ...tricky]);
      expect(formulaCells(readWithSeparator(csv, separator))).toEqual([]);
      expect(formulaCells(splitIgnoringQuotes(csv, separator))).toEqual([]);
      // The reader would have found them in the values as they were sent.
      const raw = [...attacks, ...tricky].map((r) =>
        requestColumns.map((c) => r[c] ?? "").join(separator),
      );
      expect(formulaCells(splitIgnoringQuotes(raw.join("\r\n"), separator)).length).toBeGreaterThan(
        0,
      );
    },
  );

  it("puts an apostrophe before each formula start, and changes nothing else", () => {
    expect(neutraliseCell("hello;=2+3;")).toBe("hello;'=2+3;");
    expect(neutraliseCell(" =1")).toBe(" '=1");
    expect(neutraliseCell('a, "+2"')).toBe(`a, "'+2"`);
    expect(neutraliseCell("\uFF1D1")).toBe("'\uFF1D1");
    expect(neutraliseCell("Line 1\n- item")).toBe("Line 1\n'- item");
    expect(neutraliseCell("2+3=5, a-b, me@example.kz")).toBe("2+3=5, a-b, me@example.kz");
    // A tab or carriage return is a break and a formula character at once: each one is guarded,
    // and so is what follows it.
    expect(neutraliseCell("a\n\t=1")).toBe("a\n'\t'=1");
    expect(neutraliseCell("\t\t+1")).toBe("'\t'\t'+1");
    // A long run of line breaks (read in linear time) changes nothing.
    expect(neutraliseCell(`${"\n".repeat(50_000)}x`)).toBe(`${"\n".repeat(50_000)}x`);
    expect(csvCell("hello;=2+3;")).toBe(`"hello;'=2+3;"`);
  });

  it("parses back to the same rows, with formula-like cells neutralised", () => {
    const rows = parseCsv(requestsToCsv(tricky));
    expect(rows[0]).toEqual([...requestColumns]);
    expect(rows.slice(1)).toEqual(tricky.map(expectedRow));
  });

  it("turns every cell that starts like a formula into text", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(neutraliseCell("1+1")).toBe("1+1");
    expect(neutraliseCell("a=b")).toBe("a=b");
    expect(csvCell("=1,2")).toBe(`"'=1,2"`);
  });

  it("streams the same text in pieces", async () => {
    async function* rows() {
      for (let i = 0; i < 300; i++) yield* tricky;
    }
    const pieces: string[] = [];
    for await (const piece of requestsCsvChunks(rows(), 4096)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join("")).toBe(requestsToCsv(Array.from({ length: 300 }, () => tricky).flat()));
  });

  it("is only a header row when there are no requests", () => {
    expect(requestsToCsv([])).toBe(`${utf8Bom}${requestColumns.join(",")}\r\n`);
  });

  it("`requests:export` writes what the database holds", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-export-test-"));
    const db = openRequestsDb(dataDir);
    for (const r of tricky) {
      db.save(r, r.receivedAt);
      if (r.handledAt) db.setHandled(r.id, r.handledAt);
    }
    db.close();
    const output = execFileSync(process.execPath, ["scripts/ops/export-requests.ts"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(parseCsv(output).slice(1)).toEqual(tricky.map(expectedRow));
  });

  it("`requests:export` prints the header and creates nothing when there is no database", () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "dauys-export-test-")), "none");
    const output = execFileSync(process.execPath, ["scripts/ops/export-requests.ts"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(output).toBe(`${utf8Bom}${requestColumns.join(",")}\r\n`);
    expect(existsSync(dataDir)).toBe(false);
  });

  const exportFrom = (dataDir: string) =>
    spawnSync(process.execPath, ["scripts/ops/export-requests.ts"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });

  it("`requests:export` says in one line that it cannot open the database, and fails", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-export-test-"));
    writeFileSync(requestsDbPath(dataDir), "not a database\n");
    const { status, stdout, stderr } = exportFrom(dataDir);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe("requests:export: file is not a database\n");
  });

  it("`requests:export` keeps what it read before a read fails, says how much, and fails", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-export-test-"));
    const db = openRequestsDb(dataDir);
    const saved = Array.from({ length: 1500 }, (_, i) =>
      request({
        message: `Request ${i} `.repeat(40),
        receivedAt: new Date(Date.UTC(2025, 2, 1, 0, 0, i)).toISOString(),
      }),
    );
    for (const r of saved) db.save(r, r.receivedAt);
    db.close();
    // The file's last tenth damaged, as by a failing disk: the first batches still read.
    const path = requestsDbPath(dataDir);
    const size = statSync(path).size;
    const from = Math.floor(size * 0.9);
    const file = openSync(path, "r+");
    writeSync(file, Buffer.alloc(size - from, 0xab), 0, size - from, from);
    closeSync(file);

    const { status, stdout, stderr } = exportFrom(dataDir);
    expect(status).toBe(1);
    const stopped =
      /^requests:export: stopped after (\d+) requests, the CSV is incomplete: .+\n$/.exec(stderr);
    expect(stopped, stderr).not.toBeNull();
    const written = Number(stopped![1]);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(saved.length);
    expect(parseCsv(stdout).slice(1)).toEqual(saved.slice(0, written).map(expectedRow));
  });
});
