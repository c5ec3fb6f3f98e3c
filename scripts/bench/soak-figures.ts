/**
 * The soak's judgements, as plain functions (bench-soak.ts runs the load): each route's latency
 * and errors, and whether the server's memory stayed flat once warm.
 */
import { percentile, round } from "./bench-lib.ts";

export type RouteTally = { latenciesMs: number[]; errors: number; errorKinds: string[] };

export type RouteFigures = {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** The first few distinct errors (status or network), to say what went wrong. */
  errorKinds: string[];
};

export const emptyTally = (): RouteTally => ({ latenciesMs: [], errors: 0, errorKinds: [] });

export function recordError(tally: RouteTally, kind: string) {
  tally.errors += 1;
  if (tally.errorKinds.length < 5 && !tally.errorKinds.includes(kind)) tally.errorKinds.push(kind);
}

export function routeFigures(tally: RouteTally): RouteFigures {
  return {
    requests: tally.latenciesMs.length + tally.errors,
    errors: tally.errors,
    p50Ms: round(percentile(tally.latenciesMs, 50)),
    p99Ms: round(percentile(tally.latenciesMs, 99)),
    errorKinds: tally.errorKinds,
  };
}

export type RssSample = { atSeconds: number; rssMb: number };

export type MemoryFigures = {
  /** Before any load. */
  startRssMb: number;
  /** Once warm: the median of the first three samples after the warm-up. */
  warmRssMb: number;
  peakRssMb: number;
  /** The median of the last three samples. */
  endRssMb: number;
  /** End minus warm: what the steady load added. */
  growthMb: number;
  marginMb: number;
  flat: boolean;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/**
 * Memory is flat when, after the warm-up (engines loaded, caches filled, the heap at its working
 * size), the end is at most `marginMb` above where it started. Medians of three samples keep
 * one garbage collection's timing from deciding the verdict.
 */
export function memoryFigures(
  samples: RssSample[],
  options: { warmUpSeconds: number; marginMb: number },
): MemoryFigures {
  if (samples.length === 0) throw new Error("No memory samples");
  const warm = samples.filter((sample) => sample.atSeconds >= options.warmUpSeconds);
  if (warm.length < 3) throw new Error("Fewer than three memory samples after the warm-up");
  const warmRssMb = median(warm.slice(0, 3).map((sample) => sample.rssMb));
  const endRssMb = median(warm.slice(-3).map((sample) => sample.rssMb));
  const growthMb = endRssMb - warmRssMb;
  return {
    startRssMb: round(samples[0]!.rssMb),
    warmRssMb: round(warmRssMb),
    peakRssMb: round(Math.max(...samples.map((sample) => sample.rssMb))),
    endRssMb: round(endRssMb),
    growthMb: round(growthMb),
    marginMb: options.marginMb,
    flat: growthMb <= options.marginMb,
  };
}

/** What broke: every route with errors, and memory that grew beyond its margin. */
export function soakProblems(
  routes: Record<string, RouteFigures>,
  memory: MemoryFigures,
): string[] {
  const problems = Object.entries(routes)
    .filter(([, figures]) => figures.errors > 0)
    .map(
      ([route, figures]) =>
        `${route}: ${figures.errors} of ${figures.requests} failed (${figures.errorKinds.join(", ")})`,
    );
  if (!memory.flat) {
    problems.push(
      `memory grew ${memory.growthMb} MB after the warm-up (${memory.warmRssMb} → ${memory.endRssMb} MB), more than ${memory.marginMb} MB`,
    );
  }
  return problems;
}
