import { describe, expect, it } from "vitest";
import {
  describeBrowserFailures,
  describeUnitFailures,
  type BrowserReport,
  type UnitReport,
} from "./failure-summary.ts";

const escape = String.fromCharCode(27);

// The shape Playwright's JSON reporter writes, cut down to what is read.
const report: BrowserReport = {
  suites: [
    {
      specs: [
        {
          title: "passes",
          file: "talk.spec.ts",
          line: 10,
          tests: [{ projectName: "desktop", status: "expected", results: [] }],
        },
      ],
      suites: [
        {
          specs: [
            {
              title: "teach, then Listen",
              file: "my-voice-learning.spec.ts",
              line: 149,
              tests: [
                {
                  projectName: "voice",
                  status: "unexpected",
                  results: [
                    {
                      retry: 0,
                      status: "failed",
                      errors: [
                        {
                          message: `Error: ${escape}[31mexpect(locator).not.toHaveAttribute()${escape}[39m failed\n\nLocator: #root\nline 4\nline 5\nline 6\nline 7`,
                        },
                      ],
                    },
                    { retry: 1, status: "timedOut", errors: [{ message: "Test timeout" }] },
                  ],
                },
              ],
            },
            {
              title: "flaky",
              file: "shell.spec.ts",
              line: 5,
              tests: [
                {
                  projectName: "desktop",
                  status: "flaky",
                  results: [{ retry: 0, status: "failed", errors: [{ message: "once" }] }],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("describeBrowserFailures", () => {
  it("tells each test that failed every try, with the start of each try's error", () => {
    expect(describeBrowserFailures(report, 3)).toEqual([
      "[voice] my-voice-learning.spec.ts:149 › teach, then Listen",
      "  try 1, failed:",
      "    Error: expect(locator).not.toHaveAttribute() failed",
      "    ",
      "    Locator: #root",
      "  try 2, timedOut:",
      "    Test timeout",
    ]);
  });

  it("tells errors outside any test, and nothing when all passed", () => {
    expect(describeBrowserFailures({ errors: [{ message: "Error: port in use" }] })).toEqual([
      "  Error: port in use",
    ]);
    expect(describeBrowserFailures({ suites: [] })).toEqual([]);
  });
});

describe("describeUnitFailures", () => {
  // The shape Vitest's JSON reporter writes, cut down to what is read.
  const unitReport: UnitReport = {
    testResults: [
      {
        name: "/repo/server/a.test.ts",
        status: "failed",
        assertionResults: [
          { fullName: "store reads", status: "passed", failureMessages: [] },
          {
            fullName: "store answers a slow read as away",
            status: "failed",
            failureMessages: [
              "StoreUnavailableError: took longer than 5000 ms.\n    at file:///repo/node_modules/vitest/run.js:1:1\n    at Timeout (x.ts:1:1)",
              "AssertionError: expected [] to deeply equal [ 'a' ]\n    at y.ts:2:2",
            ],
          },
        ],
      },
      {
        name: "/repo/server/b.test.ts",
        status: "failed",
        message: "Error: Cannot find module './gone.ts'",
        assertionResults: [],
      },
      { name: "/repo/src/c.test.ts", status: "passed", assertionResults: [] },
    ],
  };

  it("tells each failed test with each try's error, and a file that could not run", () => {
    expect(describeUnitFailures(unitReport, "/repo", 2)).toEqual([
      "server/a.test.ts › store answers a slow read as away",
      "  try 1:",
      "    StoreUnavailableError: took longer than 5000 ms.",
      "        at Timeout (x.ts:1:1)",
      "  try 2:",
      "    AssertionError: expected [] to deeply equal [ 'a' ]",
      "        at y.ts:2:2",
      "server/b.test.ts",
      "  Error: Cannot find module './gone.ts'",
    ]);
    expect(describeUnitFailures({ testResults: [] }, "/repo")).toEqual([]);
  });
});
