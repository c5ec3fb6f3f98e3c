import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { dataDir } from "../playwright.config.ts";

/** A contact request as the test server stored it in its SQLite file. */
export type StoredRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: string;
  received_at: string;
};

/** The requests the test server stored from this e-mail address (each test uses its own). */
export function storedRequests(email: string): StoredRow[] {
  const db = new DatabaseSync(join(dataDir, "dauys.sqlite"), { readOnly: true });
  try {
    return db.prepare("SELECT * FROM requests WHERE email = ?").all(email) as StoredRow[];
  } finally {
    db.close();
  }
}
