/**
 * The build pipeline, defined once: the voice packs, Vite's build, the prerendered pages and the
 * pre-compressed copies. `npm run build` runs it; `npm start` runs it through ensure-build.ts
 * when the build is missing or stale. `DIST_DIR` (default `dist`) is where it goes.
 */
import { execFileSync } from "node:child_process";

export function build(outDir = process.env.DIST_DIR || "dist") {
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { stdio: "inherit" });
  run("node", ["scripts/build/build-voice-pack.ts"]);
  run("vite", ["build", "--outDir", outDir, "--emptyOutDir"]);
  run("node", ["scripts/build/prerender.ts", outDir]);
  run("node", ["scripts/build/precompress.ts", outDir]);
}

if (import.meta.main) build();
