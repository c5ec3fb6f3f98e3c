/**
 * `npm test`: every check, the independent ones side by side.
 * - Two lanes at once: the build, the security check of what was built and then the browser
 *   tests, streaming their output; and lint, formatting, types, catalogs and the API description,
 *   one after another, each step's output shown whole when it ends, so the lanes' lines never mix
 *   mid-line.
 * - The browser tests need the build, not the other lane: they start as soon as it is made. The
 *   tests that watch a page over time (frames drawn on an idle page) run after the others, with
 *   the machine to themselves (Playwright's "alone" project).
 * - The unit tests run after the browser tests, whatever those gave. Beside them, on a 2-core
 *   machine, both kept missing time limits: the browser tests' three workers and the unit tests'
 *   four (servers, databases, password hashing) left the cores four times over-booked, and a
 *   slow CI machine lost a different test or two each run (unit tests 266 s there, 890 s on a
 *   slower one, against about a minute alone).
 * - At the very end, each test that failed, with the first lines of its errors: CI shows only the
 *   end of the output (scripts/check/failure-summary.ts).
 * A failed step stops its own lane, not the other: one run shows every lane's first failure. The
 * summary lists each step's result and time; the exit code is 1 when any step failed or did not
 * run.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { performance } from "node:perf_hooks";
import {
  browserReportFile,
  describeBrowserFailures,
  describeUnitFailures,
  unitReportFile,
  type BrowserReport,
  type UnitReport,
} from "./failure-summary.ts";

type Step = { name: string; script: string; stream?: boolean };
type Outcome = { name: string; ok: boolean; seconds: number };

const lanes: Step[][] = [
  [
    { name: "build", script: "build" },
    { name: "security", script: "security:check" },
    { name: "browser tests", script: "test:e2e", stream: true },
  ],
  [
    { name: "lint", script: "lint" },
    { name: "format", script: "format:check" },
    { name: "types", script: "typecheck" },
    { name: "catalogs", script: "catalogs:check" },
    { name: "API description", script: "api:check" },
  ],
];
/** After the first lane, whether or not its steps passed. */
const afterBrowserTests: Step = { name: "unit tests", script: "test:unit" };

function runStep(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], {
      stdio: step.stream ? "inherit" : ["ignore", "pipe", "pipe"],
      // Colour codes would be lost on the pipe; the tools still print plainly without them.
      env: process.env,
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean) => {
      const seconds = (performance.now() - started) / 1000;
      if (!step.stream) process.stdout.write(Buffer.concat(output));
      console.log(`\n── ${step.name}: ${ok ? "passed" : "FAILED"} in ${seconds.toFixed(1)} s ──\n`);
      resolve({ name: step.name, ok, seconds });
    };
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
  });
}

async function runLane(steps: Step[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const outcome = await runStep(step);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

const started = performance.now();
// A report left by an earlier run must not be read as this one's.
for (const file of [browserReportFile, unitReportFile]) rmSync(file, { force: true });
const [first, ...others] = lanes.map(runLane);
const outcomes = (
  await Promise.all([
    first!.then(async (done) => [...done, await runStep(afterBrowserTests)]),
    ...others,
  ])
).flat();
const skipped = [...lanes.flat(), afterBrowserTests].filter(
  (step) => !outcomes.some((outcome) => outcome.name === step.name),
);

console.log("npm test:");
for (const { name, ok, seconds } of outcomes) {
  console.log(`  ${ok ? "passed" : "FAILED"}  ${name} (${seconds.toFixed(1)} s)`);
}
for (const { name } of skipped) console.log(`  not run  ${name} (an earlier step failed)`);
console.log(`  in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
const failed = (name: string) => outcomes.some((outcome) => outcome.name === name && !outcome.ok);
const readReport = <Report>(file: string): Report | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Report) : undefined;
const summaries: [string, string[]][] = [
  [
    "The unit tests that failed:",
    failed("unit tests")
      ? describeUnitFailures(readReport<UnitReport>(unitReportFile) ?? {}, process.cwd())
      : [],
  ],
  [
    "The browser tests that failed:",
    failed("browser tests")
      ? describeBrowserFailures(readReport<BrowserReport>(browserReportFile) ?? {})
      : [],
  ],
];
for (const [title, lines] of summaries)
  if (lines.length > 0) console.log(["", title, ...lines].join("\n"));
process.exitCode = outcomes.every((outcome) => outcome.ok) && skipped.length === 0 ? 0 : 1;
