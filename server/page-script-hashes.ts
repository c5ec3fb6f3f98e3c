/**
 * The Content-Security-Policy sources that allow the page's two inline scripts
 * (src/page-scripts/), by the hash of the text the build wrote for them
 * (scripts/build/page-scripts.ts). Read again when a build changes that text; without a build
 * there are none, and no page to run them either.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pageScriptsFile, type PageScripts } from "../src/shared/page-scripts.ts";

const hashSource = (script: string) =>
  `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** A function that gives the sources as one space-separated value, for the policy. */
export function pageScriptHashes(distDir: string): () => string {
  const file = join(distDir, pageScriptsFile);
  let read: { mtimeMs: number; sources: string } | undefined;
  return () => {
    if (!existsSync(file)) return "";
    const { mtimeMs } = statSync(file);
    if (read?.mtimeMs !== mtimeMs) {
      const scripts = JSON.parse(readFileSync(file, "utf8")) as PageScripts;
      read = {
        mtimeMs,
        sources: [scripts.appLoader, scripts.languageCheck].map(hashSource).join(" "),
      };
    }
    return read.sources;
  };
}
