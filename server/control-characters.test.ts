/**
 * Control characters in what clients send, through the whole server on both stores. PostgreSQL
 * refuses U+0000 in any text (SQLSTATE 22021) and SQLite's full-text query ends at it, so a
 * request holding one was answered 500 every time, and the app's outbox sent it again for ever
 * with every later request waiting behind it. The API refuses such a request with 400 before it
 * reaches the store; the plain form post (a person's typing) keeps the text without them; a
 * search takes the character as a space between words.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpeechSynthesizer } from "./routes/tts.ts";
import { hashPassword } from "./staff/password.ts";
import { startTestPostgres, type TestPostgres } from "./storage/test-postgres.ts";
import { buildTestApp, contactRequestBody, testSessionSecret } from "./test-support.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};
const password = "Tulpar-2026-clinic";

let postgres: TestPostgres;
let passwordHash = "";

beforeAll(async () => {
  passwordHash = await hashPassword(password);
  postgres = await startTestPostgres();
}, 120_000);
afterAll(async () => postgres?.stop(), 60_000);

const stores = [
  { name: "SQLite", databaseUrl: async () => undefined },
  { name: "PostgreSQL", databaseUrl: () => postgres.createDatabase("control_characters") },
];

describe.each(stores)("control characters on $name", (kind) => {
  let app: FastifyInstance;
  let cookie = "";

  beforeAll(async () => {
    app = await buildTestApp(unusedSynthesizer, {
      databaseUrl: await kind.databaseUrl(),
      staffPasswordHash: passwordHash,
      staffSessionSecret: testSessionSecret,
    });
    const signedIn = await app.inject({
      method: "POST",
      url: "/api/staff/session",
      headers: { "x-dauys-staff": "1" },
      payload: { password },
    });
    cookie = `dauys_staff=${signedIn.cookies.find((c) => c.name === "dauys_staff")!.value}`;
  }, 60_000);
  afterAll(async () => app?.close());

  const search = (query: string) =>
    app.inject({
      method: "GET",
      url: `/api/staff/requests?q=${encodeURIComponent(query)}`,
      headers: { cookie },
    });

  it("refuses U+0000 in a request sent as JSON with 400; the plain form keeps the text without it", async () => {
    const json = await app.inject({
      method: "POST",
      url: "/api/requests",
      payload: contactRequestBody({ message: "Hello\u0000world" }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      error: "invalid_request",
      message: '"message" must not contain control characters.',
    });
    expect((await search("")).json().requests).toEqual([]);
    const form = await app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        ...contactRequestBody(),
        subject: "Pilot\u0000 form",
      }).toString(),
    });
    expect(form.statusCode).toBe(201);
    expect((await search("form")).json().requests).toEqual([
      expect.objectContaining({ subject: "Pilot form" }),
    ]);
  });

  it("stores the request with tabs and line breaks, and finds it by words around U+0000", async () => {
    const request = contactRequestBody({ name: "Timur", message: "Line one\r\n\tline two" });
    const stored = await app.inject({ method: "POST", url: "/api/requests", payload: request });
    expect(stored.statusCode).toBe(201);
    const found = await search("timur\u0000pilot");
    expect(found.statusCode).toBe(200);
    expect(found.json().requests).toEqual([expect.objectContaining({ ...request })]);
  });
});
