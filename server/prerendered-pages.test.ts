import { describe, expect, it } from "vitest";
import { prerenderedFile } from "../src/shared/pages.ts";
import { acceptedLanguages, prerenderedPageFor } from "./prerendered-pages.ts";

describe("prerendered pages", () => {
  it("maps the app's pages and languages to files, and nothing else", () => {
    expect(prerenderedFile("/", "en")).toBe("prerendered/en/index.html");
    expect(prerenderedFile("/recovery/", "kk")).toBe("prerendered/kk/recovery.html");
    expect(prerenderedFile("/no-such-page", "en")).toBeUndefined();
    expect(prerenderedFile("/about", "fr")).toBeUndefined();
    expect(prerenderedFile("/../about", "en")).toBeUndefined();
  });

  it("answers a long run of slashes at once (it once took time growing with its square)", () => {
    // 200,000 slashes then a letter: the old expression took minutes here, past the test's limit.
    expect(prerenderedFile(`/about${"/".repeat(200_000)}x`, "en")).toBeUndefined();
    expect(prerenderedFile(`/about${"/".repeat(200_000)}`, "en")).toBe("prerendered/en/about.html");
  });

  it("follows the language cookie, falls back to English, and leaves kiosks the shell", () => {
    expect(prerenderedPageFor({ path: "/about" })).toBe("prerendered/en/about.html");
    expect(
      prerenderedPageFor({ path: "/about", cookies: { x: "1", "dauys-language": "uz" } }),
    ).toBe("prerendered/uz/about.html");
    expect(prerenderedPageFor({ path: "/about", cookies: { "dauys-language": "../../etc" } })).toBe(
      "prerendered/en/about.html",
    );
    expect(
      prerenderedPageFor({
        path: "/about",
        cookies: { "dauys-kiosk": "on", "dauys-language": "ru" },
      }),
    ).toBeUndefined();
  });

  it("takes a ?lang= link first, then the saved choice, then the browser's languages", () => {
    const page = ({
      cookie,
      ...request
    }: {
      cookie?: string;
      acceptLanguage?: string;
      lang?: string;
    }) => prerenderedPageFor({ path: "/about", cookies: { "dauys-language": cookie }, ...request });
    expect(page({ lang: "kk", cookie: "ru", acceptLanguage: "uz" })).toBe(
      "prerendered/kk/about.html",
    );
    expect(page({ lang: "fr", cookie: "ru", acceptLanguage: "uz" })).toBe(
      "prerendered/ru/about.html",
    );
    expect(page({ cookie: "ru", acceptLanguage: "uz" })).toBe("prerendered/ru/about.html");
    expect(page({ cookie: "xx", acceptLanguage: "uz" })).toBe("prerendered/uz/about.html");
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
    ["kk;q=abc, ru;q=0.3", "ru"],
    ["kk_KZ, ky;q=0.2", "ky"],
    ["ru;q=1.000", "ru"],
    // Every language the rest does not name comes before Kazakh, English the first of them.
    ["*, kk;q=0.5", "en"],
  ])("Accept-Language %j gives %s", (header, language) => {
    expect(acceptedLanguages(header)[0]).toBe(language);
    expect(prerenderedPageFor({ path: "/about", acceptLanguage: header })).toBe(
      `prerendered/${language}/about.html`,
    );
  });

  it("ranks every one of the six that Accept-Language accepts, most wanted first", () => {
    expect(acceptedLanguages("uz-Latn-UZ, ru-RU;q=0.7, kk;q=0.9, fr;q=0.8")).toEqual([
      "uz",
      "kk",
      "ru",
    ]);
  });

  it.each([
    [undefined],
    [""],
    ["fr-FR, de;q=0.9"],
    ["kk;q=abc"],
    ["ru;q=-1"],
    ["kk;q=0"],
    ["kk_KZ"],
    ["kk-"],
    [";;;,,,"],
    ["<script>"],
  ])("a malformed or foreign Accept-Language %j gives none (English)", (header) => {
    expect(acceptedLanguages(header)).toEqual([]);
    expect(prerenderedPageFor({ path: "/about", acceptLanguage: header })).toBe(
      "prerendered/en/about.html",
    );
  });
});
