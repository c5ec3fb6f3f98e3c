import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { SAMPLE_TEXTS, rms } from "../../src/shared/speech-engine/sample-texts.ts";
import { decodeWavInfo } from "../../src/shared/speech-engine/wav.ts";
import { speechLanguages } from "../../src/shared/speech-options.ts";
import { createSpeechSynthesizer, type ClosableSynthesizer } from "../speech/speech-synthesizer.ts";
import { buildTestApp } from "../test-support.ts";

let synthesizer: ClosableSynthesizer;
let app: FastifyInstance;

beforeAll(async () => {
  // The server's 10 s limit on one synthesis has its own test (below, with 1 ms). Here it is set
  // well above what the longest text takes on a busy machine, so these tests check answers,
  // never the machine's speed (2,000 characters once took over 10 s beside the browser tests).
  synthesizer = await createSpeechSynthesizer({ size: 2, timeoutMs: 120_000 });
  app = await buildTestApp(synthesizer);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await synthesizer?.close();
});

function tts(payload: unknown) {
  return app.inject({ method: "POST", url: "/generate-tts", payload: payload as object });
}

function decodeAudio(body: { audio: string }) {
  const bytes = new Uint8Array(Buffer.from(body.audio, "base64"));
  const info = decodeWavInfo(bytes);
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset + 44, info.sampleCount);
  return { bytes, info, samples };
}

describe("POST /generate-tts", () => {
  for (const language of speechLanguages) {
    it(`speaks ${language}: a valid, audible WAV whose length grows with the text`, async () => {
      const sentence = SAMPLE_TEXTS[language];
      const short = await tts({ text: sentence.split(",")[0], language });
      const long = await tts({ text: sentence, language });
      expect(short.statusCode).toBe(200);
      expect(long.statusCode).toBe(200);
      const shortAudio = decodeAudio(short.json());
      const longAudio = decodeAudio(long.json());
      expect(String.fromCharCode(...longAudio.bytes.subarray(0, 4))).toBe("RIFF");
      expect(String.fromCharCode(...longAudio.bytes.subarray(8, 12))).toBe("WAVE");
      expect(longAudio.info).toMatchObject({ channels: 1, bitsPerSample: 16, sampleRate: 22050 });
      expect(rms(longAudio.samples)).toBeGreaterThan(500);
      expect(longAudio.info.durationMs).toBeGreaterThan(shortAudio.info.durationMs * 1.5);
      const body = long.json();
      expect(body).toMatchObject({ sampleRate: 22050, engine: "espeak-ng-wasm" });
      expect(Math.abs(body.durationMs - longAudio.info.durationMs)).toBeLessThanOrEqual(1);
    });
  }

  it("sends the audio compressed to a client that takes it: about half the bytes, the same audio", async () => {
    const payload = { text: SAMPLE_TEXTS.ru, language: "ru", rate: 120 };
    const plain = await tts(payload);
    const zipped = await app.inject({
      method: "POST",
      url: "/generate-tts",
      payload,
      headers: { "accept-encoding": "br;q=1, gzip;q=0.8" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("br");
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length * 0.6);
    // The same text's audio (the engine's two runs differ by a few samples).
    const unzipped = decodeAudio(JSON.parse(brotliDecompressSync(zipped.rawPayload).toString()));
    const sent = decodeAudio(plain.json());
    expect(unzipped.info.sampleRate).toBe(sent.info.sampleRate);
    expect(unzipped.info.durationMs).toBeCloseTo(sent.info.durationMs, -2);
  });

  it("speaks more slowly when asked for a lower rate", async () => {
    const text = SAMPLE_TEXTS.en;
    const slow = decodeAudio((await tts({ text, language: "en", rate: 100 })).json());
    const fast = decodeAudio((await tts({ text, language: "en", rate: 300 })).json());
    expect(slow.info.durationMs).toBeGreaterThan(fast.info.durationMs * 1.8);
  });

  it("speaks markup as text: a pause tag in a short request does not make minutes of audio", async () => {
    const answer = await tts({ text: '<speak><break time="100000s"/></speak>', language: "en" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().durationMs).toBeLessThan(20_000);
    expect(answer.body.length).toBeLessThan(2_000_000);
  });

  it("refuses text with nothing to read aloud with 422 and the no_speech code", async () => {
    for (const text of ["...", "?!", "«»", "…", "-"]) {
      const answer = await tts({ text, language: "ru" });
      expect(answer.statusCode, text).toBe(422);
      expect(answer.json()).toEqual({
        error: "no_speech",
        message: '"text" has nothing that can be read aloud in this language.',
      });
    }
  });

  it("refuses text whose audio would be too long with 422 and the audio_too_long code", async () => {
    // About 6 kB of request; each "龍" is read as a phrase. Before the limit the answer was
    // 1,179 s of audio: 69 MB of JSON.
    const answer = await tts({ text: "龍".repeat(2000), language: "en", rate: 80 });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      error: "audio_too_long",
      message: '"text" would make audio longer than 600 seconds. Split it into shorter parts.',
    });
  });

  it(
    "still speaks the longest real texts at the slowest rate: prose and telephone numbers",
    { timeout: 150_000 },
    async () => {
      // Azerbaijani prose is the slowest of the six: 2,000 characters make about 290 s.
      const prose = await tts({ text: "Azərbaycan ".repeat(181).trim(), language: "az", rate: 80 });
      expect(prose.statusCode).toBe(200);
      expect(prose.json().durationMs).toBeGreaterThan(200_000);
      // Digits are read as numbers, the longest per character of real text.
      const numbers = await tts({ text: "Call 87771234567.", language: "en", rate: 80 });
      expect(numbers.statusCode).toBe(200);
    },
  );

  it("speaks the symbols eSpeak reads out; what is silent depends on the language", async () => {
    for (const text of ["&", "%", "#", "@", "+", "1"]) {
      const answer = await tts({ text, language: "en" });
      expect(answer.statusCode, text).toBe(200);
      expect(rms(decodeAudio(answer.json()).samples), text).toBeGreaterThan(500);
    }
    expect((await tts({ text: "!", language: "en" })).statusCode).toBe(200);
    expect((await tts({ text: "!", language: "ru" })).statusCode).toBe(422);
  });

  it("answers 20 concurrent requests correctly", async () => {
    const requests = Array.from({ length: 20 }, (_, i) => {
      const language = speechLanguages[i % speechLanguages.length]!;
      return tts({ text: SAMPLE_TEXTS[language], language });
    });
    const answers = await Promise.all(requests);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(decodeAudio(answer.json()).info.durationMs).toBeGreaterThan(3000);
    }
  }, 60_000);

  const badRequests: [string, unknown, number, RegExp][] = [
    ["missing text", { language: "ru" }, 400, /"text" is required/],
    ["empty text", { text: "", language: "ru" }, 400, /text/],
    ["blank text", { text: "   \n\t ", language: "ru" }, 400, /must not be empty/],
    ["text over the limit", { text: "а".repeat(2001), language: "ru" }, 400, /at most 2000/],
    ["unknown language", { text: "Hello", language: "fr" }, 400, /language/],
    ["text of the wrong type", { text: 42, language: "en" }, 400, /text/],
    ["rate out of range", { text: "Hello", language: "en", rate: 5 }, 400, /rate/],
    ["pitch out of range", { text: "Hello", language: "en", pitch: 150 }, 400, /pitch/],
    ["an unknown field", { text: "Hello", language: "en", voice: "x" }, 400, /voice/],
    ["a JSON array", [1, 2, 3], 400, /object|type/],
  ];
  for (const [name, payload, status, message] of badRequests) {
    it(`refuses ${name} with ${status} and a clear JSON message`, async () => {
      const answer = await tts(payload);
      expect(answer.statusCode).toBe(status);
      expect(answer.json().error).toEqual(expect.any(String));
      expect(answer.json().message).toMatch(message);
    });
  }

  it(
    "accepts padded text whose trimmed length is within the limit",
    { timeout: 150_000 },
    async () => {
      const answer = await tts({ text: `  ${"a ".repeat(999)}a  `, language: "en", rate: 450 });
      expect(answer.statusCode).toBe(200);
    },
  );

  it("refuses invalid JSON with 400", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/generate-tts",
      headers: { "content-type": "application/json" },
      payload: '{"text": "Hello", "language": ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: "invalid_json" });
  });

  it("refuses a wrong content type with 415", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/generate-tts",
      headers: { "content-type": "text/plain" },
      payload: "Hello",
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toMatchObject({ error: "unsupported_media_type" });
  });

  it("refuses an oversized body with 413", async () => {
    const answer = await tts({ text: "a".repeat(100_000), language: "en" });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ error: "payload_too_large" });
  });
});

describe("limits and failures", () => {
  it("limits each client per minute with 429", async () => {
    const limited = await buildTestApp(synthesizer, { rateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await limited.inject({
        method: "POST",
        url: "/generate-tts",
        payload: { text: "Hi", language: "en" },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json().error).toBe("too_many_requests");
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Static files are not limited.
    expect((await limited.inject({ url: "/" })).statusCode).toBe(200);
    await limited.close();
  });

  it("turns an engine failure (a synthesis over its time limit) into a 500 JSON error", async () => {
    const impatient = await createSpeechSynthesizer({ size: 1, timeoutMs: 1, warmUp: [] });
    const failing = await buildTestApp(impatient);
    const answer = await failing.inject({
      method: "POST",
      url: "/generate-tts",
      payload: { text: SAMPLE_TEXTS.ru, language: "ru" },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      error: "internal_error",
      message: expect.stringMatching(/could not complete/),
    });
    expect((await failing.inject({ url: "/api/health" })).json()).toEqual({ status: "ok" });
    await failing.close();
    await impatient.close();
  }, 60_000);
});
