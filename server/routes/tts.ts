/**
 * POST /generate-tts: text in one of six languages → base64 RIFF WAV (16-bit PCM mono).
 * Input is validated by JSON schema; text is checked again after trimming. Synthesis runs in
 * worker threads with a time limit, so a slow or broken synthesis is a 500, never a hang. Text
 * that makes no sound (punctuation only) is a 422: silent audio would look like a success. So is
 * text whose audio would be too long (`maxAudioSeconds`): the engine stops as soon as it passes
 * the limit, so a short request cannot make an answer of tens of megabytes.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { apiTags, errorResponse, inputErrorResponses } from "../plugins/api-description.ts";
import {
  maxTextLength,
  noSpeechErrorCode,
  pitchRange,
  rateRange,
  speechLanguages,
  type SpeechAudio,
  type SpeechRequest,
} from "../../src/shared/speech-options.ts";
import {
  AudioTooLongError,
  audioLengthLimit,
  audioTooLongErrorCode,
  maxAudioSeconds,
} from "../../src/shared/audio-length.ts";

export type SpeechSynthesizer = {
  /** `signal` is aborted when the client has gone: work not yet begun for it is dropped. */
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechAudio>;
};

/** The client closed the connection before its answer: nobody is left to send one to. */
class ClientGoneError extends Error {
  override name = "ClientGoneError";
  statusCode = 499;
}

/** Aborted when the connection closes before the answer was sent. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new ClientGoneError("The client went away."));
  });
  return controller.signal;
}

const ttsBodySchema = {
  type: "object",
  required: ["text", "language"],
  additionalProperties: false,
  properties: {
    text: {
      type: "string",
      minLength: 1,
      description: `1 to ${maxTextLength} characters after trimming`,
    },
    language: { type: "string", enum: [...speechLanguages] },
    rate: { type: "number", minimum: rateRange.min, maximum: rateRange.max },
    pitch: { type: "number", minimum: pitchRange.min, maximum: pitchRange.max },
  },
} as const;

const ttsResponseSchema = {
  type: "object",
  required: ["audio", "sampleRate", "durationMs", "engine"],
  properties: {
    audio: { type: "string", description: "Base64 of a RIFF WAV file, 16-bit PCM mono" },
    sampleRate: { type: "integer" },
    durationMs: { type: "integer" },
    engine: { type: "string" },
  },
} as const;

/** Requests the API description shows, each one the route accepts. */
const ttsExamples = {
  russian: {
    summary: "Russian, normal rate",
    value: { text: "Я хочу пойти домой.", language: "ru" },
  },
  englishSlow: {
    summary: "English, slower and lower",
    value: { text: "I want to go home.", language: "en", rate: 120, pitch: 40 },
  },
  kazakh: {
    summary: "Kazakh",
    value: { text: "Мен үйге барғым келеді.", language: "kk" },
  },
};

// Generous for 2000 characters even when every one is escaped in JSON; larger bodies get 413.
const bodyLimit = 64 * 1024;

/**
 * How long a client may take to read an answer of `bytes`: 30 s, and a second for each 32 KiB
 * (256 kbit/s), so the longest answer (about 35 MB) has about 18 minutes and a phrase's (a few
 * hundred kB) about 40 s. The connection's idle limit counts only silence: a client taking a
 * byte now and then held an answer, and its memory, open for as long as it liked. The app itself
 * stops waiting for an answer after a few seconds and makes the audio on the device.
 */
export const answerDeadlineMs = (bytes: number) => 30_000 + Math.ceil(bytes / 32_768) * 1000;

export async function ttsRoutes(
  app: FastifyInstance,
  options: { synthesizer: SpeechSynthesizer; answerDeadlineMs?: (bytes: number) => number },
) {
  const deadline = options.answerDeadlineMs ?? answerDeadlineMs;
  app.post<{ Body: SpeechRequest }>(
    apiPaths.speech,
    {
      bodyLimit,
      // A client that has not read the whole answer by its deadline is cut off.
      onSend: async (request, reply, payload) => {
        const bytes = typeof payload === "string" ? Buffer.byteLength(payload) : 0;
        const timer = setTimeout(() => {
          request.log.warn("The speech answer was not read in time: the connection is closed.");
          reply.raw.destroy();
        }, deadline(bytes));
        timer.unref();
        reply.raw.once("close", () => clearTimeout(timer));
        return payload;
      },
      schema: {
        tags: [apiTags.speech],
        operationId: "generateSpeech",
        summary: "Make speech audio from text",
        // Public: no sign-in (the rate limit protects it).
        security: [],
        body: { ...ttsBodySchema, "x-examples": ttsExamples },
        response: {
          200: { ...ttsResponseSchema, description: "The audio as base64 WAV" },
          ...inputErrorResponses,
          422: errorResponse(
            `Nothing to read aloud ("${noSpeechErrorCode}"): the text makes no sound; or the ` +
              `audio would be too long ("${audioTooLongErrorCode}"): longer than ` +
              `${audioLengthLimit.baseSeconds} s and ${audioLengthLimit.secondsPerCharacter} s ` +
              `a character, or than ${audioLengthLimit.mostSeconds} s in all`,
          ),
          500: errorResponse("Synthesis failed"),
        },
      },
      config: { rateLimit: {} },
      // Compressed as every answer is (app.ts): base64 of PCM audio halves (a 372-character
      // Russian text at the slow rate, 1.62 MB: 0.80 MB with Brotli 4, in 21 ms of a zlib thread,
      // 0.89 MB with gzip 6), which on a village's mobile data is the difference between audio
      // that comes in time and audio that never does.
    },
    async (request, reply) => {
      const text = request.body.text.trim();
      if (text.length === 0) {
        return reply
          .code(400)
          .send({ error: "invalid_request", message: '"text" must not be empty.' });
      }
      if (text.length > maxTextLength) {
        return reply.code(400).send({
          error: "text_too_long",
          message: `"text" must be at most ${maxTextLength} characters.`,
        });
      }
      let audio: SpeechAudio;
      try {
        audio = await options.synthesizer.synthesize({ ...request.body, text }, clientGone(reply));
      } catch (error) {
        if (!(error instanceof AudioTooLongError)) throw error;
        return reply.code(422).send({
          error: audioTooLongErrorCode,
          message: `"text" would make audio longer than ${maxAudioSeconds(text.length)} seconds. Split it into shorter parts.`,
        });
      }
      // The engine gives no samples when the text has nothing it can say in this language.
      if (audio.durationMs === 0) {
        return reply.code(422).send({
          error: noSpeechErrorCode,
          message: '"text" has nothing that can be read aloud in this language.',
        });
      }
      return {
        audio: Buffer.from(audio.wav).toString("base64"),
        sampleRate: audio.sampleRate,
        durationMs: Math.round(audio.durationMs),
        engine: audio.engine,
      };
    },
  );
}
