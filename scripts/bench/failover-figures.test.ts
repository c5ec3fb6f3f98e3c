import { describe, expect, it } from "vitest";
import { deliveryFigures, deliveryProblems } from "./failover-figures.ts";

describe("deliveryFigures", () => {
  it("passes when every acknowledged id is stored once", () => {
    const figures = deliveryFigures(["a", "b", "c"], ["c", "a", "b"]);
    expect(figures).toEqual({
      acknowledged: 3,
      stored: 3,
      duplicates: 0,
      lost: 0,
      storedUnacknowledged: 0,
    });
    expect(deliveryProblems(figures, 0)).toEqual([]);
  });

  it("finds an acknowledged request that is not stored, and one stored twice", () => {
    const figures = deliveryFigures(["a", "b", "c"], ["a", "a", "c"]);
    expect(figures).toMatchObject({ acknowledged: 3, stored: 3, duplicates: 1, lost: 1 });
    expect(deliveryProblems(figures, 0)).toEqual([
      "1 acknowledged requests are not stored",
      "1 requests are stored twice",
    ]);
  });

  it("counts a stored request whose acknowledgement never came, without calling it lost", () => {
    const figures = deliveryFigures(["a"], ["a", "b"]);
    expect(figures).toMatchObject({ lost: 0, storedUnacknowledged: 1 });
    expect(deliveryProblems(figures, 1)).toEqual([
      "1 requests were never acknowledged in their retry window",
    ]);
  });

  it("fails a run where nothing was acknowledged", () => {
    expect(deliveryProblems(deliveryFigures([], []), 0)).toEqual(["no request was acknowledged"]);
  });
});
