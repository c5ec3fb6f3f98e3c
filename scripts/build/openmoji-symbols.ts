/**
 * OpenMoji's symbols in the app (a Vite plugin):
 * - The build copies to `openMojiFolder` every symbol the picker offers (OpenMoji's symbols that
 *   the Unicode CLDR names, without skin-tone variants) and the starter boards' symbols. Only the
 *   starter ones go in the install precache (`starterSymbolPrecache`); the service worker keeps
 *   any other symbol once it has been shown.
 * - `virtual:openmoji-index/<language>`: the picker's search index in one interface language,
 *   built from the CLDR annotations (names and keywords written by Unicode's translators) of the
 *   symbols OpenMoji has. Each language is a chunk of its own, loaded when the picker opens.
 * - The dev server serves the symbols straight from the package.
 */
import { createHash } from "node:crypto";
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";
import { openMojiFolder, isOpenMojiCode, starterSymbols } from "../../src/shared/openmoji.ts";
import type { SymbolIndex } from "../../src/shared/symbol-index.ts";

const require = createRequire(import.meta.url);
const svgFolder = join(dirname(require.resolve("openmoji/package.json")), "color", "svg");

export const indexLanguages = ["en", "ru", "az", "kk", "ky", "uz"] as const;
const virtualPrefix = "virtual:openmoji-index/";

/** What the build reads of OpenMoji's list (data/openmoji.json). */
export type OpenMojiEntry = { emoji: string; hexcode: string; group: string; skintone: string };
/** What the build reads of a CLDR annotations file: keywords and the spoken name, by emoji. */
export type CldrAnnotations = Record<string, { default?: string[]; tts?: string[] }>;

// CLDR writes most emoji without the variation selector that OpenMoji's list keeps.
const withoutVariation = (emoji: string) => emoji.replace(/\uFE0F/g, "");

/**
 * The picker's symbols in one language: each OpenMoji symbol that CLDR names in it, in OpenMoji's
 * order, without skin-tone variants (the picker shows the base symbol) and without OpenMoji's own
 * extras (they have no CLDR names to search by).
 */
export function buildSymbolIndex(
  openMoji: readonly OpenMojiEntry[],
  annotations: CldrAnnotations,
): SymbolIndex {
  const byEmoji = new Map(
    Object.entries(annotations).map(([emoji, words]) => [withoutVariation(emoji), words]),
  );
  return openMoji.flatMap((entry) => {
    if (entry.skintone || entry.group.startsWith("extras")) return [];
    const words = byEmoji.get(withoutVariation(entry.emoji));
    const name = words?.tts?.[0] ?? words?.default?.[0];
    if (!name) return [];
    const keywords = (words?.default ?? []).filter((keyword) => keyword !== name);
    return [[entry.hexcode, name, keywords.join("|")] as const];
  });
}

function readOpenMoji(): OpenMojiEntry[] {
  return JSON.parse(
    readFileSync(require.resolve("openmoji/data/openmoji.json"), "utf8"),
  ) as OpenMojiEntry[];
}

function readAnnotations(language: string): CldrAnnotations {
  const file = require.resolve(`cldr-annotations-full/annotations/${language}/annotations.json`);
  const json = JSON.parse(readFileSync(file, "utf8")) as {
    annotations: { annotations: CldrAnnotations };
  };
  return json.annotations.annotations;
}

// One build asks for each language's index twice (its chunk, and the symbols to copy).
const indexes = new Map<string, SymbolIndex>();

export function symbolIndexFor(language: string): SymbolIndex {
  let index = indexes.get(language);
  if (!index) {
    index = buildSymbolIndex(readOpenMoji(), readAnnotations(language));
    indexes.set(language, index);
  }
  return index;
}

/** Every symbol the app serves: those the picker offers in any language, and the starters'. */
export function servedSymbolCodes(): string[] {
  const codes = new Set(Object.values(starterSymbols));
  for (const language of indexLanguages) {
    for (const [code] of symbolIndexFor(language)) codes.add(code);
  }
  return [...codes].sort();
}

/** The starter boards' symbols, for the install precache, each with its content's hash. */
export function starterSymbolPrecache(): { url: string; revision: string }[] {
  return [...new Set(Object.values(starterSymbols))].sort().map((code) => ({
    url: `${openMojiFolder}${code}.svg`,
    revision: createHash("sha256")
      .update(readFileSync(join(svgFolder, `${code}.svg`)))
      .digest("hex")
      .slice(0, 16),
  }));
}

export function openMojiSymbols(): Plugin {
  let outDir = "dist";
  let copy = false;
  return {
    name: "dauys:openmoji-symbols",
    configResolved(config) {
      outDir = config.build.outDir;
      copy = config.command === "build" && !config.build.ssr;
    },
    resolveId(source) {
      return source.startsWith(virtualPrefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${virtualPrefix}`)) return null;
      const language = id.slice(virtualPrefix.length + 1);
      if (!(indexLanguages as readonly string[]).includes(language)) {
        throw new Error(`No symbol index for "${language}"`);
      }
      return `export default ${JSON.stringify(symbolIndexFor(language))};`;
    },
    configureServer(server) {
      server.middlewares.use(openMojiFolder, (request, response, next) => {
        const code = /^\/([0-9A-F-]+)\.svg$/.exec(request.url ?? "")?.[1];
        const file = code && isOpenMojiCode(code) ? join(svgFolder, `${code}.svg`) : undefined;
        if (!file || !existsSync(file)) return next();
        response.setHeader("Content-Type", "image/svg+xml");
        createReadStream(file).pipe(response);
      });
    },
    writeBundle() {
      if (!copy) return;
      const folder = join(outDir, openMojiFolder);
      mkdirSync(folder, { recursive: true });
      for (const code of servedSymbolCodes()) {
        copyFileSync(join(svgFolder, `${code}.svg`), join(folder, `${code}.svg`));
      }
    },
  };
}
