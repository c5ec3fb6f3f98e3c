/**
 * The inbox's search in PostgreSQL, newest first, under the 200 ms the staff wait for a page at a
 * million requests. No one plan serves every query:
 * - A common word ("tablet", the prefix "sa") matches a request in twenty: walking the newest
 *   requests by arrival and testing each one's tsvector fills a page after a few hundred rows,
 *   while the GIN index would gather tens of thousands of matches only to sort them (0.85-2 s).
 * - A rare or absent word ("Ниязбекова", a misspelling) would make that walk read the whole
 *   table; the GIN index finds its few matches at once.
 * - GIN gathers every request matching each prefix of a query, so "kar2b pilot" through the
 *   index costs all of "pilot" (0.35-0.7 s); through "kar2b" alone, with "pilot" tested on its
 *   matches, about a thousand rows.
 * So the search first walks the newest `walkRows` requests before the cursor, which stops as
 * soon as the page is full. When it is not, the planner's own estimates (its statistics of the
 * tsvector's words) choose how to go on below the walked rows: walk further when the query is
 * common (the newest requests may just be unlike the rest, e.g. a burst from one form), drive
 * the GIN look-up by the query's rarest word when that word is rare, else one GIN look-up of
 * the whole query.
 */
import type pg from "pg";
import type { RowWithSeq } from "./requests-db.ts";
import { tsQuery } from "./inbox-search.ts";

export const requestFields = `id, name, email, subject, message, language, created_at AS "createdAt",
  received_at AS "receivedAt", handled_at AS "handledAt"`;

/** PostgreSQL gives BIGINT as a string; seq stays far below 2^53. */
export const numericSeq = (rows: (Omit<RowWithSeq, "seq"> & { seq: string })[]): RowWithSeq[] =>
  rows.map((row) => ({ ...row, seq: Number(row.seq) }));

/** The newest requests a search tests one by one before it asks the GIN index. */
export const walkRows = 2000;
/** A query the planner expects in this share of requests or more is walked further... */
const commonShare = 0.02;
/** ...up to this many more requests. */
const furtherWalkRows = 10 * walkRows;
/** A word expected in at most this many requests drives the GIN look-up alone (it reads them). */
const rareRows = 10_000;

type Walk = { found: RowWithSeq[]; lowest: number; sawAll: boolean };

export async function searchNewestFirst(
  pool: pg.Pool,
  words: readonly string[],
  before: number | undefined,
  limit: number,
): Promise<RowWithSeq[]> {
  const query = tsQuery(words);
  const client = await pool.connect();
  // A ROLLBACK that did not get through (the database stalled under BEGIN) leaves the connection
  // in a read-only transaction once the database runs again: it is closed, never pooled again,
  // or every save and readiness check that took it next would fail.
  let unusable = false;
  try {
    await client.query("BEGIN READ ONLY");
    const first = await walk(client, query, before ?? Number.MAX_SAFE_INTEGER, walkRows, limit);
    const found = first.found;
    if (found.length < limit && !first.sawAll) {
      found.push(...(await searchOlder(client, words, first.lowest, limit - found.length)));
    }
    await client.query("COMMIT");
    return found;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {
      unusable = true;
    });
    throw error;
  } finally {
    client.release(unusable);
  }
}

/** Up to `limit` matches among the `rows` newest requests before `upper`. */
async function walk(
  client: pg.PoolClient,
  query: string,
  upper: number,
  rows: number,
  limit: number,
): Promise<Walk> {
  // The subquery's order is the outer one: rows stream out, and the walk stops at `limit`.
  const { rows: matches } = await client.query(
    `SELECT seq, ${requestFields} FROM (
       SELECT * FROM requests WHERE seq < $2 ORDER BY seq DESC LIMIT $3
     ) AS newest
     WHERE search @@ to_tsquery('simple', $1) ORDER BY seq DESC LIMIT $4`,
    [query, upper, rows, limit],
  );
  const found = numericSeq(matches);
  if (found.length === limit) return { found, lowest: found.at(-1)!.seq, sawAll: false };
  // The walk read all its rows: where they end (from the seq index alone).
  const { rows: range } = await client.query<{ lowest: string | null; walked: string }>(
    `SELECT min(seq) AS lowest, count(*) AS walked
     FROM (SELECT seq FROM requests WHERE seq < $1 ORDER BY seq DESC LIMIT $2) AS newest`,
    [upper, rows],
  );
  return {
    found,
    lowest: Number(range[0]!.lowest ?? 0),
    sawAll: Number(range[0]!.walked) < rows,
  };
}

/** How many requests the planner expects to match `query`. */
async function expectedRows(client: pg.PoolClient, query: string) {
  const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 FROM requests WHERE search @@ to_tsquery('simple', $1)`,
    [query],
  );
  return rows[0]!["QUERY PLAN"][0].Plan["Plan Rows"];
}

/** Below the walked rows, the way the planner's estimates say is cheapest. */
async function searchOlder(
  client: pg.PoolClient,
  words: readonly string[],
  upper: number,
  limit: number,
): Promise<RowWithSeq[]> {
  const query = tsQuery(words);
  const { rows: size } = await client.query<{ total: number }>(
    "SELECT reltuples AS total FROM pg_class WHERE oid = 'requests'::regclass",
  );
  // -1 before the table's first ANALYZE.
  const total = Math.max(0, Number(size[0]?.total ?? 0));
  const found: RowWithSeq[] = [];
  if ((await expectedRows(client, query)) >= commonShare * total) {
    const further = await walk(client, query, upper, furtherWalkRows, limit);
    if (further.found.length === limit || further.sawAll) return further.found;
    found.push(...further.found);
    upper = further.lowest;
  }
  let rarest: { word: string; rows: number } | undefined;
  if (words.length > 1) {
    for (const word of words) {
      const rows = await expectedRows(client, tsQuery([word]));
      if (rows <= rareRows && (!rarest || rows < rarest.rows)) rarest = { word, rows };
    }
  }
  // Left to itself the planner walks the seq index here too, which for a rare word is the
  // whole table: only the GIN index's bitmap scans are allowed.
  await client.query("SET LOCAL enable_indexscan = off");
  await client.query("SET LOCAL enable_seqscan = off");
  const left = limit - found.length;
  const { rows: older } = rarest
    ? await client.query(
        `WITH candidates AS MATERIALIZED (
           SELECT seq, search FROM requests
           WHERE search @@ to_tsquery('simple', $1) AND seq < $3
         )
         SELECT seq, ${requestFields} FROM requests
         WHERE seq IN (SELECT seq FROM candidates WHERE search @@ to_tsquery('simple', $2))
         ORDER BY seq DESC LIMIT $4`,
        [tsQuery([rarest.word]), query, upper, left],
      )
    : await client.query(
        `SELECT seq, ${requestFields} FROM requests
         WHERE search @@ to_tsquery('simple', $1) AND seq < $2
         ORDER BY seq DESC LIMIT $3`,
        [query, upper, left],
      );
  return [...found, ...numericSeq(older)];
}
