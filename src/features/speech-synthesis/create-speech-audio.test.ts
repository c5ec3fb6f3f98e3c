/**
 * The server-to-device fallback, against a real HTTP server that answers, fails, refuses the
 * text, never answers or stalls in the middle of its answer (told by the first part of the
 * address it is given as the API's base),
 * and the real eSpeak NG engine as the device engine.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fromServer,
  serverAnswerTimeoutMs,
  wholeAnswerTimeoutMs,
  speechAudioFrom,
  SpeechAudioError,
  type SpeechAudioProgress,
  type SpeechAudioSources,
} from "@/features/speech-synthesis/create-speech-audio";
import { apiPaths } from "@/shared/api-contract";
import { createSpeechEngine, type SpeechEngine } from "@/shared/speech-engine/espeak-engine";
import { encodeWav } from "@/shared/speech-engine/wav";
import { AudioTooLongError, audioTooLongErrorCode } from "@/shared/audio-length";
import {
  maxTextLength,
  noSpeechErrorCode,
  NothingToSpeakError,
  VoiceNotOnDeviceError,
  type SpeechRequest,
} from "@/shared/speech-options";

type Mode = "answer" | "fail" | "no-speech" | "too-long" | "hang" | "stall-body" | "unreachable";

let server: Server;
let base = "";
let engine: SpeechEngine;
const serverWav = encodeWav(new Int16Array([0, 1000, -1000, 0]), 22050);

beforeAll(async () => {
  engine = await createSpeechEngine();
  server = createServer((request, response) => {
    const [mode, ...path] = (request.url ?? "").slice(1).split("/") as [Mode, ...string[]];
    if (mode === "hang") return; // The connection stays open and silent.
    // A connection per request: no test meets a kept-alive one that the server is closing.
    response.setHeader("Connection", "close");
    response.setHeader("Content-Type", "application/json");
    if (`/${path.join("/")}` !== apiPaths.speech || request.method !== "POST") {
      response.statusCode = 404;
      response.end(JSON.stringify({ error: "not_found", message: "No such route." }));
    } else if (mode === "fail") {
      response.statusCode = 503;
      response.end(JSON.stringify({ error: "unavailable", message: "The engine is busy." }));
    } else if (mode === "stall-body") {
      // The headers and the start of the audio come, then nothing more: the connection stalled.
      const body = JSON.stringify({ audio: "A".repeat(100_000), sampleRate: 22050 });
      response.setHeader("Content-Length", Buffer.byteLength(body));
      response.write(body.slice(0, 1000));
    } else if (mode === "no-speech") {
      response.statusCode = 422;
      response.end(JSON.stringify({ error: noSpeechErrorCode, message: "Nothing to read aloud." }));
    } else if (mode === "too-long") {
      response.statusCode = 422;
      response.end(JSON.stringify({ error: audioTooLongErrorCode, message: "Split the text." }));
    } else {
      const audio = Buffer.from(serverWav).toString("base64");
      response.end(JSON.stringify({ audio, sampleRate: 22050, durationMs: 0.2, engine: "test" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The fallback wired to the test server in `mode`, counting what it asked of each source. */
function setUp(
  mode: Mode,
  options: { online?: boolean; deviceFails?: boolean; voiceMissing?: boolean } = {},
) {
  const asked = { server: 0, deviceLoads: 0, serverFailures: [] as string[] };
  const sources: SpeechAudioSources = {
    online: () => options.online ?? true,
    server: (request, signal) => {
      asked.server++;
      // The app's time limit where it is what is tested (a server that never answers); the
      // others wait longer, so a test server on a loaded machine is not taken for a stalled one.
      const answerTimeoutMs = mode === "hang" ? serverAnswerTimeoutMs : 30_000;
      // The whole answer's limit is shortened where a stalled body is tested, to keep it quick.
      const wholeTimeoutMs = mode === "stall-body" ? 2_000 : 60_000;
      // A port nothing listens on: the connection is refused, as where there is no internet.
      const url = mode === "unreachable" ? "http://127.0.0.1:1" : `${base}/${mode}`;
      return fromServer(request, signal, url, answerTimeoutMs, wholeTimeoutMs).catch(
        (error: unknown) => {
          // What the server's answer was taken for, so a failure says why it went to the device.
          asked.serverFailures.push(
            error instanceof Error ? `${error.name}: ${error.message}` : "?",
          );
          throw error;
        },
      );
    },
    loadDevice: async () => {
      asked.deviceLoads++;
      if (options.deviceFails) throw new Error("voice pack: HTTP 404");
      if (options.voiceMissing) {
        const cause = new TypeError("Failed to fetch");
        throw new VoiceNotOnDeviceError("The voice is not on this device.", { cause });
      }
      return async (request) => {
        const { samples, sampleRate } = engine.synthesizeSync(request.text, request.language, {
          rate: request.rate,
        });
        const wav = encodeWav(samples, sampleRate) as Uint8Array<ArrayBuffer>;
        return { wav, sampleRate, durationMs: (samples.length * 1000) / sampleRate };
      };
    },
  };
  const stages: SpeechAudioProgress["stage"][] = [];
  const create = (request: SpeechRequest, signal?: AbortSignal) =>
    speechAudioFrom(sources)(request, {
      onProgress: ({ stage }) => stages.push(stage),
      ...(signal ? { signal } : {}),
    });
  return { asked, stages, create };
}

const request: SpeechRequest = { text: "Мен үйге барғым келеді.", language: "kk" };

describe("speech audio: server first, the device when it cannot answer", () => {
  it("uses the server's audio when it answers", async () => {
    const { asked, stages, create } = setUp("answer");
    const audio = await create(request);
    expect(audio.source).toBe("server");
    expect(new Uint8Array(await audio.blob.arrayBuffer())).toEqual(serverWav);
    expect(stages).toEqual(["requesting-server"]);
    expect(asked.deviceLoads).toBe(0);
  });

  it("falls back to the device engine when the server fails", async () => {
    const { asked, stages, create } = setUp("fail");
    const audio = await create(request);
    expect(audio.source).toBe("device");
    expect(audio.durationMs).toBeGreaterThan(500);
    expect(audio.blob.size).toBeGreaterThan(10_000);
    expect(stages).toEqual(["requesting-server", "loading-local-engine", "synthesizing-locally"]);
    expect(asked).toMatchObject({ server: 1, deviceLoads: 1 });
    expect(asked.serverFailures).toEqual(["SpeechAudioError: The engine is busy."]);
  });

  it("falls back to the device engine when the server never answers", async () => {
    const { stages, create } = setUp("hang");
    const audio = await create(request);
    expect(audio.source).toBe("device");
    expect(stages.at(-1)).toBe("synthesizing-locally");
  }, 15_000);

  it("falls back to the device engine when the server's answer stalls after its headers", async () => {
    const { asked, stages, create } = setUp("stall-body");
    const audio = await create(request);
    expect(audio.source).toBe("device");
    expect(stages).toEqual(["requesting-server", "loading-local-engine", "synthesizing-locally"]);
    expect(asked.serverFailures).toEqual(["TimeoutError: The server's answer did not finish"]);
  }, 15_000);

  it("gives a long text's answer longer to come, up to about 1 Mbit/s for the longest", () => {
    expect(wholeAnswerTimeoutMs("Hi.")).toBeGreaterThan(serverAnswerTimeoutMs);
    // The slow rate's audio of the longest text, base64 in JSON: about 5 kB a character.
    const longest = "а".repeat(maxTextLength);
    const bytes = 5_000 * longest.length;
    expect((bytes * 8) / (wholeAnswerTimeoutMs(longest) / 1000)).toBeLessThan(1_200_000);
  });

  it("does not ask the server while the browser is offline", async () => {
    const { asked, stages, create } = setUp("answer", { online: false });
    const audio = await create(request);
    expect(audio.source).toBe("device");
    expect(asked.server).toBe(0);
    expect(stages).toEqual(["loading-local-engine", "synthesizing-locally"]);
  });

  it("does not retry on the device a text the server found nothing to read in", async () => {
    const { asked, create } = setUp("no-speech");
    await expect(create({ text: "...", language: "en" })).rejects.toBeInstanceOf(
      NothingToSpeakError,
    );
    expect(asked.serverFailures).toEqual(["NothingToSpeakError: Nothing to read aloud."]);
    expect(asked.deviceLoads).toBe(0);
  });

  it("gives the same answer offline for a text with nothing to read aloud", async () => {
    const { create } = setUp("answer", { online: false });
    await expect(create({ text: "...", language: "en" })).rejects.toBeInstanceOf(
      NothingToSpeakError,
    );
  });

  it("does not retry on the device a text whose audio the server found too long", async () => {
    const { asked, create } = setUp("too-long");
    await expect(create({ text: "龍".repeat(2000), language: "en" })).rejects.toBeInstanceOf(
      AudioTooLongError,
    );
    expect(asked.serverFailures).toEqual(["AudioTooLongError: Split the text."]);
    expect(asked.deviceLoads).toBe(0);
  });

  it("gives the same answer offline for a text whose audio would be too long", async () => {
    const { create } = setUp("answer", { online: false });
    await expect(
      create({ text: "龍".repeat(2000), language: "en", rate: 80 }),
    ).rejects.toBeInstanceOf(AudioTooLongError);
  });

  it("stops when the request is cancelled, without the device", async () => {
    const { asked, create } = setUp("hang");
    const controller = new AbortController();
    const made = create(request, controller.signal);
    controller.abort();
    await expect(made).rejects.toThrow();
    expect(asked.deviceLoads).toBe(0);
  });

  it("gives nothing from the device engine when the request was cancelled while it worked", async () => {
    const { asked, stages, create } = setUp("answer", { online: false });
    const controller = new AbortController();
    const made = create(request, controller.signal);
    // Cancelled once the engine has started (its loading is the first thing it waits for).
    controller.abort();
    await expect(made).rejects.toMatchObject({ name: "AbortError" });
    expect(asked.deviceLoads).toBe(1);
    expect(stages).toEqual(["loading-local-engine", "synthesizing-locally"]);
  });

  it("reports a device engine that cannot load as a speech-audio error", async () => {
    const { create } = setUp("fail", { deviceFails: true });
    const failure = await create(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpeechAudioError);
    // The voice is not what failed: nothing says that saving it would help.
    expect(failure).toMatchObject({ name: "SpeechAudioError" });
  });

  it("says the voice is not on the device where the browser says online but the server cannot be reached", async () => {
    // A Wi-Fi without internet: the server cannot be reached, and the voice cannot come.
    const { asked, create } = setUp("unreachable", { voiceMissing: true });
    const failure = await create(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VoiceNotOnDeviceError);
    expect(asked).toMatchObject({ server: 1, deviceLoads: 1 });
  });

  it("says the server could not make the audio where it answered with an error and the voice is not on the device", async () => {
    // Online, and the server answers: the connection is not what is missing.
    const { asked, create } = setUp("fail", { voiceMissing: true });
    const failure = await create(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpeechAudioError);
    expect(asked).toMatchObject({ server: 1, deviceLoads: 1 });
    // The server's own words, not "the voice is not on this device": the page says the audio
    // could not be made, not that there is no connection.
    expect(failure).toMatchObject({ message: "The engine is busy." });
    // Told by its name (the page tells it so, without this module): a voice saved on this device
    // would have made the audio without the server, which the page says.
    expect(failure).toMatchObject({ name: "ServerFailedVoiceNotSavedError" });
    expect((failure as Error).cause).toBeInstanceOf(VoiceNotOnDeviceError);
  });

  it("says the voice is not on the device offline", async () => {
    const { create } = setUp("answer", { online: false, voiceMissing: true });
    await expect(create(request)).rejects.toBeInstanceOf(VoiceNotOnDeviceError);
  });
});
