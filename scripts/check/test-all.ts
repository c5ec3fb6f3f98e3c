/**
 * `npm test`: every check, the independent ones side by side.
 * - Two lanes at once: the build, the security check of what was built and then the browser
 *   tests, streaming their output; and lint, formatting, types, catalogs, the API description
 *   and the unit tests, one after another, each step's output shown whole when it ends, so the
 *   lanes' lines never mix mid-line.
 * - The browser tests need the build, not the other lane: they start as soon as it is made. The
 *   tests that watch a page over time (frames drawn on an idle page) run after the others, with
 *   the machine to themselves (Playwright's "alone" project), not beside the unit tests.
 * - The browser tests play speech into a fake microphone in real time and start fresh browsers:
 *   their lane keeps the normal priority and the other runs at a lower one, so it takes the cores
 *   they leave idle. (Beside the unit tests at equal priority, CI once needed over 7 s to make a
 *   page live in a browser just started.)
 * - At the very end, each browser test that failed, with the first lines of its errors: CI shows
 *   only the end of the output (scripts/check/browser-failures.ts).
 * A failed step stops its own lane, not the other: one run shows every lane's first failure. The
 * summary lists each step's result and time; the exit code is 1 when any step failed or did not
 * run.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import { browserReportFile, describeFailures, type JsonReport } from "./browser-failures.ts";

type Step = { name: string; script: string; stream?: boolean };
/** `niceness`: the steps' scheduling priority, 0 as usual, up to 19 for the lowest. */
type Lane = { steps: Step[]; niceness: number };
type Outcome = { name: string; ok: boolean; seconds: number };

const lanes: Lane[] = [
  {
    steps: [
      { name: "build", script: "build" },
      { name: "security", script: "security:check" },
      { name: "browser tests", script: "test:e2e", stream: true },
    ],
    niceness: 0,
  },
  {
    steps: [
      { name: "lint", script: "lint" },
      { name: "format", script: "format:check" },
      { name: "types", script: "typecheck" },
      { name: "catalogs", script: "catalogs:check" },
      { name: "API description", script: "api:check" },
      { name: "unit tests", script: "test:unit" },
    ],
    niceness: 10,
  },
];

function runStep(step: Step, niceness: number): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], {
      stdio: step.stream ? "inherit" : ["ignore", "pipe", "pipe"],
      // Colour codes would be lost on the pipe; the tools still print plainly without them.
      env: process.env,
    });
    // Its children, started after this, inherit it (npm takes far longer to start one).
    if (niceness !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // Where priorities cannot be set, the step runs as it would have.
      }
    }
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

async function runLane({ steps, niceness }: Lane): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const outcome = await runStep(step, niceness);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

const started = performance.now();
// A report left by an earlier run must not be read as this one's.
rmSync(browserReportFile, { force: true });
const outcomes = (await Promise.all(lanes.map(runLane))).flat();
const skipped = lanes
  .flatMap((lane) => lane.steps)
  .filter((step) => !outcomes.some((outcome) => outcome.name === step.name));

console.log("npm test:");
for (const { name, ok, seconds } of outcomes) {
  console.log(`  ${ok ? "passed" : "FAILED"}  ${name} (${seconds.toFixed(1)} s)`);
}
for (const { name } of skipped) console.log(`  not run  ${name} (an earlier step failed)`);
console.log(`  in ${((performance.now() - started) / 1000 / 60).toFixed(1)} min`);
if (outcomes.some((outcome) => outcome.name === "browser tests" && !outcome.ok)) {
  const report = existsSync(browserReportFile)
    ? (JSON.parse(readFileSync(browserReportFile, "utf8")) as JsonReport)
    : {};
  const failures = describeFailures(report);
  if (failures.length > 0)
    console.log(["\nThe browser tests that failed:", ...failures].join("\n"));
}
process.exitCode = outcomes.every((outcome) => outcome.ok) && skipped.length === 0 ? 0 : 1;
