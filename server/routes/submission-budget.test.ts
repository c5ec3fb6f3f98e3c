import { describe, expect, it } from "vitest";
import { createSubmissionBudget } from "./submission-budget.ts";

describe("submission budget", () => {
  it("lets a burst of a minute's budget through, then refuses with the wait until the next", () => {
    let time = 0;
    const budget = createSubmissionBudget(60, () => time);
    for (let i = 0; i < 60; i++) expect(budget.take()).toEqual({ ok: true });
    expect(budget.take()).toEqual({ ok: false, retryAfterSeconds: 1 });
    time += 500;
    expect(budget.take()).toEqual({ ok: false, retryAfterSeconds: 1 });
    time += 500;
    expect(budget.take()).toEqual({ ok: true });
    expect(budget.take().ok).toBe(false);
  });

  it("refills at its rate and never holds more than a minute's worth", () => {
    let time = 0;
    const budget = createSubmissionBudget(6, () => time);
    for (let i = 0; i < 6; i++) budget.take();
    expect(budget.take()).toEqual({ ok: false, retryAfterSeconds: 10 });
    time += 3_600_000;
    const granted = Array.from({ length: 10 }, () => budget.take().ok).filter(Boolean);
    expect(granted).toHaveLength(6);
  });
});
