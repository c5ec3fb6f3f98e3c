/**
 * Failover (`npm run bench:failover`): two real server nodes on one throwaway PostgreSQL, a
 * stream of contact requests for FAILOVER_SECONDS (120 by default), and every 20 s one node,
 * in turn, killed with SIGKILL (no chance to finish what it was doing) and started again.
 *
 * The client behaves as the app's outbox does: a request keeps its id and is sent again, to the
 * other node, on a network failure, no answer within 15 s, or any status but 2xx and the four that
 * say the request itself is wrong; it is done once a node answers 200 or 201. A load balancer
 * stands in front: requests go round-robin to the nodes it believes are up; it notices a killed
 * node a second after the kill and sends to it again once it answers its health check, so
 * requests in flight at the kill, and in the second after, meet the dead node.
 *
 * At the end the database is counted: every acknowledged request must be stored exactly once.
 * Written to bench/failover.json. A measurement, not a test: only 127.0.0.1 is asked.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, startTestPostgres } from "../../server/storage/test-postgres.ts";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { startServer, type RunningServer } from "./bench-lib.ts";
import { deliveryFigures, deliveryProblems } from "./failover-figures.ts";

const seconds = Number(process.env.FAILOVER_SECONDS ?? 120);
const killEverySeconds = 20;
const submissionsPerSecond = 20;
// As the app's outbox: how long it waits for an answer, and the statuses it never retries.
const answerTimeoutMs = 15_000;
const rejectedStatuses = new Set([400, 413, 415, 422]);
// A request still unacknowledged after this long (or this many tries) is counted, not retried.
const giveUpAfterMs = 60_000;
const maxAttempts = 200;
const loadBalancerNoticesMs = 1000;

type Node = {
  port: number;
  dataDir: string;
  server: (RunningServer & { pid: number }) | undefined;
  /** What the load balancer believes. */
  up: boolean;
  running: boolean;
  kills: number;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type FailoverFigures = Awaited<ReturnType<typeof runFailoverBench>>;

export async function runFailoverBench() {
  const postgres = await startTestPostgres({ durable: true });
  const dataDir = mkdtempSync(join(tmpdir(), "dauys-bench-failover-"));
  // Contact requests go to PostgreSQL; the nodes keep nothing of their own there.
  const env = { DATABASE_URL: postgres.url, PUBLIC_REQUESTS_PER_MINUTE: "1000000" };
  const nodes: Node[] = [];
  for (let index = 0; index < 2; index++) {
    nodes.push({
      port: await freePort(),
      dataDir: join(dataDir, `node-${index + 1}`),
      server: undefined,
      up: false,
      running: false,
      kills: 0,
    });
  }
  const start = async (node: Node) => {
    node.server = await startServer(node.port, { ...env, DATA_DIR: node.dataDir });
    node.running = true;
    node.up = true;
  };
  const acknowledged = new Set<string>();
  const attempts = {
    total: 0,
    retries: 0,
    networkFailures: 0,
    timeouts: 0,
    statuses: {} as Record<string, number>,
  };
  const restartSeconds: number[] = [];
  let unacknowledged = 0;
  let rejected = 0;
  let turn = 0;

  /**
   * The next node round-robin among those the load balancer believes are up; a retry goes to
   * another than the one that failed while there is one up.
   */
  const pickNode = (failed: Node | undefined) => {
    const live = nodes.filter((node) => node.up);
    const others = live.filter((node) => node !== failed);
    const pool = others.length > 0 ? others : live.length > 0 ? live : nodes;
    return pool[turn++ % pool.length]!;
  };

  async function deliver(index: number) {
    const request = {
      id: randomUUID(),
      name: "Айгерим Садыкова",
      email: "aigerim@example.kz",
      subject: "Pilot for our rehabilitation center",
      message: `Request ${index}: we would like to try Dauys with ten patients.`,
      language: "kk",
      createdAt: new Date().toISOString(),
    };
    const body = JSON.stringify(request);
    const began = performance.now();
    let failed: Node | undefined;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if (performance.now() - began > giveUpAfterMs) break;
      attempts.total += 1;
      if (attempt > 0) attempts.retries += 1;
      const node = pickNode(failed);
      failed = node;
      try {
        const answer = await fetch(`http://127.0.0.1:${node.port}${apiPaths.requests}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          signal: AbortSignal.timeout(answerTimeoutMs),
        });
        await answer.arrayBuffer();
        attempts.statuses[answer.status] = (attempts.statuses[answer.status] ?? 0) + 1;
        if (answer.status === 200 || answer.status === 201) {
          acknowledged.add(request.id);
          return;
        }
        if (rejectedStatuses.has(answer.status)) {
          rejected += 1;
          return;
        }
      } catch (error) {
        if ((error as Error).name === "TimeoutError") attempts.timeouts += 1;
        else attempts.networkFailures += 1;
      }
      // The outbox waits before trying again; here briefly, so the run stays short.
      await wait(Math.min(1000, 50 * 2 ** Math.min(attempt, 5)));
    }
    unacknowledged += 1;
  }

  async function killAndRestart() {
    let victim = 0;
    for (let at = killEverySeconds; at < seconds; at += killEverySeconds) {
      await wait(Math.max(0, startedAt + at * 1000 - performance.now()));
      const node = nodes[victim++ % nodes.length]!;
      process.kill(node.server!.pid, "SIGKILL");
      node.running = false;
      node.kills += 1;
      const restarting = performance.now();
      // The load balancer's health check notices a second later: until then it still sends.
      await wait(loadBalancerNoticesMs);
      node.up = false;
      // startServer waits until the node answers its health check.
      await start(node);
      restartSeconds.push(Math.round((performance.now() - restarting) / 100) / 10);
    }
  }

  let startedAt = 0;
  try {
    await Promise.all(nodes.map(start));
    startedAt = performance.now();
    const deliveries: Promise<void>[] = [];
    const killer = killAndRestart();
    const total = seconds * submissionsPerSecond;
    for (let index = 0; index < total; index++) {
      await wait(
        Math.max(0, startedAt + (index * 1000) / submissionsPerSecond - performance.now()),
      );
      deliveries.push(deliver(index));
    }
    await Promise.all([killer, ...deliveries]);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client
      .query<{ id: string }>("SELECT id FROM requests")
      .finally(() => client.end());
    const counted = deliveryFigures(
      acknowledged,
      rows.map((row) => row.id),
    );
    return {
      seconds,
      killEverySeconds,
      submissionsPerSecond,
      submitted: total,
      kills: nodes.reduce((sum, node) => sum + node.kills, 0),
      restartSeconds,
      attempts,
      rejected,
      unacknowledged,
      ...counted,
      broken: [
        ...deliveryProblems(counted, unacknowledged),
        ...(rejected > 0 ? [`${rejected} requests were refused as invalid`] : []),
      ],
    };
  } finally {
    // A node killed and not yet back has no process left to stop.
    await Promise.all(nodes.filter((node) => node.running).map((node) => node.server!.stop()));
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printFailoverFigures(figures: FailoverFigures) {
  console.log(
    `Failover: ${figures.seconds} s of ${figures.submissionsPerSecond} contact requests a second over two nodes, ` +
      `one killed (SIGKILL) every ${figures.killEverySeconds} s (${figures.kills} kills; restarts took ${figures.restartSeconds.join(", ")} s):`,
  );
  console.table({
    submitted: figures.submitted,
    acknowledged: figures.acknowledged,
    stored: figures.stored,
    duplicates: figures.duplicates,
    lost: figures.lost,
    unacknowledged: figures.unacknowledged,
    storedUnacknowledged: figures.storedUnacknowledged,
  });
  const { statuses, ...tries } = figures.attempts;
  console.log("Attempts:", tries, "answers by status:", statuses);
}

if (import.meta.main) {
  const figures = await runFailoverBench();
  printFailoverFigures(figures);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/failover.json",
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  if (figures.broken.length) {
    console.error(`Failover failed:\n- ${figures.broken.join("\n- ")}`);
    process.exitCode = 1;
  } else
    console.log("Every acknowledged request stored exactly once. Results in bench/failover.json.");
}
