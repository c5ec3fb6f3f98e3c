/**
 * Two real server processes (`node server/server.ts`) on one PostgreSQL, as behind a load
 * balancer: what one stores the other exports, idempotent retries spread over both store one
 * row, the rate limit counts requests to both nodes together, and a staff session signed out on
 * one node is over on the other.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "./staff/password.ts";
import { freePort, startTestPostgres, type TestPostgres } from "./storage/test-postgres.ts";
import { makeTempDirs, testSessionSecret } from "./test-support.ts";

const perMinute = 10;
let postgres: TestPostgres;
const nodes: { process: ChildProcess; url: string; output: string[] }[] = [];

async function startNode(databaseUrl: string) {
  const port = await freePort();
  const { dataDir, distDir } = makeTempDirs();
  const child = spawn(process.execPath, ["server/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: String(perMinute),
      // The shared count is what these tests check: on a loaded machine the database may take
      // longer than the default second, after which each node would count alone (as
      // store-outage.test checks).
      RATE_LIMIT_SHARED_WAIT_MS: "60000",
      // The tests speak for many clients through X-Forwarded-For, as a load balancer would.
      TRUST_PROXY: "127.0.0.1",
      STAFF_PASSWORD_HASH: staffHash,
      STAFF_SESSION_SECRET: testSessionSecret,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const node = { process: child, url: `http://127.0.0.1:${port}`, output: [] as string[] };
  child.stdout!.on("data", (chunk: Buffer) => node.output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => node.output.push(chunk.toString()));
  nodes.push(node);
  // Ready once it answers its health check.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited: ${node.output.join("")}`);
    try {
      if ((await fetch(`${node.url}/api/health`)).ok) return node;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const staffPassword = "two-nodes-staff-password";
let staffHash = "";

beforeAll(async () => {
  staffHash = await hashPassword(staffPassword);
  postgres = await startTestPostgres();
  // Both start at once, as after a deployment: the migrations must not trip over each other.
  await Promise.all([startNode(postgres.url), startNode(postgres.url)]);
}, 120_000);

afterAll(async () => {
  // A node that refused to start has exited already.
  const running = nodes.filter(({ process }) => process.exitCode === null);
  await Promise.all(
    running.map(
      (node) =>
        new Promise((resolve) => {
          node.process.once("exit", resolve);
          node.process.kill("SIGTERM");
        }),
    ),
  );
  await postgres?.stop();
}, 60_000);

function contactRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: "Айгерим Садыкова",
    email: "aigerim@example.kz",
    subject: "Pilot for two clinics",
    message: "Sent to one node, read by the other.",
    language: "kk",
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

let clientCounter = 0;
/** A new client address for each call, so the idempotency tests stay under the rate limit. */
function newClient(): string {
  clientCounter += 1;
  return `10.1.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

function post(nodeIndex: number, body: unknown, client = newClient()) {
  return fetch(`${nodes[nodeIndex]!.url}/api/requests`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify(body),
  });
}

function exportCsv(): string {
  return execFileSync(process.execPath, ["scripts/ops/export-requests.ts"], {
    env: { ...process.env, DATABASE_URL: postgres.url },
    encoding: "utf8",
  });
}

describe("two nodes on one PostgreSQL", () => {
  it("a request sent to one node is seen by the other and exported", async () => {
    const sent = contactRequest({ subject: "Seen by both nodes" });
    expect((await post(0, sent)).status).toBe(201);
    // The same request retried through the other node: already stored there too.
    const retry = await post(1, sent);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ id: sent.id, status: "stored" });
    expect(exportCsv()).toContain(`${sent.id},${sent.createdAt},`);
  });

  it("200 concurrent retries spread over both nodes store exactly one row each", async () => {
    const requests = Array.from({ length: 4 }, () => contactRequest());
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post(index % 2, requests[index % requests.length]!).then((response) => response.status),
      ),
    );
    expect(answers.filter((status) => status === 201)).toHaveLength(requests.length);
    expect(answers.filter((status) => status === 200)).toHaveLength(200 - requests.length);
    const csv = exportCsv();
    for (const request of requests) {
      expect(csv.split(request.id).length - 1).toBe(1);
    }
  });

  it("one client's rate limit holds across both nodes", async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let index = 0; index < perMinute + 5; index += 1) {
      statuses.push((await post(index % 2, contactRequest(), client)).status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(perMinute);
    expect(statuses.slice(perMinute)).toEqual([429, 429, 429, 429, 429]);
  });

  it("a staff member signed in on one node reads and marks requests on the other", async () => {
    const sent = contactRequest({ subject: "Marked on the other node" });
    expect((await post(0, sent)).status).toBe(201);
    const signIn = await fetch(`${nodes[0]!.url}/api/staff/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dauys-staff": "1" },
      body: JSON.stringify({ password: staffPassword }),
    });
    expect(signIn.status).toBe(204);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const marked = await fetch(`${nodes[1]!.url}/api/staff/requests/${sent.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-dauys-staff": "1", cookie },
      body: JSON.stringify({ handled: true }),
    });
    expect(marked.status).toBe(200);
    const found = await fetch(
      `${nodes[0]!.url}/api/staff/requests?q=${encodeURIComponent("Marked on the other node")}`,
      { headers: { cookie } },
    );
    const { requests } = (await found.json()) as { requests: { id: string; handledAt: string }[] };
    expect(requests.map((request) => [request.id, request.handledAt])).toEqual([
      [sent.id, (await marked.json()).handledAt],
    ]);
  });

  it("signing out on one node ends the session on the other", async () => {
    const signIn = await fetch(`${nodes[1]!.url}/api/staff/session`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-dauys-staff": "1" },
      body: JSON.stringify({ password: staffPassword }),
    });
    expect(signIn.status).toBe(204);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const read = (node: number) =>
      fetch(`${nodes[node]!.url}/api/staff/requests`, { headers: { cookie } });
    expect((await read(0)).status).toBe(200);
    const out = await fetch(`${nodes[1]!.url}/api/staff/session`, {
      method: "DELETE",
      headers: { "x-dauys-staff": "1", cookie },
    });
    expect(out.status).toBe(204);
    expect((await read(0)).status).toBe(401);
    expect((await read(1)).status).toBe(401);
  });

  it("wrong passwords count towards one limit across both nodes; right ones do not", async () => {
    const client = newClient();
    const signIn = (node: number, password: string) =>
      fetch(`${nodes[node]!.url}/api/staff/session`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-dauys-staff": "1",
          "x-forwarded-for": client,
        },
        body: JSON.stringify({ password }),
      }).then((response) => response.status);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await signIn(i % 2, staffPassword));
    for (let i = 0; i < 5; i++) statuses.push(await signIn(i % 2, `guess ${i}`));
    statuses.push(await signIn(0, staffPassword), await signIn(1, staffPassword));
    expect(statuses).toEqual([204, 204, 204, 401, 401, 401, 401, 401, 429, 429]);
  });
});

describe("a database the server must not use", () => {
  it("a node refuses one not in UTF8 at start, saying why and how to make one", async () => {
    const url = await postgres.createDatabase("latin1_store", { encoding: "LATIN1", locale: "C" });
    const failure = await startNode(url).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toContain(
      'Dauys cannot start: The PostgreSQL database "latin1_store" stores text as LATIN1',
    );
    expect(failure).toContain("createdb --template template0 --encoding UTF8");
    // The reason alone, as for a setting it cannot work with: no stack trace.
    expect(failure).not.toMatch(/\n\s+at /);
  });

  it("a node on one whose locale does not fold Cyrillic starts and logs what its search misses", async () => {
    const url = await postgres.createDatabase("c_locale_store", { encoding: "UTF8", locale: "C" });
    const node = await startNode(url);
    const warnings = node.output
      .join("")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter(({ level }) => level === 40)
      .map(({ msg }) => msg);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^The PostgreSQL database "c_locale_store" has the character type "C", which does not fold Cyrillic/,
      ),
    ]);
  });
});
