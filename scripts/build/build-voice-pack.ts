// Builds voice packs (see voice-pack.ts) from the espeak-ng.data shipped in
// @echogarden/espeak-ng-emscripten, so the data always matches the engine's
// phoneme tables. Each pack is written with .gz and .br copies for a static
// server with pre-compressed asset support (@fastify/static preCompressed).

import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync, brotliCompressSync, constants as zlibConstants } from "node:zlib";
import {
  COMMON_DATA_FILES,
  LANGUAGES,
  dataFilesFor,
  encodeVoicePack,
  espeakDataVersion,
  isLanguage,
  shippedVoicePacks,
  voicePackFileName,
  type ShippedVoicePack,
} from "../../src/shared/speech-engine/voice-pack.ts";
import type { Language } from "../../src/shared/speech-engine/voice-pack.ts";

const PACKAGE = "@echogarden/espeak-ng-emscripten";

/**
 * The Emscripten file_packager bakes the file table into espeak-ng.js as
 * `loadPackage({files:[{filename:"...",start:N,end:M},...]`. There is no
 * separate metadata file, so parse it from there.
 */
export function readPackageDataFiles(): { version: string; files: Map<string, Uint8Array> } {
  const require = createRequire(import.meta.url);
  const jsPath = require.resolve(PACKAGE);
  const dir = dirname(jsPath);
  const version = (
    JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }
  ).version;
  const js = readFileSync(jsPath, "utf8");
  const data = readFileSync(join(dir, "espeak-ng.data"));
  const files = new Map<string, Uint8Array>();
  const re = /\{filename:"\/usr\/share\/espeak-ng-data\/([^"]+)",start:(\d+),end:(\d+)/g;
  for (const m of js.matchAll(re)) files.set(m[1]!, data.subarray(Number(m[2]), Number(m[3])));
  if (files.size === 0)
    throw new Error(`could not find the file table in ${jsPath} (package layout changed?)`);
  return { version, files };
}

export interface BuildResult {
  outPath: string;
  files: { path: string; size: number }[];
  rawBytes: number;
  /** Only computed with precompress (brotli quality 11 on 9 MB takes ~15 s). */
  gzipBytes?: number;
  brotliBytes?: number;
}

export function buildVoicePack(opts: {
  outPath: string;
  languages?: readonly string[];
  replace?: ReadonlyMap<string, string>;
  /** Include the shared phoneme/intonation files (default true). */
  common?: boolean;
  precompress?: boolean;
}): BuildResult {
  const languages = opts.languages ?? LANGUAGES;
  const bad = languages.filter((l) => !isLanguage(l));
  if (bad.length) throw new Error(`unknown language(s): ${bad.join(", ")}`);
  const { version, files: all } = readPackageDataFiles();
  const selected = new Map<string, Uint8Array>();
  const common = new Set(COMMON_DATA_FILES);
  const paths = dataFilesFor(languages as Language[]).filter(
    (p) => opts.common !== false || !common.has(p),
  );
  for (const path of paths) {
    const override = opts.replace?.get(path);
    const bytes = override ? new Uint8Array(readFileSync(override)) : all.get(path);
    if (!bytes) throw new Error(`${PACKAGE}@${version} has no data file ${path}`);
    selected.set(path, bytes);
  }
  const source =
    `${PACKAGE}@${version}` +
    (opts.replace?.size ? ` (replaced: ${[...opts.replace.keys()].join(", ")})` : "");
  const pack = encodeVoicePack(selected, source);
  mkdirSync(dirname(opts.outPath), { recursive: true });
  writeFileSync(opts.outPath, pack);
  const result: BuildResult = {
    outPath: opts.outPath,
    files: [...selected].map(([path, b]) => ({ path, size: b.byteLength })),
    rawBytes: pack.byteLength,
  };
  if (opts.precompress !== false) {
    const gz = gzipSync(pack, { level: 9 });
    const br = brotliCompressSync(pack, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: pack.byteLength,
      },
    });
    writeFileSync(`${opts.outPath}.gz`, gz);
    writeFileSync(`${opts.outPath}.br`, br);
    result.gzipBytes = gz.byteLength;
    result.brotliBytes = br.byteLength;
  }
  return result;
}

function mb(n: number): string {
  return `${(n / 1024 / 1024).toFixed(2)} MiB (${n} B)`;
}

/**
 * `npm run build` runs this first: it writes the app's voice packs (with .gz and .br copies for
 * pre-compressed serving) into public/voice-pack/, skipping packs that already exist.
 */
if (import.meta.main) {
  const { version } = readPackageDataFiles();
  if (version !== espeakDataVersion) {
    throw new Error(
      `${PACKAGE} is ${version} but voice-pack.ts names ${espeakDataVersion}: update espeakDataVersion.`,
    );
  }
  const outDir = resolve("public/voice-pack");
  mkdirSync(outDir, { recursive: true });
  const wanted = new Set(
    Object.keys(shippedVoicePacks).map((name) => voicePackFileName(name as ShippedVoicePack)),
  );
  for (const name of readdirSync(outDir)) {
    if (!wanted.has(name.replace(/\.(gz|br)$/, ""))) rmSync(join(outDir, name));
  }
  for (const [name, pack] of Object.entries(shippedVoicePacks)) {
    const outPath = join(outDir, voicePackFileName(name as ShippedVoicePack));
    if (existsSync(outPath) && existsSync(`${outPath}.br`) && existsSync(`${outPath}.gz`)) continue;
    const result = buildVoicePack({ outPath, languages: pack.languages, common: pack.common });
    console.log(
      `voice pack ${name}: raw ${mb(result.rawBytes)}, gzip ${mb(result.gzipBytes ?? 0)}, brotli ${mb(result.brotliBytes ?? 0)}`,
    );
  }
}
