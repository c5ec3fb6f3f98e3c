/**
 * The tests' failures, told in a few lines each for the end of `npm test`'s output: CI shows only
 * its last lines, and the runners put a failure's message far above them (Playwright under its
 * stack and summary, Vitest in a step whose output comes whole when it ends, maybe before the
 * other lane's). Read from the runners' JSON reports (playwright.config.ts, vitest.config.ts).
 */

type Result = { retry: number; status: string; errors?: { message?: string }[] };
type Spec = {
  title: string;
  file: string;
  line: number;
  tests: { projectName: string; status: string; results: Result[] }[];
};
type Suite = { specs?: Spec[]; suites?: Suite[] };
/** Playwright's JSON report, cut down to what is read. */
export type BrowserReport = { suites?: Suite[]; errors?: { message?: string }[] };

export const browserReportFile = "test-reports/browser.json";
export const unitReportFile = "test-reports/unit.json";

/** Vitest's JSON report, cut down to what is read. */
export type UnitReport = {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};

const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** A stack frame in the test runner's own code, not the project's. */
const runnerFrame = /^\s*at .*(node_modules\/|<anonymous>)/;

/**
 * The first `lines` lines of a message, without colour codes or the runner's stack frames, each
 * after `indent`.
 */
function head(message: string, lines: number, indent: string) {
  return message
    .replace(colours, "")
    .trim()
    .split("\n")
    .filter((line) => !runnerFrame.test(line))
    .slice(0, lines)
    .map((line) => indent + line);
}

function* specsOf(suites: Suite[]): Generator<Spec> {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites ?? []);
  }
}

/** Each failed browser test (failed on every try) with the start of each try's error. */
export function describeBrowserFailures(report: BrowserReport, linesPerError = 6): string[] {
  const out: string[] = [];
  for (const error of report.errors ?? [])
    out.push(...head(error.message ?? "", linesPerError, "  "));
  for (const spec of specsOf(report.suites ?? []))
    for (const test of spec.tests) {
      if (test.status !== "unexpected") continue;
      out.push(`[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`);
      for (const result of test.results)
        for (const error of result.errors ?? []) {
          out.push(`  try ${result.retry + 1}, ${result.status}:`);
          out.push(...head(error.message ?? "", linesPerError, "    "));
        }
    }
  return out;
}

/**
 * Each failed unit test (failed on every try) with the start of each try's error, and each file
 * that failed without a test to blame (it could not be loaded). Files are named from `root`.
 */
export function describeUnitFailures(report: UnitReport, root: string, linesPerError = 6) {
  const out: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    if (failed.length === 0 && file.status === "failed") {
      out.push(name);
      out.push(...head(file.message ?? "", linesPerError, "  "));
    }
    for (const test of failed) {
      out.push(`${name} › ${test.fullName}`);
      test.failureMessages.forEach((message, index) => {
        out.push(`  try ${index + 1}:`);
        out.push(...head(message, linesPerError, "    "));
      });
    }
  }
  return out;
}
