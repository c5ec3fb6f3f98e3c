/**
 * POST /contact: the contact form sent as plain HTML, by a page whose scripts have not arrived
 * (the app sends it to POST /api/requests through its outbox instead). The same rules as the
 * API's (src/shared/contact-validation.ts), the same store, rate limit and budget of submissions
 * from everyone (server/routes/submission-budget.ts); the answer is a page
 * in the visitor's language (server/request-form-page.ts): "received", or the form again with
 * what was typed and what to correct.
 *
 * A page without the app cannot make a request id of its own, so a form sent twice must not be
 * stored twice in another way. The page's inline loader (src/page-scripts/app-loader.ts), which
 * runs even when the app's scripts never come, writes a random id into the form as the page
 * loads: the same page sent twice (a double tap, a resend after a lost answer) is one request.
 * The stored id is made from that id and the words, so a visitor who goes Back to the page and
 * writes another message sends another request (the browser keeps the page's id). The app, once
 * it has taken the form over, makes the same id from the same words
 * (src/shared/contact-request-id.ts), so a message posted before the app came, whose answer was
 * lost, and sent again by the app is not stored again. Without the page's id (scripts turned off,
 * no `crypto.randomUUID` outside a secure context) the id is made from the request's content and
 * a ten-minute window, so the same words sent again within it are stored once; a resend across
 * the window's edge is stored twice, which staff can see, rather than lost.
 *
 * Browser pages only, not part of the public API: untagged, so not in the OpenAPI document
 * (server/plugins/api-description.ts).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  contactFormAction,
  contactFormAnswerFile,
  contactFormHiddenFields,
  type ContactFormAnswerTexts,
} from "../../src/shared/contact-form-post.ts";
import { contentRequestId } from "../../src/shared/contact-request-id.ts";
import {
  contactFieldNames,
  trimContactFields,
  validateContactFields,
  type ContactFields,
} from "../../src/shared/contact-validation.ts";
import { isLanguageCode, type LanguageCode } from "../../src/shared/languages.ts";
import { pageLanguageFor } from "../prerendered-pages.ts";
import { notSentPage, sentPage, unreadFormPage, type NotSentReason } from "../request-form-page.ts";
import type { RequestsStore } from "../storage/requests-store.ts";
import type { SubmissionBudget } from "./submission-budget.ts";

// No field has a maxlength (the browser would cut a paste short without a word), so a long paste
// arrives whole and comes back whole with "too long". Percent-encoded, a Cyrillic letter takes six
// bytes: 256 KiB holds over 40,000 of them, eight times the message's limit (the 64 KiB this
// route read before turned 11,000 into a JSON error). A larger form is not read: a page says so.
const bodyLimit = 256 * 1024;

/**
 * Over the rate limit the body is not read before the refusal, except to give back a form no
 * larger than a valid one can be: every field at its limit, each character percent-encoded from
 * three UTF-8 bytes (nine bytes), is about 50 KiB. A larger body over the limit is never read.
 */
const overLimitReadLimit = 64 * 1024;

/** The form, read and parsed, when the request says its body is at most `limit` bytes. */
async function readSmallForm(request: FastifyRequest, limit: number) {
  const declared = Number(request.headers["content-length"]);
  const type = request.headers["content-type"] ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return undefined;
  if (!Number.isInteger(declared) || declared > limit) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(chunk as Buffer);
  try {
    return parseFormBody(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

/** Identical requests sent within this window are stored once when the form has no id. */
export const duplicateWindowMs = 10 * 60_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class BadFormError extends Error {
  statusCode = 400;
}

/**
 * An `application/x-www-form-urlencoded` body as a map (the first value of a repeated name). A
 * malformed escape or bytes that are not UTF-8 refuse the body instead of being stored mangled.
 */
export function parseFormBody(body: string): Map<string, string> {
  const form = new Map<string, string>();
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      throw new BadFormError("The form body is not valid (percent-encoded UTF-8).");
    }
  };
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? "" : decode(pair.slice(at + 1));
    if (!form.has(name)) form.set(name, value);
  }
  return form;
}

/**
 * The stored id of a form sent as plain HTML: from its words and the page's id, or without one,
 * the window of time it was received in (see the header).
 */
export const formRequestId = (
  fields: ContactFields,
  language: LanguageCode,
  pageId: string | undefined,
  receivedAt: number,
) => contentRequestId(fields, language, pageId ?? Math.floor(receivedAt / duplicateWindowMs));

/**
 * The post names, in its Origin, a page on another host. Only the host is compared: behind a proxy
 * that ends TLS without being trusted, the request's own scheme reads "http" for an https page.
 * "null" (a sandboxed frame, a privacy setting) names no page, so it is left to Sec-Fetch-Site.
 */
function fromAnotherHost(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === "null") return false;
  try {
    return new URL(origin).host.toLowerCase() !== request.host.toLowerCase();
  } catch {
    return true;
  }
}

function formOf(request: FastifyRequest, read?: Map<string, string>) {
  const body =
    request.body instanceof Map ? (request.body as Map<string, string>) : (read ?? new Map());
  // A browser sends a text area's line breaks as CRLF; the app (and so the API) sends LF.
  const fields = Object.fromEntries(
    contactFieldNames.map((field) => [field, (body.get(field) ?? "").replace(/\r\n?/g, "\n")]),
  ) as ContactFields;
  const posted = body.get(contactFormHiddenFields.language);
  const query = request.query as { lang?: unknown };
  const language = isLanguageCode(posted)
    ? posted
    : pageLanguageFor({
        cookies: request.cookies,
        acceptLanguage: request.headers["accept-language"],
        lang: typeof query.lang === "string" ? query.lang : undefined,
      });
  const id = body.get(contactFormHiddenFields.id);
  return { fields, language, requestId: id && uuidPattern.test(id) ? id.toLowerCase() : undefined };
}

export async function requestFormRoutes(
  app: FastifyInstance,
  options: { store: RequestsStore; distDir: string; budget: SubmissionBudget },
) {
  // The answer pages' words, as the build wrote them; read again when a build changes them.
  const cached = new Map<string, { mtimeMs: number; texts: ContactFormAnswerTexts }>();
  const textsIn = (language: LanguageCode): ContactFormAnswerTexts | undefined => {
    const file = join(options.distDir, contactFormAnswerFile(language));
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    const known = cached.get(file);
    if (known?.mtimeMs === mtimeMs) return known.texts;
    const texts = JSON.parse(readFileSync(file, "utf8")) as ContactFormAnswerTexts;
    cached.set(file, { mtimeMs, texts });
    return texts;
  };

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("X-Robots-Tag", "noindex")
      .send(html);

  const notSent = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    reason: NotSentReason,
  ) => {
    const form = formOf(request);
    const texts = textsIn(form.language);
    if (!texts) return undefined;
    const errors = reason === "fields" ? validateContactFields(form.fields) : {};
    return sendPage(reply, status, notSentPage(texts, { ...form, errors }, reason));
  };

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  // Over the rate limit, or when the request cannot be stored just now, the visitor gets the
  // form back with what was typed, to send again a little later; a form too large to read gets a
  // page that says what to do; any other error (bad input) goes on to the JSON error handler
  // (plugins/json-errors.ts).
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      // The body was not read: the page is in the language of the visitor's cookie or browser. A
      // build older than this page has no words for it: the JSON error then.
      const texts = textsIn(formOf(request).language);
      if (texts?.tooLarge) return sendPage(reply, 413, unreadFormPage(texts, "too-large"));
    }
    if (status === 429) {
      // Refused before its body was read: a form no larger than a valid one is read now, to be
      // given back; a larger one is not read at all, and the page says to wait and how to get it
      // back (its length is for the next send to judge). The rate limit's Retry-After stays.
      const read = await readSmallForm(request, overLimitReadLimit);
      const form = formOf(request, read);
      const texts = textsIn(form.language);
      if (read && texts)
        return sendPage(reply, 429, notSentPage(texts, { ...form, errors: {} }, "too-many"));
      if (texts?.tooManyUnread) return sendPage(reply, 429, unreadFormPage(texts, "too-many"));
    }
    if (status >= 500 && request.body instanceof Map) {
      request.log.error(error);
      reply.header("Retry-After", "5");
      const page = notSent(request, reply, 503, "unavailable");
      if (page) return page;
    }
    throw error;
  });

  app.post(
    contactFormAction,
    {
      bodyLimit,
      schema: { hide: true },
      // Before the body is read (the plugin's onRequest hook), so a client over its limit cannot
      // make the server read 256 KiB a post; the refusal reads back only a form of a valid size.
      config: { rateLimit: {} },
    },
    async (request, reply) => {
      // A form another site posts from its visitors' browsers is not a visitor's request (and
      // would get round the per-client rate limit). Browsers without Sec-Fetch-Site (Safari
      // before 16.4, older web views) still send the page's Origin with a post.
      const site = request.headers["sec-fetch-site"];
      if (site === "cross-site" || site === "same-site" || fromAnotherHost(request)) {
        return reply
          .code(403)
          .send({ error: "forbidden", message: "The contact form is sent from this site only." });
      }
      const { fields, language, requestId } = formOf(request);
      const errors = validateContactFields(fields);
      if (contactFieldNames.some((field) => errors[field])) {
        return (
          notSent(request, reply, 400, "fields") ??
          reply.code(400).send({ error: "invalid_request", message: "Some fields are not valid." })
        );
      }
      const verdict = options.budget.take();
      if (!verdict.ok) {
        reply.header("Retry-After", String(verdict.retryAfterSeconds));
        return (
          notSent(request, reply, 503, "unavailable") ??
          reply.code(503).send({
            error: "busy",
            message: `The server is taking too many requests. Try again in ${verdict.retryAfterSeconds} s.`,
          })
        );
      }
      const now = Date.now();
      const trimmed = trimContactFields(fields);
      const id = await formRequestId(trimmed, language, requestId, now);
      const { created } = await options.store.save({
        id,
        ...trimmed,
        language,
        createdAt: new Date(now).toISOString(),
      });
      const texts = textsIn(language);
      // Without a build there are no pages to answer with: the API's answer then.
      if (!texts) return reply.code(created ? 201 : 200).send({ id, status: "stored" });
      return sendPage(reply, created ? 201 : 200, sentPage(texts));
    },
  );
}
