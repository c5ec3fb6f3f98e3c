import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../staff/password.ts";
import { buildTestApp, contactRequestBody, testSessionSecret } from "../test-support.ts";
import type { SpeechSynthesizer } from "./tts.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};
const password = "Tulpar-2026-clinic";
let passwordHash = "";
beforeAll(async () => {
  passwordHash = await hashPassword(password);
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(options: { configured?: boolean; trustProxy?: string } = {}) {
  const app = await buildTestApp(unusedSynthesizer, {
    rateLimitPerMinute: 1000,
    ...(options.configured === false
      ? {}
      : { staffPasswordHash: passwordHash, staffSessionSecret: testSessionSecret }),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  apps.push(app);
  return app;
}

const staff = { "x-dauys-staff": "1" };

function signIn(app: FastifyInstance, attempt = password, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/staff/session",
    headers: { ...staff, ...headers },
    payload: { password: attempt },
  });
}

async function session(app: FastifyInstance): Promise<string> {
  const answer = await signIn(app);
  expect(answer.statusCode).toBe(204);
  const cookie = answer.cookies.find((c) => c.name === "dauys_staff");
  return `dauys_staff=${cookie!.value}`;
}

async function sendRequest(app: FastifyInstance, fields: Record<string, string> = {}) {
  const body = contactRequestBody(fields);
  const answer = await app.inject({ method: "POST", url: "/api/requests", payload: body });
  expect(answer.statusCode).toBe(201);
  return body;
}

describe("staff inbox API", () => {
  it("signs in with the right password: an HttpOnly, SameSite=Strict cookie for /api/staff", async () => {
    const app = await start();
    const answer = await signIn(app);
    expect(answer.statusCode).toBe(204);
    const cookie = answer.cookies.find((c) => c.name === "dauys_staff")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/staff" });
    expect(cookie.secure).toBeFalsy();
    expect(answer.headers["x-robots-tag"]).toBe("noindex");
  });

  it("marks the cookie Secure behind an HTTPS proxy", async () => {
    const app = await start({ trustProxy: "127.0.0.1" });
    const answer = await signIn(app, password, {
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-proto": "https",
    });
    expect(answer.statusCode).toBe(204);
    expect(answer.cookies.find((c) => c.name === "dauys_staff")!.secure).toBe(true);
  });

  it("refuses a wrong password", async () => {
    const app = await start();
    const wrong = await signIn(app, "tulpar-2026-clinic");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: "wrong_password" });
    expect(wrong.cookies).toEqual([]);
  });

  it("never shows a request's data without a session", async () => {
    const app = await start();
    const sent = await sendRequest(app);
    const forged = "dauys_staff=9999999999999.abc.def";
    for (const cookie of [undefined, forged]) {
      const headers = { ...staff, ...(cookie ? { cookie } : {}) };
      const answers = await Promise.all([
        app.inject({ method: "GET", url: "/api/staff/requests", headers }),
        app.inject({ method: "GET", url: "/api/staff/requests.csv", headers }),
        app.inject({
          method: "PATCH",
          url: `/api/staff/requests/${sent.id}`,
          headers,
          payload: { handled: true },
        }),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(401);
        expect(answer.body).not.toContain("Айгерим");
        expect(answer.body).not.toContain(sent.email);
      }
    }
  });

  it("lists requests newest first with search, marks them handled, and gives the CSV", async () => {
    const app = await start();
    const cookie = await session(app);
    const first = await sendRequest(app, { name: "Айгерим", subject: "Pilot" });
    const second = await sendRequest(app, { name: "Bakyt", subject: "Lessons" });
    const list = async (query = "") =>
      (
        await app.inject({
          method: "GET",
          url: `/api/staff/requests?q=${encodeURIComponent(query)}`,
          headers: { cookie },
        })
      ).json() as { requests: { id: string; handledAt: string | null }[]; next: string | null };
    expect((await list()).requests.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await list("айгерим")).requests.map((r) => r.id)).toEqual([first.id]);

    const marked = await app.inject({
      method: "PATCH",
      url: `/api/staff/requests/${first.id}`,
      headers: { ...staff, cookie },
      payload: { handled: true },
    });
    expect(marked.statusCode).toBe(200);
    expect((await list("айгерим")).requests[0]!.handledAt).toBe(marked.json().handledAt);

    const missing = await app.inject({
      method: "PATCH",
      url: `/api/staff/requests/${randomUUID()}`,
      headers: { ...staff, cookie },
      payload: { handled: true },
    });
    expect(missing.statusCode).toBe(404);

    const csv = await app.inject({
      method: "GET",
      url: "/api/staff/requests.csv",
      headers: { cookie },
    });
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="dauys-requests-/);
    expect(csv.body).toContain("Айгерим");
    expect(csv.body).toContain(marked.json().handledAt);
  });

  it("searches for words around a control character, U+0000 too, instead of failing", async () => {
    const app = await start();
    const cookie = await session(app);
    const found = await sendRequest(app, { name: "Айгерим Садыкова", subject: "Pilot" });
    await sendRequest(app, { name: "Bakyt", subject: "Lessons" });
    const search = (query: string) =>
      app.inject({
        method: "GET",
        url: `/api/staff/requests?q=${encodeURIComponent(query)}`,
        headers: { cookie },
      });
    for (const query of ["айгерим\u0000pilot", "\u0000айгерим", "pil\u0001\u001f\u007fсады"]) {
      const answer = await search(query);
      expect(answer.statusCode, query).toBe(200);
      expect(
        answer.json().requests.map((r: { id: string }) => r.id),
        query,
      ).toEqual([found.id]);
    }
    const onlyControls = await search("\u0000\u0001");
    expect(onlyControls.statusCode).toBe(200);
    expect(onlyControls.json().requests).toHaveLength(2);
  });

  it("gives the inbox a page at a time, and refuses pages it cannot give", async () => {
    const app = await start();
    const cookie = await session(app);
    const sent = [];
    for (let i = 0; i < 5; i++) sent.unshift(await sendRequest(app, { subject: `Pilot ${i}` }));
    const get = (query: string) =>
      app.inject({ method: "GET", url: `/api/staff/requests?${query}`, headers: { cookie } });
    const first = (await get("q=pilot&limit=2")).json();
    expect(first.requests.map((r: { id: string }) => r.id)).toEqual([sent[0]!.id, sent[1]!.id]);
    const second = (await get(`q=pilot&limit=2&after=${first.next}`)).json();
    expect(second.requests.map((r: { id: string }) => r.id)).toEqual([sent[2]!.id, sent[3]!.id]);
    const last = (await get(`q=pilot&limit=2&after=${second.next}`)).json();
    expect(last).toEqual({ requests: [expect.objectContaining({ id: sent[4]!.id })], next: null });
    for (const bad of ["limit=0", "limit=101", "limit=-1", "after=abc", "after=0", "after=1e3"]) {
      const answer = await get(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toMatchObject({ error: expect.any(String) });
    }
  });

  it("streams the CSV instead of building it whole", async () => {
    const app = await start();
    const cookie = await session(app);
    for (let i = 0; i < 3; i++) await sendRequest(app, { message: `hello;=2+${i};` });
    const csv = await app.inject({
      method: "GET",
      url: "/api/staff/requests.csv",
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    // A body sent whole has its length up front; a stream's length is known only at its end.
    expect(csv.headers["content-length"]).toBeUndefined();
    expect(csv.body.split("\r\n").filter((line) => line.includes("hello;'=2+"))).toHaveLength(3);
  });

  it("makes no export for a HEAD request", async () => {
    const app = await start();
    const cookie = await session(app);
    await sendRequest(app, { message: "Only the download makes the file." });
    const head = await app.inject({
      method: "HEAD",
      url: "/api/staff/requests.csv",
      headers: { cookie },
    });
    expect(head.statusCode).toBe(404);
  });

  it("gives the CSV gzip-compressed to a browser that takes it, the same file", async () => {
    const app = await start();
    const cookie = await session(app);
    for (let i = 0; i < 3; i++) await sendRequest(app, { message: `Сөйлеу ${i}` });
    const plain = await app.inject({ url: "/api/staff/requests.csv", headers: { cookie } });
    const zipped = await app.inject({
      url: "/api/staff/requests.csv",
      headers: { cookie, "accept-encoding": "br;q=1, gzip;q=0.8" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.body).toContain("Сөйлеу 2");
  });

  it("refuses a change without the staff header or from another origin (CSRF)", async () => {
    const app = await start();
    const cookie = await session(app);
    const sent = await sendRequest(app);
    const attempt = (headers: Record<string, string>) =>
      app.inject({
        method: "PATCH",
        url: `/api/staff/requests/${sent.id}`,
        headers: { cookie, ...headers },
        payload: { handled: true },
      });
    expect((await attempt({})).statusCode).toBe(403);
    expect((await attempt({ ...staff, origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await attempt({ ...staff, origin: "http://localhost:80" })).statusCode).toBe(200);
  });

  it("signs out, and says clearly when no password is set up", async () => {
    const app = await start();
    const cookie = await session(app);
    const out = await app.inject({
      method: "DELETE",
      url: "/api/staff/session",
      headers: { ...staff, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "dauys_staff")!.value).toBe("");

    const bare = await start({ configured: false });
    const answer = await signIn(bare);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: "staff_not_configured" });
  });

  it("keeps the inbox out of search engines", async () => {
    const app = await start();
    const page = await app.inject({ method: "GET", url: "/staff" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    const robots = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain("Disallow: /staff");
    const sitemap = await app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.body).not.toContain("/staff");
  });
});
