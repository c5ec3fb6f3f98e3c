/**
 * POST /api/requests: a contact request from the site's form, stored once per client-made id.
 * A repeated id is a retry of a request already stored (the first answer was lost on the way),
 * so it gets the same answer and changes nothing: delivery is idempotent.
 */
import type { FastifyInstance } from "fastify";
import { contactFieldLimits } from "../../src/features/contact/contact-validation.ts";
import { openRequestsDb, type NewRequest } from "../storage/requests-db.ts";

// The interface languages (src/lib/i18n.ts), which a request records.
const requestLanguages = ["en", "ru", "az", "kk", "ky", "uz"] as const;

const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength }) as const;

export const requestBodySchema = {
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

export const requestResponseSchema = {
  type: "object",
  required: ["id", "status"],
  properties: {
    id: { type: "string" },
    status: { type: "string", enum: ["stored"] },
  },
} as const;

// A 5000-character message stays far below this even when every character is escaped.
const bodyLimit = 64 * 1024;

export async function requestRoutes(app: FastifyInstance, options: { dataDir: string }) {
  const db = openRequestsDb(options.dataDir);
  app.addHook("onClose", async () => db.close());

  app.post<{ Body: NewRequest }>(
    "/api/requests",
    {
      bodyLimit,
      schema: {
        body: requestBodySchema,
        response: { 200: requestResponseSchema, 201: requestResponseSchema },
      },
      config: { rateLimit: {} },
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
      const { created } = db.save({ ...body, id });
      return reply.code(created ? 201 : 200).send({ id, status: "stored" });
    },
  );
}
