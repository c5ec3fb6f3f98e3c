/**
 * The unit tests' global setup (vitest.config.ts): one temporary folder for the run, made the
 * workers' TMPDIR so that every folder a test makes (a server's data, a database, a voice pack)
 * is inside it, and removed when the run ends. Before, each run left hundreds of them behind.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup() {
  const before = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), "dauys-unit-"));
  // Open to all, as /tmp is: the test PostgreSQL runs as a user of its own (test-postgres.ts).
  chmodSync(runDir, 0o1777);
  // The workers are started after this and inherit the environment (os.tmpdir() reads TMPDIR).
  process.env.TMPDIR = runDir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(runDir, { recursive: true, force: true });
  };
}
