import { describe, expect, it } from "vitest";
import { describeFailures, type JsonReport } from "./browser-failures.ts";

const escape = String.fromCharCode(27);

// The shape Playwright's JSON reporter writes, cut down to what is read.
const report: JsonReport = {
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

describe("describeFailures", () => {
  it("tells each test that failed every try, with the start of each try's error", () => {
    expect(describeFailures(report, 3)).toEqual([
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
    expect(describeFailures({ errors: [{ message: "Error: port in use" }] })).toEqual([
      "  Error: port in use",
    ]);
    expect(describeFailures({ suites: [] })).toEqual([]);
  });
});
