/**
 * Several hundred generated bad payloads against both POST endpoints: every one must get a 4xx
 * JSON answer (never a 5xx, a crash or a hang), and the server must still work afterwards.
 */
import { createConnection, type Socket } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createSpeechSynthesizer, type ClosableSynthesizer } from "./speech/speech-synthesizer.ts";
import { buildTestApp } from "./test-support.ts";

let synthesizer: ClosableSynthesizer;
let app: FastifyInstance;

beforeAll(async () => {
  synthesizer = await createSpeechSynthesizer({ size: 1, warmUp: [] });
  app = await buildTestApp(synthesizer);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await synthesizer?.close();
});

// A small deterministic generator, so a failure can be reproduced exactly.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

const next = random(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

const wrongValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  [],
  {},
  ["text"],
  { nested: "x" },
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u0002\u001f",
  "x".repeat(70_000),
  "\ud800",
  "😀".repeat(6000),
  "<script>alert(1)</script>",
  "'; DROP TABLE requests; --",
  "not-an-email",
  "2026-13-45T99:99:99Z",
  "00000000-0000-0000-0000-00000000000g",
];

function deepJson(depth: number, open: string, close: string): string {
  return open.repeat(depth) + close.repeat(depth);
}

type BadBody = { contentType: string; body: string | Buffer };

const validTts = { text: "Hello", language: "en" };
const validRequest = {
  id: "6f1c2b1e-4a55-4d7b-9a3e-2c1f0b9d8e7a",
  name: "Aigerim",
  email: "aigerim@example.com",
  subject: "Pilot",
  message: "We would like to try Dauys.",
  language: "kk",
  createdAt: "2026-11-21T10:00:00.000Z",
};

function generate(valid: Record<string, unknown>): BadBody[] {
  const json = (value: unknown): BadBody => ({
    contentType: "application/json",
    body: JSON.stringify(value),
  });
  const bodies: BadBody[] = [];
  const keys = Object.keys(valid);
  // Each field replaced by each wrong value (huge strings only where they are wrong).
  for (const key of keys) {
    for (const value of wrongValues) {
      if (typeof value === "string" && value.length > 0 && value.length < 60 && key === "text")
        continue;
      if (
        typeof value === "string" &&
        key !== "text" &&
        key !== "language" &&
        !["id", "email", "createdAt"].includes(key) &&
        value.trim() &&
        value.length < 60_000 &&
        value.length <= 200
      )
        continue;
      bodies.push(json({ ...valid, [key]: value }));
    }
    const withoutKey = { ...valid };
    delete withoutKey[key];
    bodies.push(json(withoutKey));
  }
  // Random mixtures of wrong fields.
  for (let i = 0; i < 80; i++) {
    const body: Record<string, unknown> = { ...valid };
    for (const key of keys)
      if (next() < 0.5) body[key] = pick(wrongValues.filter((v) => typeof v !== "string"));
    body[pick(keys)] = pick([null, 42, [], {}]);
    bodies.push(json(body));
  }
  // Structure attacks and broken encodings.
  bodies.push(
    json([valid]),
    json("just a string"),
    json(null),
    json({ ...valid, __proto__: { admin: true }, constructor: { prototype: {} } }),
    json({ ...valid, extra: "field" }),
    { contentType: "application/json", body: deepJson(20_000, "[", "]") },
    { contentType: "application/json", body: deepJson(20_000, '{"a":', "}").replace(/}$/, "1}") },
    { contentType: "application/json", body: "" },
    { contentType: "application/json", body: "{" },
    { contentType: "application/json", body: '{"text": "unterminated' },
    { contentType: "application/json", body: "NaN" },
    {
      contentType: "application/json",
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    },
    {
      contentType: "application/json",
      body: Buffer.concat([
        Buffer.from('{"text":"'),
        Buffer.from([0xc3, 0x28, 0xa0, 0xa1]),
        Buffer.from('","language":"en"}'),
      ]),
    },
    { contentType: "application/json", body: "x".repeat(2_000_000) },
    {
      contentType: "application/json; charset=utf-16",
      body: Buffer.from(JSON.stringify(valid), "utf16le"),
    },
    { contentType: "text/plain", body: JSON.stringify(valid) },
    { contentType: "application/x-www-form-urlencoded", body: "text=Hello&language=en" },
    { contentType: "multipart/form-data; boundary=x", body: "--x\r\n\r\n--x--" },
    { contentType: "application/xml", body: "<text>Hello</text>" },
  );
  return bodies;
}

const targets = [
  { url: "/generate-tts", bodies: generate(validTts) },
  { url: "/api/requests", bodies: generate(validRequest) },
];

it(`answers ${targets.reduce((n, t) => n + t.bodies.length, 0)} bad payloads with 4xx JSON, then still works`, async () => {
  const unexpected: string[] = [];
  for (const { url, bodies } of targets) {
    for (const [index, { contentType, body }] of bodies.entries()) {
      const answer = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": contentType },
        payload: body,
      });
      const ok = answer.statusCode >= 400 && answer.statusCode < 500;
      let json: { error?: unknown; message?: unknown } = {};
      try {
        json = answer.json();
      } catch {
        // Reported below.
      }
      if (!ok || typeof json.error !== "string" || typeof json.message !== "string") {
        unexpected.push(
          `${url} #${index} (${contentType}) ${String(body).slice(0, 160)}: ${answer.statusCode} ${answer.body.slice(0, 120)}`,
        );
      }
    }
  }
  expect(unexpected).toEqual([]);
  expect(targets.every((t) => t.bodies.length >= 100)).toBe(true);

  expect((await app.inject({ url: "/api/health" })).json()).toEqual({ status: "ok" });
  const speech = await app.inject({ method: "POST", url: "/generate-tts", payload: validTts });
  expect(speech.statusCode).toBe(200);
  const stored = await app.inject({ method: "POST", url: "/api/requests", payload: validRequest });
  expect(stored.statusCode).toBe(201);
}, 120_000);

it("refuses a body over 64 kB with 413 on every route, unknown addresses too", async () => {
  const body = JSON.stringify({ password: "x".repeat(100_000) });
  for (const url of ["/api/staff/session", "/api/no-such-route", "/no-such-page"]) {
    const answer = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", "x-dauys-staff": "1" },
      payload: body,
    });
    expect(answer.statusCode, url).toBe(413);
    expect(answer.json(), url).toEqual({
      error: "payload_too_large",
      message: "The request body is too large.",
    });
  }
});

it("refuses a compressed body before reading it, however much it would inflate to", async () => {
  const bomb = brotliCompressSync(Buffer.alloc(1024 ** 3 / 64, 0x20));
  const zipped = gzipSync(JSON.stringify(validRequest));
  for (const { url, encoding, body } of [
    { url: "/api/requests", encoding: "br", body: bomb },
    { url: "/contact", encoding: "br", body: bomb },
    { url: "/generate-tts", encoding: "gzip", body: zipped },
    { url: "/api/requests", encoding: "gzip", body: zipped },
  ]) {
    const answer = await app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", "content-encoding": encoding },
      payload: body,
    });
    expect(answer.statusCode, `${url} ${encoding}`).toBe(415);
    expect(answer.json()).toMatchObject({ error: "unsupported_content_encoding" });
  }
  // A request without a body has nothing to inflate, whatever its headers say.
  const page = await app.inject({ url: "/api/health", headers: { "content-encoding": "br" } });
  expect(page.json()).toEqual({ status: "ok" });
});

it(
  "closes a connection that sends part of a request and then goes silent",
  { timeout: 10_000 },
  async () => {
    const slowApp = await buildTestApp(synthesizer, {}, { idleConnectionMs: 300 });
    try {
      const address = await slowApp.listen({ port: 0, host: "127.0.0.1" });
      const { port } = new URL(address);
      const socket = createConnection({ port: Number(port), host: "127.0.0.1" });
      const closed = new Promise<void>((resolve) => {
        socket.on("close", () => resolve());
        socket.on("error", () => undefined);
      });
      // Headers promising a body, and only the start of it.
      socket.write(
        "POST /api/requests HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          'Content-Length: 1000\r\n\r\n{"id":',
      );
      // Closed by the server (without the limit it would wait for the rest for ever).
      await closed;
      expect(socket.destroyed).toBe(true);
      // The server itself goes on answering.
      const health = await slowApp.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
    } finally {
      await slowApp.close();
    }
  },
);

it(
  "cuts off a client that reads a speech answer too slowly, and goes on serving",
  { timeout: 10_000 },
  async () => {
    // An answer of about 11 MB (as base64 JSON): more than the connection's buffers hold.
    const large = {
      synthesize: async () => ({
        wav: new Uint8Array(8 * 1024 * 1024).fill(1),
        sampleRate: 22050,
        durationMs: 190_000,
        engine: "stand-in",
      }),
    };
    const deadlines: number[] = [];
    const served = await buildTestApp(
      large,
      {},
      {
        speechAnswerDeadlineMs: (bytes) => {
          deadlines.push(bytes);
          return 300;
        },
      },
    );
    try {
      const address = await served.listen({ port: 0, host: "127.0.0.1" });
      const serverSide = new Promise<Socket>((resolve) =>
        served.server.once("connection", resolve),
      );
      const body = JSON.stringify({ text: "Please call the nurse.", language: "en" });
      // A client that sends its request and then reads nothing (it pauses, as a slow reader
      // does between its bytes).
      const socket = createConnection({ port: Number(new URL(address).port), host: "127.0.0.1" });
      socket.on("error", () => undefined);
      socket.pause();
      socket.write(
        `POST /generate-tts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      // The server closes its side once the deadline for the answer's size has passed.
      const connection = await serverSide;
      if (!connection.destroyed) await new Promise((resolve) => connection.once("close", resolve));
      expect(deadlines).toHaveLength(1);
      expect(deadlines[0]).toBeGreaterThan(10_000_000);
      socket.destroy();
      // The server itself goes on answering.
      const health = await served.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
    } finally {
      await served.close();
    }
  },
);

it(
  "drops the speech a client stopped waiting for, and goes on serving",
  { timeout: 30_000 },
  async () => {
    // The real engine, watched: which requests' clients the route says have gone.
    const signals: AbortSignal[] = [];
    const watched = {
      synthesize: (...args: Parameters<ClosableSynthesizer["synthesize"]>) => {
        if (args[1]) signals.push(args[1]);
        return synthesizer.synthesize(...args);
      },
    };
    const served = await buildTestApp(watched);
    try {
      const address = await served.listen({ port: 0, host: "127.0.0.1" });
      const speak = (text: string, signal?: AbortSignal) =>
        fetch(new URL("/generate-tts", address), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ text, language: "en" }),
          signal,
        });
      // The app stops waiting after a while (here at once) and speaks on the device instead.
      const impatient = new AbortController();
      const abandoned = speak("Please call the nurse.", impatient.signal);
      await expect.poll(() => signals.length).toBe(1);
      impatient.abort();
      await expect(abandoned).rejects.toThrow();
      await expect.poll(() => signals[0]?.aborted).toBe(true);
      // A client that waits is answered, and its request was not taken for gone.
      const answer = await speak("Thank you.");
      expect(answer.status).toBe(200);
      // Read, as a client that waits does (the answer comes compressed, as a stream).
      expect(JSON.parse(await answer.text())).toMatchObject({ engine: "espeak-ng-wasm" });
      expect(signals[1]?.aborted).toBe(false);
    } finally {
      await served.close();
    }
  },
);
