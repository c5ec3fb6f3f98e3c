import { describe, expect, it } from "vitest";
import { prerenderedFile, prerenderedPageFor } from "./prerendered-pages.ts";

describe("prerendered pages", () => {
  it("maps the app's pages and languages to files, and nothing else", () => {
    expect(prerenderedFile("/", "en")).toBe("prerendered/en/index.html");
    expect(prerenderedFile("/recovery/", "kk")).toBe("prerendered/kk/recovery.html");
    expect(prerenderedFile("/no-such-page", "en")).toBeUndefined();
    expect(prerenderedFile("/about", "fr")).toBeUndefined();
    expect(prerenderedFile("/../about", "en")).toBeUndefined();
  });

  it("follows the language cookie, falls back to English, and leaves kiosks the shell", () => {
    expect(prerenderedPageFor("/about", undefined)).toBe("prerendered/en/about.html");
    expect(prerenderedPageFor("/about", "x=1; dauys-language=uz")).toBe(
      "prerendered/uz/about.html",
    );
    expect(prerenderedPageFor("/about", "dauys-language=../../etc")).toBe(
      "prerendered/en/about.html",
    );
    expect(prerenderedPageFor("/about", "dauys-kiosk=on; dauys-language=ru")).toBeUndefined();
  });
});
