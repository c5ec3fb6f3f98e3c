import { describe, expect, it } from "vitest";
import {
  emptyTally,
  memoryFigures,
  recordError,
  routeFigures,
  soakProblems,
  type RssSample,
} from "./soak-figures.ts";

const samples = (values: number[], everySeconds = 5): RssSample[] =>
  values.map((rssMb, index) => ({ atSeconds: index * everySeconds, rssMb }));

describe("memoryFigures", () => {
  it("calls memory flat when the end stays within the margin of the warm level", () => {
    // Warm-up to 20 s (samples 0-15 s), then steady around 150 MB with one GC spike.
    const figures = memoryFigures(samples([80, 120, 140, 145, 150, 148, 152, 190, 151, 149, 153]), {
      warmUpSeconds: 20,
      marginMb: 40,
    });
    expect(figures).toMatchObject({
      startRssMb: 80,
      warmRssMb: 150,
      peakRssMb: 190,
      endRssMb: 151,
      growthMb: 1,
      flat: true,
    });
  });

  it("does not count the warm-up's growth against the margin", () => {
    const figures = memoryFigures(samples([50, 200, 210, 211, 212, 212]), {
      warmUpSeconds: 5,
      marginMb: 10,
    });
    expect(figures.startRssMb).toBe(50);
    expect(figures.flat).toBe(true);
  });

  it("finds a leak: steady growth after the warm-up beyond the margin", () => {
    const figures = memoryFigures(samples([100, 110, 120, 130, 140, 150, 160, 170, 180]), {
      warmUpSeconds: 5,
      marginMb: 40,
    });
    expect(figures.warmRssMb).toBe(120);
    expect(figures.endRssMb).toBe(170);
    expect(figures.growthMb).toBe(50);
    expect(figures.flat).toBe(false);
    expect(soakProblems({}, figures)).toEqual([
      "memory grew 50 MB after the warm-up (120 → 170 MB), more than 40 MB",
    ]);
  });

  it("needs three samples after the warm-up to judge", () => {
    expect(() =>
      memoryFigures(samples([100, 110, 120]), { warmUpSeconds: 5, marginMb: 10 }),
    ).toThrow(/three memory samples/);
  });
});

describe("routeFigures and soakProblems", () => {
  it("counts answers and errors, with p50 and p99 of the answered ones", () => {
    const tally = emptyTally();
    tally.latenciesMs.push(...Array.from({ length: 100 }, (_, index) => index + 1));
    recordError(tally, "HTTP 503");
    recordError(tally, "HTTP 503");
    recordError(tally, "network: ECONNRESET");
    const figures = routeFigures(tally);
    expect(figures).toEqual({
      requests: 103,
      errors: 3,
      p50Ms: 50,
      p99Ms: 99,
      errorKinds: ["HTTP 503", "network: ECONNRESET"],
    });
    const memory = memoryFigures(samples([100, 100, 100, 100]), { warmUpSeconds: 0, marginMb: 10 });
    expect(soakProblems({ "POST /api/requests": figures }, memory)).toEqual([
      "POST /api/requests: 3 of 103 failed (HTTP 503, network: ECONNRESET)",
    ]);
  });

  it("has nothing to say about a clean run", () => {
    const tally = emptyTally();
    tally.latenciesMs.push(5, 6, 7);
    const memory = memoryFigures(samples([100, 101, 99, 100]), { warmUpSeconds: 0, marginMb: 10 });
    expect(soakProblems({ "POST /generate-tts": routeFigures(tally) }, memory)).toEqual([]);
  });
});
