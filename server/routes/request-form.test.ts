import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import {
  contactFormAnswerFile,
  type ContactFormAnswerTexts,
} from "../../src/shared/contact-form-post.ts";
import { buildApp } from "../app.ts";
import { jsonErrorsPlugin } from "../plugins/json-errors.ts";
import type { RequestsStore } from "../storage/requests-store.ts";
import { openRequestsDb } from "../storage/requests-db.ts";
import { makeTempDirs } from "../test-support.ts";
import { createSubmissionBudget } from "./submission-budget.ts";
import {
  duplicateWindowMs,
  formRequestId,
  parseFormBody,
  requestFormRoutes,
} from "./request-form.ts";
import type { SpeechSynthesizer } from "./tts.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};

/** What the build writes for a language (here only the words the tests look for differ). */
function answerTexts(language: "en" | "kk", words: string): ContactFormAnswerTexts {
  const errors = {
    required: `${words}: empty`,
    email: `${words}: not an e-mail`,
    "too-long": `${words}: too long`,
  };
  return {
    language,
    brandName: "Dauys",
    pageTitle: `${words} contact`,
    sentTitle: `${words} received`,
    sentText: `${words} thank you`,
    notSentTitle: `${words} not sent`,
    correctFields: `${words} correct the fields`,
    tooMany: `${words} too many`,
    tooManyUnread: `${words} too many, not read`,
    unavailable: `${words} unavailable`,
    tooLarge: `${words} far too long`,
    labels: {
      name: `${words} name`,
      email: `${words} email`,
      subject: `${words} subject`,
      message: `${words} message`,
    },
    errors: { name: errors, email: errors, subject: errors, message: errors },
    send: `${words} send`,
    homeLink: `${words} home`,
    writeAgainLink: `${words} write again`,
  };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(
  options: {
    rateLimitPerMinute?: number;
    publicRequestsPerMinute?: number;
    withTexts?: boolean;
  } = {},
) {
  const { distDir, dataDir } = makeTempDirs();
  if (options.withTexts !== false) {
    writeFileSync(
      join(distDir, contactFormAnswerFile("en")),
      JSON.stringify(answerTexts("en", "EN")),
    );
    writeFileSync(
      join(distDir, contactFormAnswerFile("kk")),
      JSON.stringify(answerTexts("kk", "KK")),
    );
  }
  const app = await buildApp(
    {
      distDir,
      dataDir,
      rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
      publicRequestsPerMinute: options.publicRequestsPerMinute,
    },
    { synthesizer: unusedSynthesizer },
  );
  apps.push(app);
  const stored = () => {
    const db = openRequestsDb(dataDir);
    try {
      return db.all();
    } finally {
      db.close();
    }
  };
  return { app, stored };
}

const filled = {
  name: "Айгерим Садыкова",
  email: "aigerim@example.kz",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys.\nTen patients & two therapists.",
};

function send(
  app: FastifyInstance,
  form: Record<string, string>,
  headers: Record<string, string> = {},
  url = "/contact",
) {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

describe("POST /contact (the contact form without the app)", () => {
  it("stores the request as the API does and answers with a page in the form's language", async () => {
    const { app, stored } = await start();
    const id = randomUUID();
    const answer = await send(app, {
      ...filled,
      name: `  ${filled.name} `,
      language: "kk",
      "request-id": id,
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain('<html lang="kk">');
    expect(answer.body).toContain("KK received");
    const rows = stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: await formRequestId(filled, "kk", id, 0),
      ...filled,
      language: "kk",
      handledAt: null,
    });
    expect(Date.parse(rows[0]!.createdAt)).not.toBeNaN();
  });

  it("stores a text area's line breaks as the app sends them (LF, not the browser's CRLF)", async () => {
    const { app, stored } = await start();
    const message = "a".repeat(4998) + "\r\nb";
    expect((await send(app, { ...filled, message, language: "en" })).statusCode).toBe(201);
    expect(stored()[0]!.message).toBe("a".repeat(4998) + "\nb");
  });

  it("stores a form sent twice from the same page once", async () => {
    const { app, stored } = await start();
    const form = { ...filled, language: "en", "request-id": randomUUID() };
    expect((await send(app, form)).statusCode).toBe(201);
    const again = await send(app, form);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("EN received");
    expect(stored()).toHaveLength(1);
  });

  it("stores another message sent from the same page (Back, and a new message) apart", async () => {
    const { app, stored } = await start();
    const form = { ...filled, language: "en", "request-id": randomUUID() };
    expect((await send(app, form)).statusCode).toBe(201);
    expect((await send(app, { ...form, message: "One more thing" })).statusCode).toBe(201);
    expect(stored().map((row) => row.message)).toEqual([filled.message, "One more thing"]);
  });

  it("without an id, stores the same words sent again once, and other words apart", async () => {
    const { app, stored } = await start();
    const form = { ...filled, language: "en" };
    expect((await send(app, form)).statusCode).toBe(201);
    expect((await send(app, { ...form, name: ` ${filled.name}` })).statusCode).toBe(200);
    expect((await send(app, { ...form, message: "Another question" })).statusCode).toBe(201);
    expect(stored().map((row) => row.message)).toEqual([filled.message, "Another question"]);
  });

  it("gives the form back with what was typed and each error under its field, storing nothing", async () => {
    const { app, stored } = await start();
    const id = randomUUID();
    const answer = await send(app, {
      name: '<script>alert("x")</script>',
      email: "aigerim@",
      subject: "   ",
      message: "Hello",
      language: "kk",
      "request-id": id,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('<html lang="kk">');
    expect(answer.body).toContain("KK not sent");
    expect(answer.body).toContain("KK correct the fields");
    expect(answer.body).not.toContain("<script>");
    expect(answer.body).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
    expect(answer.body).toMatch(
      /id="contact-email"[^>]*aria-invalid="true" aria-describedby="contact-email-error"[^>]*value="aigerim@"/,
    );
    expect(answer.body).toContain(
      '<p class="error" id="contact-email-error">KK: not an e-mail</p>',
    );
    expect(answer.body).toContain('<p class="error" id="contact-subject-error">KK: empty</p>');
    expect(answer.body).not.toContain("contact-name-error");
    expect(answer.body).toContain(">\nHello</textarea>");
    // The corrected form is still the same request.
    expect(answer.body).toContain(`name="request-id" value="${id}"`);
    expect(stored()).toEqual([]);
  });

  it("gives a message over the limit back whole, as too long, storing nothing", async () => {
    // The app's pages set no maxlength (the browser would cut a paste short without a word), so
    // a form sent before the app came can carry one.
    const { app, stored } = await start();
    const message = `${"m".repeat(5000)} the end`;
    const answer = await send(app, { ...filled, message, language: "kk" });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('<p class="error" id="contact-message-error">KK: too long</p>');
    expect(answer.body).toContain(`${message}</textarea>`);
    expect(stored()).toEqual([]);
  });

  it("gives every field over its limit back whole, in a form that lets a paste in whole", async () => {
    // With maxlength, the browser would cut a paste into the form given back short, without a
    // word, and the message would go without its end.
    const { app, stored } = await start();
    const long = {
      name: `${"Айгерим ".repeat(26)}Садыкова`,
      email: `${"a".repeat(250)}@example.kz`,
      subject: `${"Pilot ".repeat(40)}for our clinic`,
      message: `${"Ten patients & two therapists. ".repeat(170)}The end.`,
    };
    const answer = await send(app, { ...long, language: "kk" });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("KK not sent");
    expect(answer.body).toContain("KK correct the fields");
    for (const field of ["name", "email", "subject", "message"] as const) {
      expect(answer.body).toContain(
        `<li><a href="#contact-${field}">KK ${field}: KK: too long</a></li>`,
      );
      expect(answer.body).toContain(
        `<p class="error" id="contact-${field}-error">KK: too long</p>`,
      );
    }
    expect(answer.body).toContain(`value="${long.name}"`);
    expect(answer.body).toContain(`value="${long.email}"`);
    expect(answer.body).toContain(`value="${long.subject}"`);
    expect(answer.body).toContain(`>\n${long.message.replace(/&/g, "&amp;")}</textarea>`);
    expect(answer.body).not.toMatch(/maxlength/i);
    expect(stored()).toEqual([]);
  });

  it("stores the text without its control characters, and a field of nothing else is empty", async () => {
    const { app, stored } = await start();
    const onlyControls = await send(app, { ...filled, subject: "\u0000\u0007", language: "kk" });
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.body).toContain("KK not sent");
    expect(stored()).toEqual([]);
    const withControls = {
      ...filled,
      name: "Aigerim\u0007\tSadykova",
      subject: "Pilot\u001fclinic",
      message: "Hello\u0000 world\r\n\tb\rc",
    };
    expect((await send(app, { ...withControls, language: "kk" })).statusCode).toBe(201);
    expect(stored()).toEqual([
      expect.objectContaining({
        name: "Aigerim\tSadykova",
        subject: "Pilotclinic",
        message: "Hello world\n\tb\nc",
      }),
    ]);
  });

  it("answers in the saved language, or the ?lang= one, when the form does not say", async () => {
    const { app } = await start();
    const byCookie = await send(app, { ...filled, name: "" }, { cookie: "dauys-language=kk" });
    expect(byCookie.body).toContain("KK not sent");
    const byLink = await send(app, { ...filled, name: "" }, {}, "/contact?lang=kk");
    expect(byLink.body).toContain("KK not sent");
    const otherwise = await send(app, { ...filled, name: "" }, { "accept-language": "fr" });
    expect(otherwise.body).toContain("EN not sent");
  });

  it("over the rate limit, gives the form back with what was typed", async () => {
    const { app, stored } = await start({ rateLimitPerMinute: 1 });
    expect((await send(app, { ...filled, language: "kk" })).statusCode).toBe(201);
    const refused = await send(app, { ...filled, subject: "Second", language: "kk" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.body).toContain("KK too many");
    expect(refused.body).toContain('value="Second"');
    expect(stored()).toHaveLength(1);
  });

  it("over the rate limit, refuses a large post before reading its body, as too many", async () => {
    const { app, stored } = await start({ rateLimitPerMinute: 1 });
    expect((await send(app, { ...filled, language: "kk" })).statusCode).toBe(201);
    // 256 KiB less a little: under the route's body limit, so it was read whole before its
    // refusal. Each 1 KiB piece is counted as the server pulls it.
    const pieces = 250;
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        yield `name=A&email=a%40example.kz&subject=S&language=kk&message=`;
        for (let piece = 0; piece < pieces; piece += 1) {
          pulled += 1;
          yield "m".repeat(1024);
        }
      })(),
    );
    const prefix = `name=A&email=a%40example.kz&subject=S&language=kk&message=`.length;
    const refused = await app.inject({
      method: "POST",
      url: "/contact",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(prefix + pieces * 1024),
        cookie: "dauys-language=kk",
      },
      payload: body,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(refused.body).toContain('<html lang="kk">');
    expect(refused.body).toContain("KK too many, not read");
    expect(refused.body).not.toContain("KK far too long");
    expect(pulled).toBeLessThan(pieces / 2);
    expect(stored()).toHaveLength(1);
  });

  it("when the request cannot be stored just now, gives the form back to send again", async () => {
    // The store as it fails when its database is away (issue 39, item 7).
    const away: RequestsStore = {
      save: () => Promise.reject(new Error("connection terminated")),
      page: () => Promise.reject(new Error("connection terminated")),
      // eslint-disable-next-line require-yield
      iterate: async function* () {
        throw new Error("connection terminated");
      },
      csv: () => ({ next: () => Promise.reject(new Error("connection terminated")), stop() {} }),
      setHandled: () => Promise.reject(new Error("connection terminated")),
      ready: () => Promise.reject(new Error("connection terminated")),
      close: async () => {},
    };
    const { distDir } = makeTempDirs();
    writeFileSync(
      join(distDir, contactFormAnswerFile("kk")),
      JSON.stringify(answerTexts("kk", "KK")),
    );
    const app = Fastify();
    apps.push(app);
    await app.register(jsonErrorsPlugin);
    await app.register(requestFormRoutes, {
      store: away,
      distDir,
      budget: createSubmissionBudget(10),
    });
    const answer = await send(app, { ...filled, language: "kk" });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(answer.body).toContain("KK unavailable");
    expect(answer.body).toContain(`value="${filled.subject}"`);
    expect(answer.body).not.toContain("connection terminated");
  });

  it("takes from the budget the API's submissions share: over it, the form comes back to send later", async () => {
    const { app, stored } = await start({ publicRequestsPerMinute: 2 });
    const api = (id = randomUUID()) =>
      app.inject({
        method: "POST",
        url: "/api/requests",
        payload: { id, ...filled, language: "kk", createdAt: new Date().toISOString() },
      });
    expect((await api()).statusCode).toBe(201);
    expect((await send(app, { ...filled, language: "kk" })).statusCode).toBe(201);
    // The budget of two is spent, one by each way in.
    const refused = await send(app, { ...filled, subject: "Another clinic", language: "kk" });
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.body).toContain("KK unavailable");
    expect(refused.body).toContain('value="Another clinic"');
    expect((await api()).statusCode).toBe(503);
    expect(stored()).toHaveLength(2);
  });

  it("refuses a form another site posts", async () => {
    const { app, stored } = await start();
    const answer = await send(app, filled, { "sec-fetch-site": "cross-site" });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: "forbidden" });
    expect((await send(app, filled, { "sec-fetch-site": "same-origin" })).statusCode).toBe(201);
    expect(stored()).toHaveLength(1);
  });

  it("refuses a form another site posts from a browser that sends no Sec-Fetch-Site", async () => {
    const { app, stored } = await start();
    const answer = await send(app, filled, { origin: "https://elsewhere.example" });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ error: "forbidden" });
    // Its own page's post is taken, whatever scheme a proxy in front says.
    const host = "dauys.example";
    const own = await send(app, filled, { origin: `https://${host}`, host });
    expect(own.statusCode).toBe(201);
    expect(stored()).toHaveLength(1);
  });

  it("refuses a malformed body or another type with a JSON error", async () => {
    const { app, stored } = await start();
    const malformed = await app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "name=%E0%A4%A&email=a%40b.kz",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: "bad_request" });
    const text = await app.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "text/plain" },
      payload: "hello",
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: "unsupported_media_type" });
    expect(stored()).toEqual([]);
  });

  it("gives a long paste in Cyrillic back whole, though percent-encoding makes it six times larger", async () => {
    // 12,000 letters: 72,000 bytes sent, over the 64 KiB the route once read (a JSON error then).
    const { app, stored } = await start();
    const message = `${"ж".repeat(12_000)} конец`;
    const answer = await send(app, { ...filled, message, language: "kk" });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toContain('<p class="error" id="contact-message-error">KK: too long</p>');
    expect(answer.body).toContain(`>\n${message}</textarea>`);
    expect(stored()).toEqual([]);
  });

  it("answers a form too large to read with a page that says what to do, in the visitor's language", async () => {
    const { app, stored } = await start();
    const answer = await send(
      app,
      { ...filled, message: "m".repeat(300_000), language: "kk" },
      { cookie: "dauys-language=kk" },
    );
    expect(answer.statusCode).toBe(413);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain('<html lang="kk">');
    expect(answer.body).toContain("<h1>KK not sent</h1>");
    expect(answer.body).toContain('role="alert" tabindex="-1" autofocus><p>KK far too long</p>');
    expect(answer.body).toContain('<a href="/contact">KK write again</a>');
    expect(stored()).toEqual([]);
  });

  it("answers as the API does when the build has no pages", async () => {
    const { app, stored } = await start({ withTexts: false });
    const answer = await send(app, { ...filled, language: "en" });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ status: "stored" });
    expect(stored()).toHaveLength(1);
  });
});

describe("parseFormBody", () => {
  it("decodes names and values, + as a space, the first of a repeated name", () => {
    const form = parseFormBody("name=%D0%90%D0%B9+G&name=other&empty=&flag&__proto__=x");
    expect(form.get("name")).toBe("Ай G");
    expect(form.get("empty")).toBe("");
    expect(form.get("flag")).toBe("");
    expect(form.get("__proto__")).toBe("x");
  });

  it("refuses escapes that are not UTF-8", () => {
    expect(() => parseFormBody("name=%FF")).toThrow(/not valid/);
    expect(() => parseFormBody("name=%zz")).toThrow(/not valid/);
  });
});

describe("formRequestId", () => {
  it("is a UUID that changes with the words, the language and the window", async () => {
    const at = 1_700_000_000_000;
    const start = at - (at % duplicateWindowMs);
    const id = await formRequestId(filled, "kk", undefined, start);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await formRequestId(filled, "kk", undefined, start + duplicateWindowMs - 1)).toBe(id);
    expect(await formRequestId(filled, "kk", undefined, start + duplicateWindowMs)).not.toBe(id);
    expect(await formRequestId(filled, "ru", undefined, start)).not.toBe(id);
    expect(await formRequestId({ ...filled, subject: "Other" }, "kk", undefined, start)).not.toBe(
      id,
    );
  });

  it("sent from a page, changes with the page and the words, not with the time", async () => {
    const pageId = randomUUID();
    const id = await formRequestId(filled, "kk", pageId, 0);
    expect(await formRequestId(filled, "kk", pageId, duplicateWindowMs * 5)).toBe(id);
    expect(await formRequestId(filled, "kk", randomUUID(), 0)).not.toBe(id);
    expect(await formRequestId({ ...filled, message: "Another" }, "kk", pageId, 0)).not.toBe(id);
  });
});
