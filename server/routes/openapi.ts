/**
 * An OpenAPI 3.1 description of the API with request examples, served at /api/openapi.json.
 * It is built from the same JSON schemas that validate requests, so it cannot drift from them.
 */
import type { FastifyInstance } from "fastify";
import { noSpeechErrorCode } from "../../src/lib/speech-options.ts";
import { requestsOpenApiPaths } from "./requests.ts";
import { ttsBodySchema, ttsResponseSchema } from "./tts.ts";

const errorSchema = {
  type: "object",
  required: ["error", "message"],
  properties: { error: { type: "string" }, message: { type: "string" } },
} as const;

const errorResponses = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
  413: { description: "Body too large", content: { "application/json": { schema: errorSchema } } },
  415: { description: "Not JSON", content: { "application/json": { schema: errorSchema } } },
  429: { description: "Rate limited", content: { "application/json": { schema: errorSchema } } },
};

export function buildOpenApiDocument(extraPaths: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dauys speech API",
      version: "1.0.0",
      description: "Text to speech in six languages and contact requests.",
      license: { name: "GPL-3.0-or-later", identifier: "GPL-3.0-or-later" },
    },
    // The API is served by the same server as the app, at its root.
    servers: [{ url: "/", description: "The server this document was fetched from" }],
    paths: {
      "/generate-tts": {
        post: {
          operationId: "generateSpeech",
          summary: "Make speech audio from text",
          // Public: no sign-in (the rate limit protects it).
          security: [],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: ttsBodySchema,
                examples: {
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
                },
              },
            },
          },
          responses: {
            200: {
              description: "The audio as base64 WAV",
              content: { "application/json": { schema: ttsResponseSchema } },
            },
            ...errorResponses,
            422: {
              description: `Nothing to read aloud ("${noSpeechErrorCode}"): the text makes no sound`,
              content: { "application/json": { schema: errorSchema } },
            },
            500: {
              description: "Synthesis failed",
              content: { "application/json": { schema: errorSchema } },
            },
          },
        },
      },
      "/api/health": {
        get: {
          operationId: "checkHealth",
          summary: "Liveness check",
          security: [],
          responses: {
            200: {
              description: "The server is up",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["status"],
                    properties: { status: { type: "string", const: "ok" } },
                  },
                },
              },
            },
            "4XX": {
              description: "The request was refused (a malformed address, for example)",
              content: { "application/json": { schema: errorSchema } },
            },
          },
        },
      },
      ...extraPaths,
    },
  };
}

export async function openApiRoutes(app: FastifyInstance) {
  const document = buildOpenApiDocument(requestsOpenApiPaths);
  app.get("/api/openapi.json", async () => document);
}
