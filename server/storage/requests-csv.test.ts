import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRequestsDb, type StoredRequest } from "./requests-db.ts";
import { csvCell, neutraliseCell, requestColumns, requestsToCsv, utf8Bom } from "./requests-csv.ts";

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

describe("requests CSV", () => {
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
});
