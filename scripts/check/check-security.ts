/**
 * Security gate in `npm test`, after the build: no secret-like strings in anything the browser
 * downloads, and no high or critical advisories in production dependencies (`npm audit`).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { findSecrets } from "./secret-patterns.ts";

const dist = process.env.DIST_DIR || "dist";
const problems: string[] = [];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(js|mjs|html|json|webmanifest|css|txt|svg)$/.test(name)) yield path;
  }
}

let scanned = 0;
for (const path of files(dist)) {
  scanned++;
  for (const secret of findSecrets(readFileSync(path, "utf8"))) problems.push(`${path}: ${secret}`);
}
if (scanned === 0) problems.push(`No built files in ${dist}: run the build first.`);
console.log(`Scanned ${scanned} built files for secrets.`);

const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report: { metadata?: { vulnerabilities?: Record<string, number> }; error?: unknown } = {};
try {
  report = JSON.parse(audit.stdout || "{}");
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (counts) {
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(`npm audit (production): ${JSON.stringify(counts)}`);
  if (serious > 0) {
    problems.push(`npm audit: ${serious} high or critical advisories in production dependencies`);
    execFileSync("npm", ["audit", "--omit=dev", "--audit-level=high"], { stdio: "inherit" });
  }
} else {
  // The advisory service is not part of every registry mirror; say so plainly rather than pass.
  console.warn(
    "npm audit: the registry's advisory service did not answer, so advisories were NOT checked " +
      "here. Run `npm audit --omit=dev` where the public registry is reachable.",
  );
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
