/**
 * `npm start` serves the production build: build it when it is missing or older than any
 * source file, so a fresh clone needs only `npm install && npm start`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "./build.ts";

const outDir = process.env.DIST_DIR || "dist";
const stamp = `${outDir}/index.html`;
const sources = [
  "src",
  "scripts/build",
  "locales",
  "public",
  "index.html",
  "vite.config.ts",
  "lingui.config.ts",
  "package.json",
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestChange));
if (builtAt < changedAt) {
  console.log(
    builtAt ? "Sources changed since the last build: building." : "No build yet: building.",
  );
  build(outDir);
}
