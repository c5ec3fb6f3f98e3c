/**
 * The API's OpenAPI 3.1 description, served at /api/openapi.json. @fastify/swagger builds it from
 * the routes' own schemas (the ones that validate requests and shape answers), so it cannot drift
 * from what the server does. Only tagged routes are described: the public API and the staff API
 * the inbox calls (whose types the app uses, src/shared/generated/openapi.d.ts). The site map and
 * the app's files stay out of it.
 */
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import fp from "fastify-plugin";
import { apiPaths, cookieNames } from "../../src/shared/api-contract.ts";

export const apiTags = {
  speech: "speech",
  requests: "requests",
  health: "health",
  staff: "staff",
} as const;

/** The security scheme of the staff API's routes: the session cookie set by signing in. */
export const staffSessionScheme = "staffSession";

/** The JSON every error is answered with (server/plugins/json-errors.ts). */
const errorSchema = {
  type: "object",
  required: ["error", "message"],
  properties: { error: { type: "string" }, message: { type: "string" } },
} as const;

/** An error answer in a route's `response` schema, described for the document. */
export const errorResponse = (description: string) => ({ ...errorSchema, description });

/** The answers every JSON route may give to bad input. */
export const inputErrorResponses = {
  400: errorResponse("Invalid input"),
  413: errorResponse("Body too large"),
  415: errorResponse("Not JSON"),
  429: errorResponse("Rate limited"),
};

async function apiDescription(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Dauys speech API",
        version: "1.0.0",
        description: "Text to speech in six languages and contact requests.",
        license: { name: "GPL-3.0-or-later", identifier: "GPL-3.0-or-later" },
      },
      // The API is served by the same server as the app, at its root.
      servers: [{ url: "/", description: "The server this document was fetched from" }],
      tags: [
        { name: apiTags.speech, description: "Speech audio from text" },
        { name: apiTags.requests, description: "Contact requests from the site's form" },
        { name: apiTags.health, description: "Whether the server is up" },
        { name: apiTags.staff, description: "The clinic's inbox of contact requests" },
      ],
      components: {
        securitySchemes: {
          [staffSessionScheme]: {
            type: "apiKey",
            in: "cookie",
            name: cookieNames.staffSession,
            description: "Signed and HttpOnly; set by signing in, sent only to the staff API",
          },
        },
      },
    },
    hideUntagged: true,
  });
  app.get(apiPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
}

export const apiDescriptionPlugin = fp(apiDescription, { name: "api-description" });
