/** Builds the server from its plugins and routes; `server.ts` only listens. Tests use inject(). */
import zlib from "node:zlib";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { defaultPublicRequestsPerMinute, type ServerConfig } from "./config.ts";
import { apiDescriptionPlugin } from "./plugins/api-description.ts";
import { jsonErrorsPlugin, type ErrorBody } from "./plugins/json-errors.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { staticApp } from "./plugins/static-app.ts";
import { strictJsonPlugin } from "./plugins/strict-json.ts";
import { openPostgresRateLimitStore } from "./storage/postgres-rate-limit.ts";
import { healthRoutes } from "./routes/health.ts";
import { requestFormRoutes } from "./routes/request-form.ts";
import { requestRoutes } from "./routes/requests.ts";
import { siteMapRoutes } from "./routes/site-map.ts";
import { staffRoutes } from "./routes/staff.ts";
import { createSubmissionBudget } from "./routes/submission-budget.ts";
import { openRequestsStore } from "./storage/requests-store.ts";
import { ttsRoutes, type SpeechSynthesizer } from "./routes/tts.ts";

export type AppOptions = {
  /** Fastify's logger setting; tests pass a stream to read what the server logs. */
  logger?: FastifyServerOptions["logger"];
  /** The speech engine; tests and the server pass a warm worker pool. */
  synthesizer: SpeechSynthesizer;
  /** How long a connection may stay silent before it is closed; tests shorten it. */
  idleConnectionMs?: number;
  /** How long a client may take to read a speech answer of so many bytes; tests shorten it. */
  speechAnswerDeadlineMs?: (bytes: number) => number;
};

/**
 * Slow clients are cut off (Fastify's defaults wait for ever): a request must arrive whole within
 * 30 s, and a connection silent for a minute is closed. A client sending its body a byte at a
 * time (over thousands of connections) would otherwise hold each of them open for good.
 */
const requestArrivalMs = 30_000;
const idleConnectionMs = 60_000;

/**
 * The largest request body any route reads: no route takes more than a contact request or a
 * text of 2,000 characters, each under 64 kB even when every character is escaped in JSON. Routes
 * that take a body say so again beside them. Without it, Fastify read up to 1 MiB for a route that
 * had not set its own (the staff sign-in) and for addresses no route has.
 */
const bodyLimit = 64 * 1024;

export async function buildApp(
  config: Pick<ServerConfig, "distDir" | "dataDir" | "rateLimitPerMinute"> &
    Partial<
      Pick<
        ServerConfig,
        | "trustProxy"
        | "databaseUrl"
        | "staffPasswordHash"
        | "staffSessionSecret"
        | "publicRequestsPerMinute"
        | "rateLimitSharedWaitMs"
      >
    >,
  options: AppOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind the HTTPS proxy a deployment needs, the client's address (for the per-client rate
    // limit) comes from X-Forwarded-For, from the proxies named by TRUST_PROXY only.
    trustProxy: config.trustProxy ?? false,
    requestTimeout: requestArrivalMs,
    bodyLimit,
    connectionTimeout: options.idleConnectionMs ?? idleConnectionMs,
    // Bad input is refused, never quietly repaired: no type coercion, no dropped fields.
    // "x-examples" holds the requests the API description shows (server/plugins/api-description.ts).
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        keywords: ["x-examples"],
      },
    },
    // Errors found before routing (a malformed address such as "/%ZZ") get the same JSON shape
    // as every other error.
    // Fastify answers them without the hooks that add the security headers: set here.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      reply
        .code(400)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
        .send({ error: "bad_request", message: error.message } satisfies ErrorBody),
  });
  // The API speaks JSON (valid UTF-8) only; other bodies get 415 instead of being parsed as text.
  app.removeContentTypeParser("text/plain");
  // First, so that it sees every route registered after it.
  await app.register(apiDescriptionPlugin);
  await app.register(strictJsonPlugin);
  await app.register(jsonErrorsPlugin);
  await app.register(securityHeadersPlugin, { distDir: config.distDir });
  // Cookies are read here for every route: the page cookies that choose a prerendered page
  // (server/plugins/static-app.ts) and the staff session, which signs its own.
  await app.register(cookie);
  // The staff inbox and its API are for staff: never in a search engine's index.
  app.addHook("onSend", async (request, reply) => {
    if (/^\/(api\/)?staff(\/|\?|$)/.test(request.url)) reply.header("X-Robots-Tag", "noindex");
  });
  // Request bodies are never taken compressed: no client of this API sends them, and a 1.5 kB
  // Brotli body that inflates to 1 GB kept a core busy for seconds after its 413 (the body limit
  // stops reading, not inflating). Such a request is refused before its body is read.
  app.addHook("onRequest", async (request, reply) => {
    const encoding = request.headers["content-encoding"];
    const body =
      Number(request.headers["content-length"] ?? 0) > 0 ||
      request.headers["transfer-encoding"] !== undefined;
    if (body && encoding && encoding.trim().toLowerCase() !== "identity") {
      return reply.code(415).send({
        error: "unsupported_content_encoding",
        message: "Request bodies are not accepted compressed: send them as they are.",
      });
    }
  });
  // Brotli's default quality (11) costs ~100 ms on a 300 kB speech answer; 4 is the usual
  // setting for dynamic responses. Large static files are served pre-compressed instead.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // With DATABASE_URL, all nodes count against one limit in PostgreSQL; otherwise in memory.
  const sharedLimits = config.databaseUrl
    ? await openPostgresRateLimitStore(config.databaseUrl, {
        sharedWaitMs: config.rateLimitSharedWaitMs,
        onWarning: (message) => app.log.warn(message),
      })
    : undefined;
  if (sharedLimits) app.addHook("onClose", sharedLimits.close);
  // Each API route opts in with `config: { rateLimit: {} }`; static files are not limited.
  await app.register(rateLimit, {
    ...(sharedLimits && { store: sharedLimits.Store }),
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: "too_many_requests",
      message: `Too many requests: at most ${context.max} a minute. Try again in ${context.after}.`,
    }),
  });
  const store = await openRequestsStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onWarning: (message) => app.log.warn(message),
  });
  app.addHook("onClose", async () => store.close());
  await app.register(healthRoutes, { store });
  await app.register(ttsRoutes, {
    synthesizer: options.synthesizer,
    answerDeadlineMs: options.speechAnswerDeadlineMs,
  });
  // The API and the plain form take from one budget: a flood cannot use both.
  const budget = createSubmissionBudget(
    config.publicRequestsPerMinute ?? defaultPublicRequestsPerMinute,
  );
  await app.register(requestRoutes, { store, budget });
  await app.register(requestFormRoutes, { store, distDir: config.distDir, budget });
  await app.register(staffRoutes, {
    store,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    limitsPool: sharedLimits?.pool,
    passwordHash: config.staffPasswordHash,
    sessionSecret: config.staffSessionSecret,
  });
  await app.register(siteMapRoutes, {});
  await app.register(staticApp, { distDir: config.distDir });
  return app;
}
