/**
 * The staff inbox's API under /api/staff: sign-in with the operator's password, then the contact
 * requests newest first with search, marking them handled, and the CSV. Nothing about a request
 * is sent without a live session (server/staff/session.ts). The cookie is HttpOnly,
 * SameSite=Strict, Secure behind HTTPS, and sent only to /api/staff; every change must also carry
 * the `X-Dauys-Staff` header (which a cross-site form cannot send) and, when the browser says,
 * come from this origin. A session ends after `idleMinutes` without use; the inbox's own
 * background check for new requests (marked with `X-Dauys-Background-Check`) is not use. Wrong
 * passwords are limited per client and overall (server/staff/sign-in-limit.ts), shared between
 * nodes with DATABASE_URL.
 *
 * The inbox runs only with both STAFF_PASSWORD_HASH and a good STAFF_SESSION_SECRET; otherwise
 * the server says why at start and the sign-in answers that the inbox is not set up here.
 */
import { signerFactory } from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type pg from "pg";
import {
  apiPaths,
  backgroundCheckHeader,
  routePath,
  staffHeader,
} from "../../src/shared/api-contract.ts";
import type { ErrorBody } from "../plugins/json-errors.ts";
import { verifyPassword } from "../staff/password.ts";
import {
  idleMinutes,
  newSession,
  readSessionCookie,
  readSessionSecret,
  deviceCookie,
  deviceCookieValue,
  deviceDays,
  knownDeviceId,
  sessionCookie,
  sessionCookieValue,
  sessionHours,
  sessionKey,
  type Session,
} from "../staff/session.ts";
import { openStaffSessionStore, type StaffSessionStore } from "../staff/session-store.ts";
import {
  memoryFailureCounter,
  postgresFailureCounter,
  signInLimiter,
  type Lockout,
} from "../staff/sign-in-limit.ts";
import { negotiate } from "@fastify/accept-negotiator";
import { csvDownload } from "../storage/requests-csv-download.ts";
import { searchRequests, type RequestsStore } from "../storage/requests-store.ts";
import {
  listRequestsSchema,
  requestsCsvSchema,
  sessionSchema,
  setHandledSchema,
  signInSchema,
  signOutSchema,
} from "./staff-schemas.ts";

/** A configured inbox: its password, its sessions, and what signs its cookie. */
type Inbox = {
  passwordHash: string;
  sessions: StaffSessionStore;
  signer: ReturnType<typeof signerFactory>;
};

type SessionGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message } satisfies ErrorBody);

export async function staffRoutes(
  app: FastifyInstance,
  options: {
    store: RequestsStore;
    dataDir: string;
    databaseUrl: string | undefined;
    /** The pool that holds the shared rate limits, with DATABASE_URL. */
    limitsPool: pg.Pool | undefined;
    passwordHash: string | undefined;
    sessionSecret: string | undefined;
  },
) {
  const { store, passwordHash } = options;
  const secret = readSessionSecret(options.sessionSecret);
  let inbox: Inbox | undefined;
  if (passwordHash && "problem" in secret) {
    app.log.error(`The staff inbox is off: ${secret.problem}.`);
  }
  if (passwordHash && !("problem" in secret)) {
    const sessions = await openStaffSessionStore(options);
    app.addHook("onClose", () => sessions.close());
    // The app reads cookies for every route (server/app.ts); only the inbox's is signed, with a
    // key of its own.
    inbox = { passwordHash, sessions, signer: signerFactory(sessionKey(secret, passwordHash)) };
  }

  app.addHook("onRequest", refuseCrossSiteChanges);
  /** The session the request's cookie names, when signed by this inbox and within its life. */
  const sessionOf = (request: FastifyRequest): Session | null => {
    const value = request.cookies[sessionCookie];
    if (!inbox || !value) return null;
    const unsigned = inbox.signer.unsign(value);
    return unsigned.valid ? readSessionCookie(unsigned.value) : null;
  };
  /** The device id of a computer that signed in to this inbox before, or null. */
  const knownDeviceOf = (request: FastifyRequest): string | null => {
    const value = request.cookies[deviceCookie];
    if (!inbox || !value) return null;
    const unsigned = inbox.signer.unsign(value);
    return unsigned.valid ? knownDeviceId(unsigned.value) : null;
  };
  /** Refuses a request without a live session; one that `countsAsUse` moves its idle time on. */
  const sessionGuard =
    (countsAsUse: (request: FastifyRequest) => boolean): SessionGuard =>
    async (request, reply) => {
      const session = sessionOf(request);
      const idleMs = idleMinutes * 60_000;
      const live =
        session &&
        (countsAsUse(request)
          ? await inbox!.sessions.use(session.id, Date.now(), idleMs)
          : await inbox!.sessions.isLive(session.id, Date.now(), idleMs));
      if (!live) return fail(reply, 401, "unauthorized", "Sign in to the staff inbox first.");
    };
  const requireSession = sessionGuard(() => true);
  // The open inbox reads its list again every minute by itself: were that use, a screen left
  // signed in at the front desk would stay open until the 8-hour limit.
  const requireSessionForList = sessionGuard(
    (request) => request.headers[backgroundCheckHeader.name] !== backgroundCheckHeader.value,
  );
  const failures = options.limitsPool
    ? postgresFailureCounter(options.limitsPool)
    : memoryFailureCounter();
  addSessionRoutes(app, {
    inbox,
    sessionOf,
    requireSession,
    begin: signInLimiter(failures),
    knownDeviceOf,
  });
  addRequestRoutes(app, store, { requireSession, requireSessionForList });
}

/** No caching of anything staff; a change needs the staff header and, if sent, this origin. */
async function refuseCrossSiteChanges(request: FastifyRequest, reply: FastifyReply) {
  reply.header("Cache-Control", "no-store");
  if (request.method === "GET" || request.method === "HEAD") return;
  // A cross-site page can post a form, but not with this header (and not from this origin).
  const origin = request.headers.origin;
  if (
    request.headers[staffHeader.name] !== staffHeader.value ||
    (origin !== undefined && origin !== `${request.protocol}://${request.host}`)
  ) {
    return fail(reply, 403, "forbidden", "This change must come from the staff inbox itself.");
  }
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

function lockoutMessage(lockout: Lockout): string {
  const wait = `Try again in ${minutes(lockout.msLeft)} minutes.`;
  return lockout.scope === "client"
    ? `Too many failed sign-in attempts. ${wait}`
    : `Too many failed sign-in attempts to this inbox from everywhere. ${wait}`;
}

/** Sign in (sets the session cookie), check the session, sign out (ends it on every node). */
function addSessionRoutes(
  app: FastifyInstance,
  {
    inbox,
    sessionOf,
    requireSession,
    begin,
    knownDeviceOf,
  }: {
    inbox: Inbox | undefined;
    sessionOf: (request: FastifyRequest) => Session | null;
    requireSession: SessionGuard;
    begin: ReturnType<typeof signInLimiter>;
    knownDeviceOf: (request: FastifyRequest) => string | null;
  },
) {
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: "strict" as const,
    secure: request.protocol === "https",
    path: apiPaths.staff,
  });

  app.post<{ Body: { password: string } }>(
    apiPaths.staffSession,
    { schema: signInSchema, config: { rateLimit: {} } },
    async (request, reply) => {
      if (!inbox) {
        return fail(reply, 503, "staff_not_configured", "The staff inbox is not set up here.");
      }
      const attempt = await begin(request.ip, { knownDevice: knownDeviceOf(request) });
      if (attempt.refused) {
        const retryAfter = Math.ceil(attempt.refused.msLeft / 1000);
        reply.header("Retry-After", String(retryAfter));
        return fail(reply, 429, "too_many_requests", lockoutMessage(attempt.refused));
      }
      if (!(await verifyPassword(request.body.password, inbox.passwordHash))) {
        const reached = attempt.failed();
        if (reached) {
          request.log.warn(
            { client: request.ip, scope: reached.scope, minutes: minutes(reached.msLeft) },
            reached.scope === "client"
              ? "Staff sign-in locked for this client after too many wrong passwords"
              : "Staff sign-in locked for every client after too many wrong passwords",
          );
        }
        return fail(reply, 401, "wrong_password", "The password is not right.");
      }
      await attempt.succeeded();
      const session = newSession();
      await inbox.sessions.create(session);
      reply.setCookie(sessionCookie, inbox.signer.sign(sessionCookieValue(session)), {
        ...cookieOptions(request),
        maxAge: sessionHours * 3600,
      });
      reply.setCookie(deviceCookie, inbox.signer.sign(deviceCookieValue()), {
        ...cookieOptions(request),
        maxAge: deviceDays * 86_400,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    apiPaths.staffSession,
    { schema: sessionSchema, config: { rateLimit: {} }, preHandler: requireSession },
    () => ({ signedIn: true }),
  );

  app.delete(
    apiPaths.staffSession,
    { schema: signOutSchema, config: { rateLimit: {} } },
    async (request, reply) => {
      const session = sessionOf(request);
      if (session) await inbox!.sessions.revoke(session.id);
      reply.clearCookie(sessionCookie, cookieOptions(request));
      return reply.code(204).send();
    },
  );
}

/** Requests the inbox shows at a time unless it asks for fewer. */
export const inboxPageSize = 50;

/** The requests newest first with search, a page at a time, marking one handled, and the CSV. */
function addRequestRoutes(
  app: FastifyInstance,
  store: RequestsStore,
  {
    requireSession,
    requireSessionForList,
  }: {
    requireSession: SessionGuard;
    /** Lets the inbox's background check through without counting it as use. */
    requireSessionForList: SessionGuard;
  },
) {
  app.get<{ Querystring: { q?: string; limit?: string; after?: string } }>(
    apiPaths.staffRequests,
    { schema: listRequestsSchema, config: { rateLimit: {} }, preHandler: requireSessionForList },
    async (request) =>
      searchRequests(store, request.query.q ?? "", {
        limit: Number(request.query.limit ?? inboxPageSize),
        after: request.query.after,
      }),
  );

  app.patch<{ Params: { id: string }; Body: { handled: boolean } }>(
    routePath(apiPaths.staffRequest),
    { schema: setHandledSchema, config: { rateLimit: {} }, preHandler: requireSession },
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
    apiPaths.staffRequestsCsv,
    {
      schema: requestsCsvSchema,
      config: { rateLimit: {} },
      preHandler: requireSession,
      // Compressed by the thread that makes it, not on the event loop.
      compress: false,
      // Fastify's own HEAD answer would make the whole export and throw it away, with nothing to
      // stop it: the response is over before it is made.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      const gzip = negotiate(request.headers["accept-encoding"] ?? "", ["gzip"]) === "gzip";
      // Made in a thread of its own and streamed a piece at a time as the download takes it.
      const csv = await csvDownload(store.csv({ gzip }));
      if (gzip) reply.header("Content-Encoding", "gzip");
      return reply
        .type("text/csv; charset=utf-8")
        .header("Vary", "Accept-Encoding")
        .header("Content-Disposition", `attachment; filename="dauys-requests-${day}.csv"`)
        .send(csv);
    },
  );
}
