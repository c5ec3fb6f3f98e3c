/**
 * POST /api/requests: a contact request from the site's form, stored once per client-made id.
 * A repeated id is a retry of a request already stored (the first answer was lost on the way),
 * so it gets the same answer and changes nothing: delivery is idempotent. Besides each client's
 * rate limit, all clients together share a budget a minute (server/routes/submission-budget.ts);
 * beyond it the answer is 503 with Retry-After, before the body is even read.
 */
import type { FastifyInstance } from "fastify";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { apiTags, errorResponse, inputErrorResponses } from "../plugins/api-description.ts";
import type { ErrorBody } from "../plugins/json-errors.ts";
import {
  contactFieldLimits,
  contactTextPattern,
  requestLanguages,
} from "../../src/shared/contact-validation.ts";
import type { NewRequest, RequestsStore } from "../storage/requests-store.ts";
import type { SubmissionBudget } from "./submission-budget.ts";

const text = (maxLength: number) =>
  ({
    type: "string",
    minLength: 1,
    maxLength,
    pattern: contactTextPattern,
    description: "No control characters but tab and line breaks",
  }) as const;

const requestBodySchema = {
  type: "object",
  required: ["id", "name", "email", "subject", "message", "language", "createdAt"],
  additionalProperties: false,
  properties: {
    id: { type: "string", format: "uuid", description: "Made by the client; a retry repeats it" },
    name: text(contactFieldLimits.name),
    email: { type: "string", format: "email", maxLength: contactFieldLimits.email },
    subject: text(contactFieldLimits.subject),
    message: text(contactFieldLimits.message),
    language: { type: "string", enum: [...requestLanguages] },
    createdAt: { type: "string", format: "date-time" },
  },
} as const;

const requestResponseSchema = {
  type: "object",
  required: ["id", "status"],
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["stored"] },
  },
} as const;

/** A request the API description shows, one the route accepts. */
const requestExamples = {
  pilot: {
    summary: "A clinic asking for the pilot",
    value: {
      id: "0b6f6c8e-3c1a-4f43-9a51-2f8d0f6f1a77",
      name: "Aigerim Sadykova",
      email: "aigerim@example.kz",
      subject: "Pilot for our rehabilitation center",
      message: "We would like to try Dauys with ten patients.",
      language: "kk",
      createdAt: "2025-03-01T10:00:00.000Z",
    },
  },
};

// A 5000-character message stays far below this even when every character is escaped.
const bodyLimit = 64 * 1024;

export async function requestRoutes(
  app: FastifyInstance,
  options: { store: RequestsStore; budget: SubmissionBudget },
) {
  const { store: db, budget } = options;

  app.post<{ Body: NewRequest }>(
    apiPaths.requests,
    {
      bodyLimit,
      schema: {
        tags: [apiTags.requests],
        operationId: "createContactRequest",
        summary: "Store a contact request (idempotent by id)",
        // Public: anyone may ask for the pilot (the rate limit protects it).
        security: [],
        body: { ...requestBodySchema, "x-examples": requestExamples },
        response: {
          201: { ...requestResponseSchema, description: "Stored" },
          200: {
            ...requestResponseSchema,
            description: "Already stored earlier (a retry); nothing changed",
          },
          ...inputErrorResponses,
          503: errorResponse(
            "The database is away, or too many submissions from everyone at once: send it again after Retry-After seconds",
          ),
        },
      },
      config: { rateLimit: {} },
      // After the per-client rate limit (an onRequest hook) and the body's validation: a client
      // over its own limit, or sending what is refused anyway, does not spend everyone's budget.
      preHandler: async (_request, reply) => {
        const verdict = budget.take();
        if (verdict.ok) return;
        return reply
          .code(503)
          .header("Retry-After", String(verdict.retryAfterSeconds))
          .send({
            error: "busy",
            message: `The server is taking too many requests. Try again in ${verdict.retryAfterSeconds} s.`,
          } satisfies ErrorBody);
      },
    },
    async (request, reply) => {
      const body = request.body;
      for (const field of ["name", "subject", "message"] as const) {
        if (body[field].trim() === "") {
          return reply
            .code(400)
            .send({ error: "invalid_request", message: `"${field}" must not be empty.` });
        }
      }
      const id = body.id.toLowerCase();
      const { created } = await db.save({ ...body, id });
      return reply.code(created ? 201 : 200).send({ id, status: "stored" });
    },
  );
}
