/**
 * JSON bodies must be valid UTF-8: a body with broken byte sequences is refused with 400 instead
 * of being decoded with replacement characters (which would store or speak mangled text).
 * Parsing then goes through Fastify's own JSON parser, which refuses prototype poisoning.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

class InvalidBodyError extends Error {
  statusCode = 400;
  code = "FST_ERR_CTP_INVALID_JSON_BODY";
}

async function strictJson(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new InvalidBodyError("The request body is not valid UTF-8."), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export const strictJsonPlugin = fp(strictJson, { name: "strict-json" });
