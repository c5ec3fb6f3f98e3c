import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createHash } from "node:crypto";
import { buildTestApp, testPageScripts } from "./test-support.ts";
import type { SpeechSynthesizer } from "./routes/tts.ts";

// These checks never reach the engine.
const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(unusedSynthesizer);
});
afterAll(() => app?.close());

describe("security headers", () => {
  for (const url of ["/", "/recovery", "/api/health", "/api/openapi.json"]) {
    it(`are sent with ${url}`, async () => {
      const answer = await app.inject({ url });
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(?! 'unsafe-inline')/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-src https://www.youtube-nocookie.com");
      expect(csp).toContain("img-src 'self' data: blob: https://i.ytimg.com");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["cross-origin-opener-policy"]).toBe("same-origin");
      const permissions = String(answer.headers["permissions-policy"]);
      expect(permissions).toContain("microphone=(self)");
      expect(permissions).toContain("on-device-speech-recognition=(self)");
    });
  }

  it("allows the page's two inline scripts by the hashes of the text the build wrote", async () => {
    const csp = String((await app.inject({ url: "/about" })).headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(" ");
    const hash = (script: string) =>
      `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    expect(scriptSrc).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      hash(testPageScripts.appLoader),
      hash(testPageScripts.languageCheck),
    ]);
  });

  it("lets the service worker fetch lesson thumbnails, which it caches for offline use", async () => {
    const answer = await app.inject({ url: "/service-worker.js" });
    const csp = String(answer.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self' https://i.ytimg.com;");
  });

  it("allows no third-party host beyond the video embed and thumbnails", async () => {
    const csp = String((await app.inject({ url: "/" })).headers["content-security-policy"]);
    const hosts = new Set(csp.match(/https?:\/\/[^\s;]+/g));
    expect([...hosts].sort()).toEqual(["https://i.ytimg.com", "https://www.youtube-nocookie.com"]);
  });
});

describe("static app", () => {
  it("caches hashed assets for a year and revalidates the shell", async () => {
    const asset = await app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const url of ["/", "/index.html", "/service-worker.js"]) {
      expect((await app.inject({ url })).headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves index.html for app routes, and JSON 404s for unknown API paths and files", async () => {
    const page = await app.inject({ url: "/recognition" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    const api = await app.inject({ url: "/api/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: "not_found" });
    expect((await app.inject({ url: "/missing.png" })).statusCode).toBe(404);
  });

  it("answers a mistyped page address with the app, and a malformed one with a JSON error", async () => {
    for (const url of ["//contact", "/contact//", `/${"a".repeat(300)}`]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers["content-type"], url).toMatch(/text\/html/);
    }
    // A file address that the file server refuses stays refused.
    const file = await app.inject({ url: "//assets/index-abc123.js" });
    expect(file.statusCode).toBe(403);
    expect(file.json()).toMatchObject({ error: "forbidden" });
    const malformed = await app.inject({ url: "/%ZZ" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "bad_request", message: expect.any(String) });
    // Answered before any route, it still carries the security headers.
    expect(malformed.headers["x-content-type-options"]).toBe("nosniff");
    expect(malformed.headers["content-security-policy"]).toMatch(/default-src 'none'/);
  });

  it("sends a prerendered page in the cookie's language, and the shell to kiosks", async () => {
    const english = await app.inject({ url: "/about" });
    expect(english.body).toContain("<h1>About</h1>");
    expect(english.headers["cache-control"]).toBe("no-cache");
    expect(english.headers.vary).toMatch(/cookie/i);
    const russian = await app.inject({ url: "/about", headers: { cookie: "dauys-language=ru" } });
    expect(russian.body).toContain("<h1>О нас</h1>");
    const unknownLanguage = await app.inject({
      url: "/about/",
      headers: { cookie: "a=1; dauys-language=xx" },
    });
    expect(unknownLanguage.body).toContain("<h1>About</h1>");
    for (const cookie of ["dauys-language=%E0%A4%A", "=;;dauys-language", "dauys-language=ru=x"]) {
      const malformed = await app.inject({ url: "/about", headers: { cookie } });
      expect(malformed.statusCode).toBe(200);
      expect(malformed.body).toContain("<h1>About</h1>");
    }
    const kiosk = await app.inject({
      url: "/about",
      headers: { cookie: "dauys-language=ru; dauys-kiosk=on" },
    });
    expect(kiosk.body).toContain("<div id=root></div>");
    // A page the build did not prerender gets the shell.
    const contact = await app.inject({ url: "/contact", headers: { cookie: "dauys-language=ru" } });
    expect(contact.body).toContain("<div id=root></div>");
  });

  it.each([
    ["ru-KZ,ru;q=0.9,en-US;q=0.8", "О нас"],
    ["kk-KZ", "Біз туралы"],
    ["uz-Latn-UZ,uz;q=0.9", "Biz haqimizda"],
    ["az-Latn-AZ", "Haqqımızda"],
    ["ky-KG,ky;q=0.9", "Биз жөнүндө"],
    ["fr-FR,de;q=0.9", "About"],
    ["ru;q=oops", "About"],
    ["\u0000;;,", "About"],
  ])("answers Accept-Language %j with the page in its language", async (header, heading) => {
    const answer = await app.inject({ url: "/about", headers: { "accept-language": header } });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`<h1>${heading}</h1>`);
    expect(answer.headers.vary).toMatch(/cookie/i);
    expect(answer.headers.vary).toMatch(/accept-language/i);
  });

  it("lets the saved choice and a ?lang= link win over Accept-Language", async () => {
    const saved = await app.inject({
      url: "/about",
      headers: { "accept-language": "kk-KZ", cookie: "dauys-language=ru" },
    });
    expect(saved.body).toContain("<h1>О нас</h1>");
    const link = await app.inject({
      url: "/about?lang=uz",
      headers: { "accept-language": "kk-KZ", cookie: "dauys-language=ru" },
    });
    expect(link.body).toContain("<h1>Biz haqimizda</h1>");
    const unknown = await app.inject({
      url: "/about?lang=xx",
      headers: { "accept-language": "kk-KZ" },
    });
    expect(unknown.body).toContain("<h1>Біз туралы</h1>");
  });

  it("saves a ?lang= link's language with the page itself, as the app saves it", async () => {
    const link = await app.inject({
      url: "/about?lang=uz",
      headers: { "accept-language": "kk-KZ", cookie: "dauys-language=ru" },
    });
    expect(link.headers["set-cookie"]).toBe(
      "dauys-language=uz; Path=/; Max-Age=31536000; SameSite=Lax",
    );
    expect(link.headers["cache-control"]).toBe("private, no-cache");
    // The next page, asked for before the app has started, comes in the linked language.
    const next = await app.inject({
      url: "/about",
      headers: {
        "accept-language": "kk-KZ",
        cookie: String(link.headers["set-cookie"]).split(";")[0]!,
      },
    });
    expect(next.body).toContain("<h1>Biz haqimizda</h1>");
    // The app shell answers a kiosk, and pages that have no prerendered copy: the same.
    for (const [url, cookie] of [
      ["/about?lang=uz", "dauys-kiosk=on"],
      ["/staff?lang=uz", ""],
    ] as const) {
      const shell = await app.inject({ url, headers: { cookie } });
      expect(shell.body).toContain("<div id=root></div>");
      expect(shell.headers["set-cookie"]).toBe(
        "dauys-language=uz; Path=/; Max-Age=31536000; SameSite=Lax",
      );
      expect(shell.headers["cache-control"]).toBe("private, no-cache");
    }
    for (const url of ["/about?lang=xx", "/about", "/?lang=", "/api/health?lang=uz"]) {
      expect((await app.inject({ url })).headers["set-cookie"]).toBeUndefined();
    }
  });

  it("serves a sitemap of every page in the six languages, and robots.txt points to it", async () => {
    const robots = await app.inject({ url: "/robots.txt", headers: { host: "dauys.test" } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain("Sitemap: http://dauys.test/sitemap.xml");
    const sitemap = await app.inject({ url: "/sitemap.xml", headers: { host: "dauys.test" } });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toMatch(/^application\/xml/);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const languages = ["en", "ru", "az", "kk", "ky", "uz"];
    const paths = ["/", "/about", "/contact", "/recognition", "/talk", "/recovery"];
    expect(locs.sort()).toEqual(
      paths
        .flatMap((path) => languages.map((code) => `http://dauys.test${path}?lang=${code}`))
        .sort(),
    );
    // Each address lists the six languages and x-default as alternates.
    expect(sitemap.body.match(/hreflang="x-default"/g)).toHaveLength(locs.length);
    expect(sitemap.body).toContain(
      '<xhtml:link rel="alternate" hreflang="kk" href="http://dauys.test/about?lang=kk"/>',
    );
    // A Host header that is not a host name is not echoed.
    const forged = await app.inject({ url: "/robots.txt", headers: { host: "a<b>" } });
    expect(forged.body).not.toContain("<b>");
  });

  it("compresses responses", async () => {
    const answer = await app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(answer.headers["content-encoding"]).toMatch(/br|gzip/);
  });
});

describe("API description", () => {
  it("serves OpenAPI with request examples for text to speech", async () => {
    const document = (await app.inject({ url: "/api/openapi.json" })).json();
    expect(document.openapi).toMatch(/^3\./);
    const tts = document.paths["/generate-tts"].post;
    expect(
      Object.keys(tts.requestBody.content["application/json"].examples).length,
    ).toBeGreaterThan(0);
    expect(tts.requestBody.content["application/json"].schema.required).toEqual([
      "text",
      "language",
    ]);
    expect(tts.responses[422].description).toMatch(/no_speech/);
  });
});
