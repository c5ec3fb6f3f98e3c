import { describe, expect, it } from "vitest";
import { pageCookieValue } from "./page-cookie.ts";
import { languageFromBrowser, startLanguage } from "./start-language.ts";

describe("the start language", () => {
  const all = { linked: "kk", saved: "ru", cookie: "uz", browser: ["ky-KG"] };

  it("takes a ?lang= link, then the saved choice, then the cookie, then the browser, then English", () => {
    expect(startLanguage(all)).toEqual({ code: "kk", from: "link" });
    expect(startLanguage({ ...all, linked: undefined })).toEqual({ code: "ru", from: "saved" });
    expect(startLanguage({ ...all, linked: null, saved: undefined })).toEqual({
      code: "uz",
      from: "cookie",
    });
    expect(startLanguage({ browser: ["ky-KG"] })).toEqual({ code: "ky", from: "browser" });
    expect(startLanguage({})).toEqual({ code: "en", from: "default" });
  });

  it.each([
    ["an unknown code", "fr"],
    ["a regional tag", "kk-KZ"],
    ["upper case", "RU"],
    ["a path", "../../etc"],
    ["an empty value", ""],
    ["an object", { code: "ru" }],
    ["a number", 7],
  ])("ignores %s in every source", (_name, value) => {
    const ignored = { linked: value, saved: value, cookie: value, browser: [] };
    expect(startLanguage(ignored)).toEqual({ code: "en", from: "default" });
    expect(startLanguage({ ...ignored, cookie: "az" })).toEqual({ code: "az", from: "cookie" });
  });

  it.each([
    [["kk-KZ", "ru-RU", "en"], "kk"],
    [["ru-RU"], "ru"],
    [["fr-FR", "uz-Latn-UZ"], "uz"],
    [["de", "AZ-latn-az"], "az"],
    [["en-GB", "kk"], "en"],
    [["fr", "de"], undefined],
    [["kk_KZ", "*"], undefined],
    [[], undefined],
  ])("takes the first of the browser's languages %j the app has: %s", (tags, code) => {
    expect(languageFromBrowser(tags)).toBe(code);
    expect(startLanguage({ browser: tags }).code).toBe(code ?? "en");
  });
});

describe("a page cookie in document.cookie's list", () => {
  it("is found by its exact name, among others, with or without spaces", () => {
    expect(pageCookieValue("x=1; dauys-language=uz", "dauys-language")).toBe("uz");
    expect(pageCookieValue("dauys-language=ky;dauys-kiosk=on", "dauys-kiosk")).toBe("on");
    expect(pageCookieValue("my-dauys-language=ru", "dauys-language")).toBeUndefined();
    expect(pageCookieValue("", "dauys-language")).toBeUndefined();
    expect(pageCookieValue("dauys-language", "dauys-language")).toBeUndefined();
  });
});
