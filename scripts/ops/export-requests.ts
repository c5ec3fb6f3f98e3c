/**
 * `npm run --silent requests:export > requests.csv`: every stored contact request as CSV on
 * standard output, oldest first. With DATABASE_URL it reads PostgreSQL; otherwise the SQLite file
 * in DATA_DIR (default ./data), and with no database yet it prints only the header row and
 * creates nothing. The rows are read in batches and written as the output takes them, so a
 * large database is exported in little memory.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readConfig } from "../../server/config.ts";
import { requestsDbExists } from "../../server/storage/requests-db.ts";
import { openRequestsStore } from "../../server/storage/requests-store.ts";
import { requestsCsvChunks, requestsToCsv } from "../../server/storage/requests-csv.ts";

const { dataDir, databaseUrl } = readConfig();
if (databaseUrl || requestsDbExists(dataDir)) {
  const store = await openRequestsStore({ dataDir, databaseUrl });
  try {
    await pipeline(Readable.from(requestsCsvChunks(store.iterate())), process.stdout, {
      end: false,
    });
  } finally {
    await store.close();
  }
} else {
  process.stdout.write(requestsToCsv([]));
}
