/**
 * `npm run --silent requests:export > requests.csv`: every stored contact request as CSV on
 * standard output, oldest first. With DATABASE_URL it reads PostgreSQL; otherwise the SQLite file
 * in DATA_DIR (default ./data), and with no database yet it prints only the header row and
 * creates nothing. The rows are read in batches and written as the output takes them, so a
 * large database is exported in little memory.
 *
 * When the database cannot be opened or a batch cannot be read (unreachable, not a database, a
 * read past the store's time limit), it says so in one line on standard error, with how many
 * requests were written (the CSV is then incomplete), and exits with 1.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readConfig } from "../../server/config.ts";
import { requestsDbExists, type StoredRequest } from "../../server/storage/requests-db.ts";
import { openRequestsStore } from "../../server/storage/requests-store.ts";
import { requestsCsvChunks, requestsToCsv } from "../../server/storage/requests-csv.ts";

const { dataDir, databaseUrl } = readConfig();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The requests as read, until a read fails: then they end, so that every request read before is
 * still written, and `stopped()` says after how many, and why.
 */
function untilFailure(requests: AsyncIterable<StoredRequest>) {
  let stopped: string | undefined;
  async function* read() {
    let written = 0;
    try {
      for await (const request of requests) {
        yield request;
        written++;
      }
    } catch (error) {
      stopped = `stopped after ${written} requests, the CSV is incomplete: ${message(error)}`;
    }
  }
  return { requests: read(), stopped: () => stopped };
}

/** Resolves with why the export stopped early, if it did. */
async function exportRequests(): Promise<string | undefined> {
  if (!databaseUrl && !requestsDbExists(dataDir)) {
    process.stdout.write(requestsToCsv([]));
    return undefined;
  }
  const store = await openRequestsStore({ dataDir, databaseUrl });
  try {
    const { requests, stopped } = untilFailure(store.iterate());
    await pipeline(Readable.from(requestsCsvChunks(requests)), process.stdout, { end: false });
    return stopped();
  } finally {
    await store.close();
  }
}

const failure = await exportRequests().catch(message);
if (failure) {
  process.stderr.write(`requests:export: ${failure}\n`);
  process.exitCode = 1;
}
