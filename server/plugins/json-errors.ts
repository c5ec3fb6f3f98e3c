/**
 * Every error leaves the server as JSON `{ error, message }` with a 4xx status for bad input, so
 * clients can show a clear message; only real server faults are 5xx, and they never leak details.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { contactTextPattern } from "../../src/shared/contact-validation.ts";
import { isStoreUnavailable } from "../storage/store-unavailable.ts";

export type ErrorBody = { error: string; message: string };

const namedCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "bad_request",
};

const statusNames: Record<number, string> = {
  400: "bad_request",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  416: "range_not_satisfiable",
  429: "too_many_requests",
  503: "unavailable",
};

/** Why a contact request's text field is refused for its characters: the API and the plain
 * form post say it alike. */
const controlCharactersMessage = (field: string) =>
  `"${field}" must not contain control characters.`;

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = first.instancePath ? first.instancePath.slice(1).replace(/\//g, ".") : "";
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const extra = (first.params as { additionalProperty?: string }).additionalProperty;
  if (missing) return `"${missing}" is required.`;
  if (extra) return `"${extra}" is not an accepted field.`;
  // Said plainly: the pattern itself, a character class of escapes, tells a person nothing.
  if (first.keyword === "pattern" && first.params.pattern === contactTextPattern && where) {
    return controlCharactersMessage(where);
  }
  return where ? `"${where}" ${first.message ?? "is invalid"}.` : `Request ${first.message}.`;
}

/** How long a client waits before retrying when the store is away. */
export const storeRetryAfterSeconds = 5;

async function jsonErrors(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error.validation) {
      return reply
        .code(400)
        .send({ error: "invalid_request", message: describeValidation(error) } satisfies ErrorBody);
    }
    if (isStoreUnavailable(error)) {
      // The database is away or stalled: worth a retry shortly, not a fault in this server.
      request.log.warn({ err: error }, "The store is unavailable");
      return reply
        .code(503)
        .header("Retry-After", String(storeRetryAfterSeconds))
        .send({
          error: "store_unavailable",
          message: "The server cannot store or read this now. Please try again in a few seconds.",
        } satisfies ErrorBody);
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 503) {
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send({
          error: "unavailable",
          message: error.message,
        } satisfies ErrorBody);
    }
    if (status >= 500) {
      request.log.error(error);
      return reply.code(status).send({
        error: "internal_error",
        message: "The server could not complete the request. Please try again.",
      } satisfies ErrorBody);
    }
    const code = (error.code && namedCodes[error.code]) || statusNames[status] || "bad_request";
    const message =
      code === "invalid_json"
        ? error.message.includes("UTF-8")
          ? error.message
          : "The request body is not valid JSON."
        : code === "payload_too_large"
          ? "The request body is too large."
          : code === "unsupported_media_type"
            ? "Send the request body as application/json."
            : error.message;
    return reply.code(status).send({ error: code, message } satisfies ErrorBody);
  });
}

export const jsonErrorsPlugin = fp(jsonErrors, { name: "json-errors" });
