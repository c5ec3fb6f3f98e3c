import { describe, expect, it } from "vitest";
import { pageBudgetProblems, type BudgetedFigures } from "./bench-pages.ts";

const lighthouse = (performance: number, tbtMs: number) => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1200,
  tbtMs,
  cls: 0,
  performanceRuns: [performance],
});

/** Figures within every budget: `/` at 150 kB, its performance 95 against a floor of 96, … */
function figures({
  homeKb = 150,
  performance = 95,
  floorPerformance = 96,
  tbtMs = 80,
  floorTbtMs = 40,
} = {}): BudgetedFigures {
  return {
    bundle: { perRoute: { "/": homeKb, "/about": 165 } },
    precache: { rawMb: 1.2 },
    lighthouse: {
      "/": { app: lighthouse(performance, tbtMs), floor: lighthouse(floorPerformance, floorTbtMs) },
      "/about": { app: lighthouse(97, 30), floor: lighthouse(98, 20) },
    },
    longestStartupTaskMs: { "/": 40, "/about": 30 },
  };
}

describe("the pages' budgets", () => {
  it("are met by figures within all of them", () => {
    expect(pageBudgetProblems(figures())).toEqual([]);
  });

  it("let a route's performance be 3 points under its floor's, not 4", () => {
    expect(pageBudgetProblems(figures({ performance: 93, floorPerformance: 96 }))).toEqual([]);
    expect(pageBudgetProblems(figures({ performance: 92, floorPerformance: 96 }))).toEqual([
      "Lighthouse performance on / is 92, 4 under the floor's 96 (budget 3 under)",
    ]);
  });

  it("judge performance against the floor, not against a fixed score", () => {
    expect(pageBudgetProblems(figures({ performance: 60, floorPerformance: 62 }))).toEqual([]);
  });

  it("let a route's TBT be 100 ms over its floor's, not 101", () => {
    expect(pageBudgetProblems(figures({ tbtMs: 240, floorTbtMs: 140 }))).toEqual([]);
    expect(pageBudgetProblems(figures({ tbtMs: 241, floorTbtMs: 140 }))).toEqual([
      "TBT on / is 241 ms, 101 ms over the floor's 140 ms (budget 100 ms over)",
    ]);
  });

  it("let the initial JS of / be 160 kB gzip, not 160.1", () => {
    expect(pageBudgetProblems(figures({ homeKb: 160 }))).toEqual([]);
    expect(pageBudgetProblems(figures({ homeKb: 160.1 }))).toEqual([
      "initial JS of / is 160.1 kB gzip (budget 160)",
    ]);
  });

  it("fail when a floor figure is missing, rather than pass", () => {
    expect(pageBudgetProblems(figures({ floorTbtMs: NaN }))).toEqual([
      "the floor of / was not measured, so its budgets cannot be judged",
    ]);
  });

  it("fail when the app's own figure is missing", () => {
    expect(pageBudgetProblems(figures({ tbtMs: NaN }))).toEqual([
      expect.stringMatching(/^TBT on \/ is NaN ms/),
    ]);
  });
});
