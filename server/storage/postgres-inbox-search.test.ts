/**
 * The PostgreSQL inbox search (server/storage/postgres-inbox-search.ts) against what a plain
 * filter of every request says. The table holds more requests than the first walk reads, so the
 * answers below it come from the further walk or from the GIN look-up driven by one word (the
 * planner's estimates on a table this small make every word look alike; the bench at a million
 * requests measures the whole-query GIN look-up).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWords } from "./inbox-search.ts";
import { walkRows } from "./postgres-inbox-search.ts";
import { openPostgresRequestsStore } from "./requests-postgres.ts";
import { searchRequests, type RequestsStore } from "./requests-store.ts";
import { startTestPostgres, type TestPostgres } from "./test-postgres.ts";

const total = walkRows + 600;
/** What request number `n` (its arrival) says, beyond "tablet kiosk" that all of them say. */
const wordsOf = (n: number) =>
  [
    [10, 20, 30].includes(n) ? "rarezz" : "",
    n % 2 === 0 ? "pilot" : "",
    n % 100 === 0 ? "medium" : "",
  ].filter(Boolean);

let postgres: TestPostgres;
let store: RequestsStore & { pool: pg.Pool };

beforeAll(async () => {
  postgres = await startTestPostgres();
  store = await openPostgresRequestsStore(postgres.url);
  await store.pool.query(
    `INSERT INTO requests (id, name, email, subject, message, language, created_at, received_at)
     SELECT '00000000-0000-4000-8000-' || lpad(n::text, 12, '0'), 'n' || n, 'x@example.kz',
            'Planshet', 'tablet kiosk ' || words, 'ru', '2025-01-01T00:00:00.000Z',
            '2025-01-01T00:00:00.000Z'
     FROM unnest($1::int[], $2::text[]) AS input(n, words) ORDER BY n`,
    [
      Array.from({ length: total }, (_, i) => i + 1),
      Array.from({ length: total }, (_, i) => wordsOf(i + 1).join(" ")),
    ],
  );
  // The statistics the planner's estimates come from, as autovacuum keeps them.
  await store.pool.query("ANALYZE requests");
}, 120_000);
afterAll(async () => {
  await store?.close();
  await postgres?.stop();
}, 60_000);

/** Request numbers matching every word, newest first, before `before`: the plain answer. */
function expected(query: string, before = total + 1) {
  const words = searchWords(query);
  const numbers: number[] = [];
  for (let n = before - 1; n >= 1; n--) {
    const text = ["tablet", "kiosk", ...wordsOf(n)];
    if (words.every((word) => text.some((w) => w.startsWith(word)))) numbers.push(n);
  }
  return numbers;
}

/** Every page of a search, as the inbox asks for them. */
async function allPages(query: string, limit: number) {
  const pages: number[][] = [];
  let after: string | undefined;
  do {
    const page = await searchRequests(store, query, { limit, after });
    pages.push(page.requests.map((request) => Number(request.name.slice(1))));
    after = page.next ?? undefined;
  } while (after);
  return pages;
}

describe("PostgreSQL inbox search", () => {
  it("fills a page of a common word from the newest requests", async () => {
    expect((await allPages("tablet", 51))[0]).toEqual(expected("tablet").slice(0, 51));
    expect((await allPages("TABLET pil", 30))[1]).toEqual(expected("tablet pil").slice(30, 60));
  });

  it("finds a rare word far below the walked requests, alone or with common words", async () => {
    expect(expected("rarezz")).toEqual([30, 20, 10]);
    expect(await allPages("rarezz", 51)).toEqual([[30, 20, 10]]);
    expect(await allPages("pilot rarezz", 51)).toEqual([[30, 20, 10]]);
    expect(await allPages("tablet pilot rare", 2)).toEqual([[30, 20], [10]]);
    expect(await allPages("rarezz medium", 51)).toEqual([[]]);
  });

  it("finds a word too rare to walk for and too common to drive alone below the walk", async () => {
    const pages = await allPages("medium", 51);
    expect(pages.flat()).toEqual(expected("medium"));
  });

  it("goes on below the walk for a word too common to be rare, too rare to fill the page", async () => {
    const pages = await allPages("medium kiosk", 51);
    expect(pages.flat()).toEqual(expected("medium kiosk"));
    expect(pages.flat().length).toBeGreaterThan(total / 100 - 1);
  });

  it("starts from the cursor of the page before", async () => {
    const first = await searchRequests(store, "pilot", { limit: 51 });
    const second = await searchRequests(store, "pilot", { limit: 51, after: first.next! });
    expect(second.requests.map((request) => Number(request.name.slice(1)))).toEqual(
      expected("pilot").slice(51, 102),
    );
  });
});
