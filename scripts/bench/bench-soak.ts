/**
 * The soak (`npm run bench:soak`): one real server node under a steady mixed load for
 * SOAK_SECONDS (600 by default): contact requests (POST /api/requests, fresh ids), speech
 * (POST /generate-tts, short texts in the six languages) and a staff member searching and paging
 * the inbox (GET /api/staff/requests), each at a fixed rate (SOAK_RATE a second per kind, 2 by
 * default), sent on schedule whether or not earlier answers have come. The server's resident
 * memory is sampled every 5 s. Fails on any error (not 2xx, or no answer within 10 s) and when
 * memory grows more than SOAK_RSS_MARGIN_MB (40 by default) after the first minute's warm-up.
 * Written to bench/soak.json. A measurement, not a test: only 127.0.0.1 is asked.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../../server/staff/password.ts";
import { freePort } from "../../server/storage/test-postgres.ts";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { residentMb, signInAsStaff, startServer } from "./bench-lib.ts";
import {
  emptyTally,
  memoryFigures,
  recordError,
  routeFigures,
  soakProblems,
  type RouteTally,
  type RssSample,
} from "./soak-figures.ts";

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const ratePerSecond = Number(process.env.SOAK_RATE ?? 2);
const marginMb = Number(process.env.SOAK_RSS_MARGIN_MB ?? 40);
// A minute, or a fifth of a shorter run: the speech engines load each language on first use.
const warmUpSeconds = Math.min(60, Math.round(seconds / 5));
const sampleEverySeconds = 5;
const answerTimeoutMs = 10_000;
const password = "Bench-soak-password-2026";

const phrases = [
  { language: "en", text: "I want to go home." },
  { language: "ru", text: "Здравствуйте, я хочу пить." },
  { language: "az", text: "Mən evə getmək istəyirəm." },
  { language: "kk", text: "Мен үйге барғым келеді." },
  { language: "ky", text: "Мен үйгө баргым келет." },
  { language: "uz", text: "Men uyga bormoqchiman." },
] as const;
const searches = ["", "pilot", "клиника", "Садыкова", "aigerim", "науқастар", "zzzqqq", "ай"];

/** One request, timed; anything but 2xx, a timeout or a network failure is an error. */
async function timed(tally: RouteTally, send: () => Promise<Response>): Promise<unknown> {
  const start = performance.now();
  try {
    const answer = await send();
    if (!answer.ok) {
      await answer.arrayBuffer();
      recordError(tally, `HTTP ${answer.status}`);
      return undefined;
    }
    const body: unknown = await answer.json();
    tally.latenciesMs.push(performance.now() - start);
    return body;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    recordError(tally, `network: ${cause ?? (error as Error).name}`);
    return undefined;
  }
}

/**
 * Starts `task` `perSecond` times a second for `seconds`, on a fixed schedule, and waits for
 * every one. A fixed schedule (not "send the next when the last answered") keeps a slow answer
 * from hiding the requests that would have queued behind it.
 */
async function onSchedule(perSecond: number, task: (index: number) => Promise<unknown>) {
  const count = Math.round(seconds * perSecond);
  const started = performance.now();
  const running: Promise<unknown>[] = [];
  for (let index = 0; index < count; index++) {
    const due = started + (index * 1000) / perSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    running.push(task(index));
  }
  await Promise.all(running);
}

export type SoakFigures = ReturnType<typeof summarise>;

function summarise(tallies: Record<string, RouteTally>, samples: RssSample[]) {
  const routes = Object.fromEntries(
    Object.entries(tallies).map(([route, tally]) => [route, routeFigures(tally)]),
  );
  const memory = memoryFigures(samples, { warmUpSeconds, marginMb });
  return {
    seconds,
    ratePerSecondPerRoute: ratePerSecond,
    warmUpSeconds,
    routes,
    memory,
    broken: soakProblems(routes, memory),
  };
}

export async function runSoakBench() {
  const root = mkdtempSync(join(tmpdir(), "dauys-bench-soak-"));
  const distDir = join(root, "dist");
  mkdirSync(distDir);
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Dauys</title>");
  // Contact requests go to SQLite, the store of a single node.
  const server = await startServer(await freePort(), {
    DATA_DIR: join(root, "data"),
    DIST_DIR: distDir,
    STAFF_PASSWORD_HASH: await hashPassword(password),
    STAFF_SESSION_SECRET: randomBytes(32).toString("hex"),
  });
  const tallies = {
    "POST /api/requests": emptyTally(),
    "POST /generate-tts": emptyTally(),
    "GET /api/staff/requests": emptyTally(),
  };
  const samples: RssSample[] = [{ atSeconds: 0, rssMb: residentMb(server.pid) }];
  const started = performance.now();
  const sampler = setInterval(
    () =>
      samples.push({
        atSeconds: (performance.now() - started) / 1000,
        rssMb: residentMb(server.pid),
      }),
    sampleEverySeconds * 1000,
  );
  try {
    const cookie = await signInAsStaff(server.url, password);
    const post = (path: string, body: unknown) => () =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(answerTimeoutMs),
      });
    let after: string | null = null;
    await Promise.all([
      onSchedule(ratePerSecond, (index) =>
        timed(
          tallies["POST /api/requests"],
          post(apiPaths.requests, {
            id: randomUUID(),
            name: "Айгерим Садыкова",
            email: "aigerim@example.kz",
            subject: "Pilot for our rehabilitation center",
            message:
              `Нужна консультация, клиника ${index}. We would like to try the pilot. `.repeat(
                1 + (index % 20),
              ),
            language: phrases[index % phrases.length]!.language,
            createdAt: new Date().toISOString(),
          }),
        ),
      ),
      onSchedule(ratePerSecond, (index) =>
        timed(
          tallies["POST /generate-tts"],
          post(apiPaths.speech, phrases[index % phrases.length]),
        ),
      ),
      // A staff member types a search, then pages on with "Show more" while there is more.
      onSchedule(ratePerSecond, async (index) => {
        const query = searches[Math.floor(index / 3) % searches.length]!;
        const page = after && index % 3 !== 0 ? `&after=${after}` : "";
        const body = (await timed(tallies["GET /api/staff/requests"], () =>
          fetch(`${server.url}${apiPaths.staffRequests}?q=${encodeURIComponent(query)}${page}`, {
            headers: { cookie },
            signal: AbortSignal.timeout(answerTimeoutMs),
          }),
        )) as { next?: string | null } | undefined;
        after = body?.next ?? null;
      }),
    ]);
  } finally {
    clearInterval(sampler);
    samples.push({
      atSeconds: (performance.now() - started) / 1000,
      rssMb: residentMb(server.pid),
    });
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
  return summarise(tallies, samples);
}

export function printSoakFigures(figures: SoakFigures) {
  console.log(
    `Soak, ${figures.seconds} s at ${figures.ratePerSecondPerRoute} requests a second per route:`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(figures.routes).map(([route, { errorKinds: _kinds, ...f }]) => [route, f]),
    ),
  );
  console.log(`Server memory (MB, warm-up ${figures.warmUpSeconds} s):`);
  console.table({ RSS: figures.memory });
}

if (import.meta.main) {
  const figures = await runSoakBench();
  printSoakFigures(figures);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/soak.json",
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  if (figures.broken.length) {
    console.error(`Soak failed:\n- ${figures.broken.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("No errors, memory flat. Results in bench/soak.json.");
}
