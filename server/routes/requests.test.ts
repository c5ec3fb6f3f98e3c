import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { openRequestsDb, requestsDbPath } from "../storage/requests-db.ts";
import { latestSchemaVersion } from "../storage/schema.ts";
import { buildTestApp, makeTempDirs } from "../test-support.ts";
import type { SpeechSynthesizer } from "./tts.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(
  dataDir: string,
  rateLimitPerMinute?: number,
  trustProxy?: string,
  publicRequestsPerMinute?: number,
) {
  const app = await buildTestApp(unusedSynthesizer, {
    dataDir,
    rateLimitPerMinute,
    trustProxy,
    publicRequestsPerMinute,
  });
  apps.push(app);
  return app;
}

function newRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    name: "Айгерим Садыкова",
    email: "aigerim@example.kz",
    subject: "Pilot for our clinic, 10 patients",
    message: 'We would like to try Dauys.\nPlease call "after 5 pm".',
    language: "kk",
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

function post(app: FastifyInstance, payload: unknown) {
  return app.inject({ method: "POST", url: "/api/requests", payload: payload as object });
}

function storedRows(dataDir: string) {
  const db = openRequestsDb(dataDir);
  try {
    return db.all();
  } finally {
    db.close();
  }
}

describe("POST /api/requests", () => {
  it("caps submissions from all clients together: 503 with Retry-After, nothing stored", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir, 100, "127.0.0.1", 3);
    const from = (client: number) =>
      app.inject({
        method: "POST",
        url: "/api/requests",
        headers: { "x-forwarded-for": `203.0.113.${client}` },
        payload: newRequest(),
      });
    for (let client = 1; client <= 3; client++) expect((await from(client)).statusCode).toBe(201);
    // A fourth client, well within its own limit, finds the shared budget spent.
    const refused = await from(4);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toMatchObject({ error: "busy", message: expect.any(String) });
    expect(storedRows(dataDir)).toHaveLength(3);
  });

  it("does not let one client, refused by its own limit or sending bad requests, spend the shared budget", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir, 2, "127.0.0.1", 3);
    const from = (client: number, payload: unknown = newRequest()) =>
      app.inject({
        method: "POST",
        url: "/api/requests",
        headers: { "x-forwarded-for": `203.0.113.${client}` },
        payload: payload as object,
      });
    // Client 1 floods: two go through, the rest are refused by its own limit.
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await from(1)).statusCode);
    expect(codes).toEqual([201, 201, 429, 429, 429, 429, 429, 429, 429, 429]);
    // Client 2 sends requests that are refused anyway.
    expect((await from(2, { ...newRequest(), email: 5 })).statusCode).toBe(400);
    // The budget (3) still has room for another client.
    expect((await from(3)).statusCode).toBe(201);
    expect(storedRows(dataDir)).toHaveLength(3);
  });

  it("stores a valid request and answers 201", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir);
    const request = newRequest();
    const answer = await post(app, request);
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({ id: request.id, status: "stored" });

    const rows = storedRows(dataDir);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(request);
    expect(Date.parse(rows[0]!.receivedAt)).not.toBeNaN();
  });

  it("creates the database on first start, in WAL mode, at the latest schema version", async () => {
    const { dataDir } = makeTempDirs();
    expect(existsSync(dataDir)).toBe(false);
    await start(dataDir);
    const db = new DatabaseSync(requestsDbPath(dataDir), { readOnly: true });
    try {
      expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      expect(db.prepare("SELECT version FROM dauys_schema_version").get()).toEqual({
        version: latestSchemaVersion,
      });
    } finally {
      db.close();
    }
  });

  it("stores a repeated id once and answers it the same way", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir);
    const request = newRequest();
    expect((await post(app, request)).statusCode).toBe(201);
    const again = await post(app, request);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: request.id, status: "stored" });
    const sameIdInCapitals = await post(app, { ...request, id: request.id.toUpperCase() });
    expect(sameIdInCapitals.statusCode).toBe(200);
    expect(storedRows(dataDir)).toHaveLength(1);
  });

  const invalid: [string, unknown, RegExp][] = [
    ["a missing field", { ...newRequest(), email: undefined }, /"email" is required/],
    ["an unknown field", newRequest({ phone: "+7 700" }), /"phone" is not an accepted field/],
    ["an id that is not a UUID", newRequest({ id: "1234" }), /"id" must match format "uuid"/],
    ["a malformed email", newRequest({ email: "aigerim@" }), /"email" must match format "email"/],
    [
      "an email over 254 characters",
      newRequest({ email: `${"a".repeat(250)}@example.kz` }),
      /"email" must NOT have more than 254 characters/,
    ],
    ["an empty name", newRequest({ name: "" }), /"name" must NOT have fewer than 1 characters/],
    ["a name of spaces", newRequest({ name: "   " }), /"name" must not be empty/],
    [
      "a name over 200 characters",
      newRequest({ name: "a".repeat(201) }),
      /"name" must NOT have more than 200 characters/,
    ],
    [
      "a subject over 200 characters",
      newRequest({ subject: "s".repeat(201) }),
      /"subject" must NOT have more than 200 characters/,
    ],
    [
      "a message over 5000 characters",
      newRequest({ message: "m".repeat(5001) }),
      /"message" must NOT have more than 5000 characters/,
    ],
    [
      "a message with U+0000 (NUL), which PostgreSQL cannot store",
      newRequest({ message: "Hello\u0000world" }),
      /^"message" must not contain control characters\.$/,
    ],
    [
      "a name with another control character",
      newRequest({ name: "Aigerim\u001b[31m" }),
      /^"name" must not contain control characters\.$/,
    ],
    [
      "a subject with a vertical tab",
      newRequest({ subject: "Pilot\u000bclinic" }),
      /^"subject" must not contain control characters\.$/,
    ],
    ["an unknown language", newRequest({ language: "fr" }), /"language" must be equal to one/],
    ["a time that is not a date", newRequest({ createdAt: "yesterday" }), /"createdAt"/],
    ["a number for a text", newRequest({ subject: 42 }), /"subject" must be string/],
    ["an array body", [newRequest()], /must be object/],
  ];

  for (const [what, payload, message] of invalid) {
    it(`refuses ${what} with 400 and a clear message, storing nothing`, async () => {
      const { dataDir } = makeTempDirs();
      const app = await start(dataDir);
      const answer = await post(app, payload);
      expect(answer.statusCode).toBe(400);
      const body = answer.json();
      expect(body.error).toBe("invalid_request");
      expect(body.message).toMatch(message);
      expect(storedRows(dataDir)).toEqual([]);
    });
  }

  it("stores tabs and line breaks in the text fields", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir);
    const request = newRequest({
      name: "Aigerim\tSadykova",
      subject: "Pilot\r\nclinic",
      message: "Line one\r\nline two\n\tindented\rthree",
    });
    expect((await post(app, request)).statusCode).toBe(201);
    expect(storedRows(dataDir)[0]).toMatchObject(request);
  });

  it("refuses a body that is not JSON", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir);
    const broken = await app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { "content-type": "application/json" },
      payload: '{"id": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      error: "invalid_json",
      message: "The request body is not valid JSON.",
    });
    const text = await app.inject({
      method: "POST",
      url: "/api/requests",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
    expect(storedRows(dataDir)).toEqual([]);
  });

  it("keeps every request across a restart", async () => {
    const { dataDir } = makeTempDirs();
    const first = await start(dataDir);
    const before = [newRequest(), newRequest({ language: "ru" })];
    for (const request of before) expect((await post(first, request)).statusCode).toBe(201);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await start(dataDir);
    expect((await post(second, before[0])).statusCode).toBe(200);
    const after = newRequest({ language: "uz" });
    expect((await post(second, after)).statusCode).toBe(201);
    expect(storedRows(dataDir).map((row) => row.id)).toEqual([...before, after].map((r) => r.id));
  });

  it("is described in the OpenAPI document with an example the route accepts", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir);
    const document = (await app.inject({ url: "/api/openapi.json" })).json();
    const operation = document.paths["/api/requests"].post;
    const example = operation.requestBody.content["application/json"].examples.pilot.value;
    expect((await post(app, example)).statusCode).toBe(201);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(["200", "201", "400"]));
  });

  it("is rate limited per client", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir, 2);
    expect((await post(app, newRequest())).statusCode).toBe(201);
    expect((await post(app, newRequest())).statusCode).toBe(201);
    const limited = await post(app, newRequest());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "too_many_requests" });
    expect(storedRows(dataDir)).toHaveLength(2);
  });

  // Requests below come from 127.0.0.1 (inject's address), playing the HTTPS proxy.
  const from = (app: FastifyInstance, client: string) =>
    app.inject({
      method: "POST",
      url: "/api/requests",
      payload: newRequest(),
      headers: { "x-forwarded-for": client },
    });

  it("behind a trusted proxy, limits each client on its own", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir, 1, "127.0.0.1");
    expect((await from(app, "203.0.113.1")).statusCode).toBe(201);
    expect((await from(app, "203.0.113.2")).statusCode).toBe(201);
    expect((await from(app, "203.0.113.1")).statusCode).toBe(429);
  });

  it("without a trusted proxy, a forwarded address does not escape the limit", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start(dataDir, 1);
    expect((await from(app, "203.0.113.1")).statusCode).toBe(201);
    expect((await from(app, "203.0.113.2")).statusCode).toBe(429);
  });
});
