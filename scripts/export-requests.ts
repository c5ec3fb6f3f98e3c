/**
 * `npm run --silent requests:export > requests.csv`: every stored contact request as CSV on
 * standard output, oldest first. Reads the SQLite file in DATA_DIR (default ./data); with no
 * database yet it prints only the header row and creates nothing.
 */
import { readConfig } from "../server/config.ts";
import { openRequestsDb, requestsDbExists } from "../server/storage/requests-db.ts";
import { requestsToCsv } from "./requests-csv.ts";

const { dataDir } = readConfig();
if (requestsDbExists(dataDir)) {
  const db = openRequestsDb(dataDir);
  try {
    process.stdout.write(requestsToCsv(db.all()));
  } finally {
    db.close();
  }
} else {
  process.stdout.write(requestsToCsv([]));
}
