import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const localesDir = join(import.meta.dirname, "../../locales");

/** Each translation in a language's catalogs, with its catalog's file name. */
function translationsOf(language: string): { file: string; text: string }[] {
  const dir = join(localesDir, language);
  return readdirSync(dir)
    .filter((file) => file.endsWith(".po"))
    .flatMap((file) => {
      const found: { file: string; text: string }[] = [];
      let text: string | null = null;
      for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
        if (line.startsWith("msgstr ")) {
          if (text !== null) found.push({ file, text });
          text = JSON.parse(line.slice("msgstr ".length)) as string;
        } else if (text !== null && line.startsWith('"')) text += JSON.parse(line) as string;
        else if (text !== null) {
          found.push({ file, text });
          text = null;
        }
      }
      if (text !== null) found.push({ file, text });
      return found.filter((one) => one.text !== "");
    });
}

const where = (found: { file: string; text: string }[]) =>
  found.map(({ file, text }) => `${file}: ${text}`);

describe("the catalogs' typography", () => {
  it("glues no case ending on a number or a name put in (it would not fit every value)", () => {
    for (const language of ["az", "kk", "ky", "uz"]) {
      const glued = translationsOf(language).filter(({ text }) => /\}['’ʼ]?-?\p{L}/u.test(text));
      expect(where(glued), language).toEqual([]);
    }
  });

  it("writes Uzbek's oʻ, gʻ and its apostrophe with their own letters (ʻ U+02BB, ʼ U+02BC)", () => {
    const quotes = translationsOf("uz").filter(({ text }) => /[‘’`']/.test(text));
    expect(where(quotes)).toEqual([]);
  });

  it("quotes with «…» in every language but English, as each language's other catalogs do", () => {
    for (const language of ["ru", "kk", "ky", "az", "uz"]) {
      const curly = translationsOf(language).filter(({ text }) => /[“”„]/.test(text));
      expect(where(curly), language).toEqual([]);
    }
  });
});
