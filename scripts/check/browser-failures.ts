/**
 * The browser tests' failures, told in a few lines each for the end of `npm test`'s output: CI
 * shows only its last lines, and Playwright's list reporter puts a failure's message far above
 * them, under its stack and the run's summary. Read from the JSON report (playwright.config.ts).
 */

type Result = { retry: number; status: string; errors?: { message?: string }[] };
type Spec = {
  title: string;
  file: string;
  line: number;
  tests: { projectName: string; status: string; results: Result[] }[];
};
type Suite = { specs?: Spec[]; suites?: Suite[] };
export type JsonReport = { suites?: Suite[]; errors?: { message?: string }[] };

export const browserReportFile = "playwright-report/results.json";

const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first `lines` lines of a message, without colour codes. */
function head(message: string, lines: number) {
  return message.replace(colours, "").trim().split("\n").slice(0, lines);
}

function* specsOf(suites: Suite[]): Generator<Spec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites ?? []);
  }
}

/** Each failed test (failed on every try) with the start of each try's error. */
export function describeFailures(report: JsonReport, linesPerError = 6): string[] {
  const out: string[] = [];
  for (const error of report.errors ?? [])
    out.push(...head(error.message ?? "", linesPerError).map((line) => `  ${line}`));
  for (const spec of specsOf(report.suites ?? []))
    for (const test of spec.tests) {
      if (test.status !== "unexpected") continue;
      out.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`);
      for (const result of test.results)
        for (const error of result.errors ?? []) {
          out.push(`  try ${result.retry + 1}, ${result.status}:`);
          out.push(...head(error.message ?? "", linesPerError).map((line) => `    ${line}`));
        }
    }
  return out;
}
