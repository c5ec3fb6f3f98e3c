/**
 * The inbox's search in PostgreSQL, newest first, under the 200 ms the staff wait for a page at a
 * million requests. No one plan serves every query:
 * - A common word ("tablet", the prefix "sa") matches a request in twenty: walking the newest
 *   requests by arrival and testing each one's tsvector fills a page after a few hundred rows,
 *   while the GIN index would gather tens of thousands of matches only to sort them (0.85-2 s).
 * - A rare or absent word ("Ниязбекова", a misspelling) would make that walk read the whole
 *   table; the GIN index finds its few matches at once.
 * So the search first walks the newest `walkRows` requests before the cursor, which stops as
 * soon as the page is full. When it is not, the rest comes from the GIN index, below the walked
 * rows. A word with (almost) no match among the walked rows drives that look-up alone, with the
 * other words tested only on its matches: GIN must gather every request matching each prefix of
 * a query, so "kar2b pilot" through the index costs all of "pilot" (0.35-0.7 s), through "kar2b"
 * about a thousand rows.
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
/** A word that matched at most this many walked rows (0.25%) is rare enough to drive the GIN
 * look-up alone: a few thousand matches at a million requests. */
const rareInWalk = 5;

/** The word of a query with the fewest matches among the walked rows, if rare enough. */
function rarestWord(words: readonly string[], survey: Record<string, string | null>) {
  const counts = words.map((_, i) => Number(survey[String(i)]));
  const fewest = Math.min(...counts);
  return fewest <= rareInWalk ? words[counts.indexOf(fewest)] : undefined;
}

export async function searchNewestFirst(
  pool: pg.Pool,
  words: readonly string[],
  before: number | undefined,
  limit: number,
): Promise<RowWithSeq[]> {
  const query = tsQuery(words);
  const upper = before ?? Number.MAX_SAFE_INTEGER;
  const client = await pool.connect();
  try {
    await client.query("BEGIN READ ONLY");
    // The subquery's order is the outer one: rows stream out, and the walk stops at `limit`.
    const { rows: walked } = await client.query(
      `SELECT seq, ${requestFields} FROM (
         SELECT * FROM requests WHERE seq < $2 ORDER BY seq DESC LIMIT $3
       ) AS newest
       WHERE search @@ to_tsquery('simple', $1) ORDER BY seq DESC LIMIT $4`,
      [query, upper, walkRows, limit],
    );
    const found = numericSeq(walked);
    if (found.length < limit) {
      found.push(...(await searchOlder(client, words, upper, limit - found.length)));
    }
    await client.query("COMMIT");
    return found;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Below the walked rows, through the GIN index; how many each word matched among them says
 * which word to look up. */
async function searchOlder(
  client: pg.PoolClient,
  words: readonly string[],
  upper: number,
  limit: number,
): Promise<RowWithSeq[]> {
  const counts = words
    .map((_, i) => `count(*) FILTER (WHERE search @@ to_tsquery('simple', $${i + 3})) AS "${i}"`)
    .join(", ");
  const { rows } = await client.query<Record<string, string | null>>(
    `SELECT min(seq) AS lowest, count(*) AS walked ${words.length > 1 ? `, ${counts}` : ""}
     FROM (SELECT seq, search FROM requests WHERE seq < $1 ORDER BY seq DESC LIMIT $2) AS newest`,
    [upper, walkRows, ...(words.length > 1 ? words.map((word) => tsQuery([word])) : [])],
  );
  const survey = rows[0]!;
  // The walk saw every request before the cursor.
  if (Number(survey.walked) < walkRows) return [];
  const lowest = Number(survey.lowest);
  const rarest = words.length > 1 ? rarestWord(words, survey) : undefined;
  // Left to itself the planner walks the seq index here too, which for a rare word is the
  // whole table: only the GIN index's bitmap scans are allowed.
  await client.query("SET LOCAL enable_indexscan = off");
  await client.query("SET LOCAL enable_seqscan = off");
  const { rows: older } = rarest
    ? await client.query(
        `WITH candidates AS MATERIALIZED (
           SELECT seq, search FROM requests
           WHERE search @@ to_tsquery('simple', $1) AND seq < $3
         )
         SELECT seq, ${requestFields} FROM requests
         WHERE seq IN (SELECT seq FROM candidates WHERE search @@ to_tsquery('simple', $2))
         ORDER BY seq DESC LIMIT $4`,
        [tsQuery([rarest]), tsQuery(words), lowest, limit],
      )
    : await client.query(
        `SELECT seq, ${requestFields} FROM requests
         WHERE search @@ to_tsquery('simple', $1) AND seq < $2
         ORDER BY seq DESC LIMIT $3`,
        [tsQuery(words), lowest, limit],
      );
  return numericSeq(older);
}
