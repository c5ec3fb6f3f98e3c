/** What the build makes a visitor download: initial JavaScript per route, and the precache. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pages } from "../../src/shared/pages.ts";
import { kb, round } from "./bench-lib.ts";

const dist = "dist";

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
};

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength;
}

/**
 * The JavaScript a first visit to each route downloads before it can render: what the entry
 * imports, statically and in its start-up steps (`import()` in src/main.tsx), the route's code,
 * the English catalogs (the main one and those the route's loader asks for) and what else the
 * loader fetches (Talk's starter phrases in English), with everything they import.
 */
export function initialJsPerRoute() {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const result: Record<string, number> = {};
  for (const { path: route, name } of pages) {
    const key = `src/routes/${name}.tsx?tsr-split=component`;
    const english = ["messages", ...catalogPartsOf(name)].map((part) => `locales/en/${part}.po`);
    const startUp = [
      entry,
      ...(manifest[entry]!.dynamicImports ?? []),
      key,
      ...english,
      ...loaderModulesOf(name),
    ];
    const files = [...closure(startUp)].map((chunk) => manifest[chunk]!.file);
    result[route] = kb(files.reduce((sum, file) => sum + gzipSize(file), 0));
  }
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith(".js"));
  return {
    perRoute: result,
    totalJsGzipKb: kb([...new Set(allJs)].reduce((s, f) => s + gzipSize(f), 0)),
  };
}

/** The feature catalogs a route's loader asks for: `loadCatalogParts([...])` in its module. */
function catalogPartsOf(routeName: string): string[] {
  const source = readFileSync(join("src/routes", `${routeName}.tsx`), "utf8");
  const list = /loadCatalogParts\(\[([^\]]*)\]\)/.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

/** The modules a route's loader fetches besides its catalogs: the board's starter phrases. */
function loaderModulesOf(routeName: string): string[] {
  const source = readFileSync(join("src/routes", `${routeName}.tsx`), "utf8");
  return source.includes("loadStarterTexts(")
    ? [
        "src/features/talk/board/starter-phrases.ts",
        "src/features/talk/board/starter-phrases/en.ts",
      ]
    : [];
}

/** What the service worker downloads on install (the entries injected into it). */
export function precacheSize() {
  const worker = readFileSync(join(dist, "service-worker.js"), "utf8");
  // The engine's code is listed for updates, not installed up front (src/sw/service-worker.ts).
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((url) => !url.startsWith("assets/device-engine"));
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const bytes = readFileSync(join(dist, url));
    raw += bytes.byteLength;
    gzip += gzipSync(bytes, { level: 9 }).byteLength;
  }
  return { entries: urls.length, rawMb: round(raw / 1e6, 3), gzipMb: round(gzip / 1e6, 3) };
}
