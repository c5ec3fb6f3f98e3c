/** Shared pieces of the benchmarks: a production server in a child process, and statistics. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer, { type Page } from "puppeteer-core";
import { apiPaths, deviceDatabase, staffHeader } from "../../src/shared/api-contract.ts";

export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the benches' flags and `extraArgs`. */
export function launchChromium(extraArgs: string[] = []) {
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
}

/**
 * Keeps `values` (key → value) in the app's device database as the app itself would, in one
 * transaction; the page must already be on the app's origin.
 */
export async function storeOnDevice(page: Page, values: Record<string, unknown>) {
  await page.evaluate(
    (database, values) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(database.name);
        open.onupgradeneeded = () => open.result.createObjectStore(database.store);
        open.onsuccess = () => {
          const tx = open.result.transaction(database.store, "readwrite");
          for (const [key, value] of Object.entries(values)) {
            tx.objectStore(database.store).put(value, key);
          }
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
    deviceDatabase,
    values,
  );
}

export type RunningServer = { url: string; stop(): Promise<void> };

/** Starts `server/server.ts` on the built app with a temporary data directory (or `env`'s). */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer & { pid: number }> {
  const child: ChildProcess = spawn(process.execPath, ["server/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "dauys-bench-")),
      RATE_LIMIT_PER_MINUTE: "1000000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${url}${apiPaths.health}`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (attempt === 119) throw new Error("The server did not start within 30 s");
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
/** Kilobytes as budgets state them (1 kB = 1000 bytes). */
export const kb = (bytes: number) => round(bytes / 1000, 1);

/** A process's resident memory now, in MB (Linux: /proc/PID/status). */
export const residentMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Signs in to a bench server's staff inbox and gives the session cookie to send back. */
export async function signInAsStaff(url: string, password: string): Promise<string> {
  const answer = await fetch(`${url}${apiPaths.staffSession}`, {
    method: "POST",
    headers: { "content-type": "application/json", [staffHeader.name]: staffHeader.value },
    body: JSON.stringify({ password }),
  });
  if (answer.status !== 204) throw new Error(`Sign-in answered ${answer.status}`);
  return answer.headers.get("set-cookie")!.split(";")[0]!;
}
