import { describe, expect, it } from "vitest";
import { negotiateLanguage, prerenderedFile, prerenderedPageFor } from "./prerendered-pages.ts";

describe("prerendered pages", () => {
  it("maps the app's pages and languages to files, and nothing else", () => {
    expect(prerenderedFile("/", "en")).toBe("prerendered/en/index.html");
    expect(prerenderedFile("/recovery/", "kk")).toBe("prerendered/kk/recovery.html");
    expect(prerenderedFile("/no-such-page", "en")).toBeUndefined();
    expect(prerenderedFile("/about", "fr")).toBeUndefined();
    expect(prerenderedFile("/../about", "en")).toBeUndefined();
  });

  it("follows the language cookie, falls back to English, and leaves kiosks the shell", () => {
    expect(prerenderedPageFor({ path: "/about" })).toBe("prerendered/en/about.html");
    expect(prerenderedPageFor({ path: "/about", cookie: "x=1; dauys-language=uz" })).toBe(
      "prerendered/uz/about.html",
    );
    expect(prerenderedPageFor({ path: "/about", cookie: "dauys-language=../../etc" })).toBe(
      "prerendered/en/about.html",
    );
    expect(
      prerenderedPageFor({ path: "/about", cookie: "dauys-kiosk=on; dauys-language=ru" }),
    ).toBeUndefined();
  });

  it("takes a ?lang= link first, then the saved choice, then the browser's languages", () => {
    const page = (request: { cookie?: string; acceptLanguage?: string; lang?: string }) =>
      prerenderedPageFor({ path: "/about", ...request });
    expect(page({ lang: "kk", cookie: "dauys-language=ru", acceptLanguage: "uz" })).toBe(
      "prerendered/kk/about.html",
    );
    expect(page({ lang: "fr", cookie: "dauys-language=ru", acceptLanguage: "uz" })).toBe(
      "prerendered/ru/about.html",
    );
    expect(page({ cookie: "dauys-language=ru", acceptLanguage: "uz" })).toBe(
      "prerendered/ru/about.html",
    );
    expect(page({ cookie: "dauys-language=xx", acceptLanguage: "uz" })).toBe(
      "prerendered/uz/about.html",
    );
  });

  it.each([
    ["ru-KZ", "ru"],
    ["kk-KZ", "kk"],
    ["uz-Latn-UZ", "uz"],
    ["az-Latn-AZ", "az"],
    ["ky-KG", "ky"],
    ["KK-kz", "kk"],
    ["en-GB,en;q=0.9", "en"],
    ["fr-FR, ru;q=0.8, kk;q=0.9", "kk"],
    ["de, fr;q=0.9, uz;q=0.1", "uz"],
    ["ru;q=0.5, ky;q=0.5", "ru"],
    ["kk;q=0, ru;q=0.3", "ru"],
    ["*, kk;q=0.5", "kk"],
    ["ru;q=1.000", "ru"],
  ])("Accept-Language %j gives %s", (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });

  it.each([
    [undefined],
    [""],
    ["fr-FR, de;q=0.9"],
    ["*"],
    ["kk;q=abc"],
    ["ru;q=2"],
    ["ru;q=-1"],
    ["kk_KZ"],
    ["kk-"],
    ["ru-KZ-verylongsubtag"],
    [";;;,,,"],
    ["<script>"],
    ["ru".padEnd(3000, ",ru")],
  ])("a malformed or foreign Accept-Language %j gives none (English)", (header) => {
    expect(negotiateLanguage(header)).toBeUndefined();
    expect(prerenderedPageFor({ path: "/about", acceptLanguage: header })).toBe(
      "prerendered/en/about.html",
    );
  });
});
