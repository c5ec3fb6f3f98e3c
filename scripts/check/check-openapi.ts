/**
 * Lints the API's OpenAPI document with Redocly's recommended rules and fails on any error or
 * warning; `--write-types` then writes the TypeScript types generated from it
 * (src/shared/generated/openapi.d.ts, which the app's API calls and server/openapi-client.test.ts use).
 * Run by `npm test`. Offline: the document is written to a temporary file and Redocly's telemetry
 * and update check are turned off.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApiDocument } from "../../server/openapi-document.ts";
import { generatedTypes, generatedTypesPath } from "../../server/openapi-types.ts";

const dir = mkdtempSync(join(tmpdir(), "dauys-openapi-"));
try {
  const file = join(dir, "openapi.json");
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  let output: string;
  try {
    output = execFileSync(
      "node_modules/.bin/redocly",
      ["lint", "--extends", "recommended", "--format", "json", file],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    );
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? "";
  }
  const report = JSON.parse(output) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; severity: string; message: string; location?: unknown }[];
  };
  if (report.totals.errors + report.totals.warnings > 0) {
    for (const problem of report.problems) {
      console.error(`${problem.severity} ${problem.ruleId}: ${problem.message}`);
      console.error(`  at ${JSON.stringify(problem.location)}`);
    }
    console.error(
      `The OpenAPI document has ${report.totals.errors} errors and ${report.totals.warnings} warnings.`,
    );
    process.exit(1);
  }
  console.log("The OpenAPI document passes Redocly's recommended rules.");
  if (process.argv.includes("--write-types")) {
    writeFileSync(generatedTypesPath, await generatedTypes());
    console.log(`Wrote ${generatedTypesPath}.`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
