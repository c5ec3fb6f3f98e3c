/**
 * The staff inbox's API under /api/staff: sign-in with the operator's password, then the contact
 * requests newest first with search, marking them handled, and the CSV. Nothing about a request
 * is sent without a valid session cookie. The cookie is HttpOnly, SameSite=Strict, Secure behind
 * HTTPS, and sent only to /api/staff; every change must also carry the `X-Dauys-Staff` header
 * (which a cross-site form cannot send) and, when the browser says, come from this origin.
 * Sign-in attempts are limited per client (shared between nodes with DATABASE_URL).
 */
import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "../plugins/json-errors.ts";
import { verifyPassword } from "../staff/password.ts";
import {
  createSession,
  isValidSession,
  sessionCookie,
  sessionHours,
  sessionKey,
} from "../staff/session.ts";
import { Readable } from "node:stream";
import { requestsCsvChunks } from "../storage/requests-csv.ts";
import { searchRequests, type RequestsStore } from "../storage/requests-store.ts";

export const staffHeader = "x-dauys-staff";
export const staffSignInUrl = "/api/staff/session";
/** Sign-in attempts a client may make in `loginWindowMs`. */
export const loginAttempts = 5;
export const loginWindowMs = 15 * 60_000;

type SessionGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message } satisfies ErrorBody);

export async function staffRoutes(
  app: FastifyInstance,
  options: {
    store: RequestsStore;
    passwordHash: string | undefined;
    sessionSecret: string | undefined;
  },
) {
  const { store, passwordHash } = options;
  const key = passwordHash ? sessionKey(passwordHash, options.sessionSecret) : undefined;
  await app.register(cookie);

  app.addHook("onRequest", refuseCrossSiteChanges);
  const signedIn = (request: FastifyRequest) =>
    key !== undefined && isValidSession(key, request.cookies[sessionCookie]);
  const requireSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signedIn(request))
      return fail(reply, 401, "unauthorized", "Sign in to the staff inbox first.");
  };
  addSessionRoutes(app, { passwordHash, key, requireSession });
  addRequestRoutes(app, store, requireSession);
}

/** No caching of anything staff; a change needs the staff header and, if sent, this origin. */
async function refuseCrossSiteChanges(request: FastifyRequest, reply: FastifyReply) {
  reply.header("Cache-Control", "no-store");
  if (request.method === "GET" || request.method === "HEAD") return;
  // A cross-site page can post a form, but not with this header (and not from this origin).
  const origin = request.headers.origin;
  if (
    request.headers[staffHeader] !== "1" ||
    (origin !== undefined && origin !== `${request.protocol}://${request.host}`)
  ) {
    return fail(reply, 403, "forbidden", "This change must come from the staff inbox itself.");
  }
}

/** Sign in (sets the session cookie), check the session, sign out. */
function addSessionRoutes(
  app: FastifyInstance,
  {
    passwordHash,
    key,
    requireSession,
  }: {
    passwordHash: string | undefined;
    key: Buffer | undefined;
    requireSession: SessionGuard;
  },
) {
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: "strict" as const,
    secure: request.protocol === "https",
    path: "/api/staff",
  });

  app.post<{ Body: { password: string } }>(
    "/api/staff/session",
    {
      schema: {
        body: {
          type: "object",
          required: ["password"],
          additionalProperties: false,
          properties: { password: { type: "string", minLength: 1, maxLength: 200 } },
        },
      },
      config: { rateLimit: { max: loginAttempts, timeWindow: loginWindowMs } },
    },
    async (request, reply) => {
      if (!passwordHash || !key) {
        return fail(reply, 503, "staff_not_configured", "The staff inbox is not set up here.");
      }
      if (!(await verifyPassword(request.body.password, passwordHash))) {
        return fail(reply, 401, "wrong_password", "The password is not right.");
      }
      reply.setCookie(sessionCookie, createSession(key), {
        ...cookieOptions(request),
        maxAge: sessionHours * 3600,
      });
      return reply.code(204).send();
    },
  );

  app.get("/api/staff/session", { config: { rateLimit: {} }, preHandler: requireSession }, () => ({
    signedIn: true,
  }));

  app.delete("/api/staff/session", { config: { rateLimit: {} } }, async (request, reply) => {
    reply.clearCookie(sessionCookie, cookieOptions(request));
    return reply.code(204).send();
  });
}

/** Requests the inbox shows at a time unless it asks for fewer. */
export const inboxPageSize = 50;

/** The requests newest first with search, a page at a time, marking one handled, and the CSV. */
function addRequestRoutes(
  app: FastifyInstance,
  store: RequestsStore,
  requireSession: SessionGuard,
) {
  app.get<{ Querystring: { q?: string; limit?: string; after?: string } }>(
    "/api/staff/requests",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            q: { type: "string", maxLength: 200 },
            // 1 to 100.
            limit: { type: "string", pattern: "^([1-9][0-9]?|100)$" },
            // The `next` of the page before: the arrival number of its last request.
            after: { type: "string", pattern: "^[1-9][0-9]{0,14}$" },
          },
        },
      },
      config: { rateLimit: {} },
      preHandler: requireSession,
    },
    async (request) =>
      searchRequests(store, request.query.q ?? "", {
        limit: Number(request.query.limit ?? inboxPageSize),
        after: request.query.after,
      }),
  );

  app.patch<{ Params: { id: string }; Body: { handled: boolean } }>(
    "/api/staff/requests/:id",
    {
      schema: {
        params: {
          type: "object",
          properties: { id: { type: "string", format: "uuid" } },
        },
        body: {
          type: "object",
          required: ["handled"],
          additionalProperties: false,
          properties: { handled: { type: "boolean" } },
        },
      },
      config: { rateLimit: {} },
      preHandler: requireSession,
    },
    async (request, reply) => {
      const handledAt = request.body.handled ? new Date().toISOString() : null;
      const id = request.params.id.toLowerCase();
      if (!(await store.setHandled(id, handledAt))) {
        return fail(reply, 404, "not_found", "There is no request with this id.");
      }
      return { id, handledAt };
    },
  );

  app.get(
    "/api/staff/requests.csv",
    { config: { rateLimit: {} }, preHandler: requireSession },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      // Streamed from the database in batches: the server never holds the whole file.
      return reply
        .type("text/csv; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="dauys-requests-${day}.csv"`)
        .send(Readable.from(requestsCsvChunks(store.iterate())));
    },
  );
}
