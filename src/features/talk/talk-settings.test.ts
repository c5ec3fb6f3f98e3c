import { describe, expect, it } from "vitest";
import { defaultTalkSettings, learnedPace } from "@/features/talk/talk-defaults";
import {
  parseTalkSettings,
  takeLimitsFor,
  teachingLimitsFor,
  withTaughtTakes,
} from "@/features/talk/talk-settings";
import { DEFAULT_TAKE_LIMITS } from "@/shared/phrase-recogniser/take-limits.ts";

describe("take pace", () => {
  it("learns the limits from teaching takes until the user chooses", () => {
    expect(takeLimitsFor(learnedPace)).toEqual(DEFAULT_TAKE_LIMITS);
    const taught = withTaughtTakes(learnedPace, [
      { longestPauseMs: 1500, speechMs: 9000 },
      { longestPauseMs: 1100, speechMs: 8000 },
    ]);
    const learned = takeLimitsFor(taught);
    expect(learned.endSilenceMs).toBeGreaterThan(1500);
    expect(learned.maxTakeMs).toBeGreaterThan(9000);
    expect(takeLimitsFor({ ...taught, pauseMs: 3000 })).toEqual({ ...learned, endSilenceMs: 3000 });
    expect(takeLimitsFor({ ...taught, takeMs: 15_000 })).toEqual({ ...learned, maxTakeMs: 15_000 });
  });

  it("cuts teaching takes only at the longest limits, unless the user chose", () => {
    const quick = withTaughtTakes(learnedPace, [{ longestPauseMs: 100, speechMs: 1200 }]);
    expect(takeLimitsFor(quick).endSilenceMs).toBeLessThan(DEFAULT_TAKE_LIMITS.endSilenceMs);
    expect(teachingLimitsFor(learnedPace)).toEqual({ endSilenceMs: 3000, maxTakeMs: 15_000 });
    expect(teachingLimitsFor(quick)).toEqual({ endSilenceMs: 3000, maxTakeMs: 15_000 });
    expect(teachingLimitsFor({ ...quick, pauseMs: 1000 }).endSilenceMs).toBe(1000);
  });

  it("remembers only the latest teaching takes", () => {
    let pace = learnedPace;
    for (let i = 0; i < 20; i++)
      pace = withTaughtTakes(pace, [{ longestPauseMs: i * 100, speechMs: 2000 }]);
    expect(pace.habits).toHaveLength(12);
    expect(pace.habits.at(-1)!.longestPauseMs).toBe(1900);
  });

  it("remembers the slowest teaching take of all, and learns the longest take from it", () => {
    let pace = withTaughtTakes(learnedPace, [{ longestPauseMs: 1200, speechMs: 10_800 }]);
    for (let i = 0; i < 20; i++)
      pace = withTaughtTakes(pace, [{ longestPauseMs: 600, speechMs: 3000 }]);
    expect(pace.habits.every((habit) => habit.speechMs === 3000)).toBe(true);
    expect(pace.slowestMs).toBe(10_800);
    expect(takeLimitsFor(pace).maxTakeMs).toBeGreaterThan(10_800);
    // Stored before the slowest take was kept: the slowest of the takes remembered.
    const older = { takePace: { pauseMs: null, takeMs: null, habits: pace.habits } };
    expect(parseTalkSettings(older, "en").takePace.slowestMs).toBe(3000);
    const stored = parseTalkSettings({ takePace: pace }, "en").takePace;
    expect(stored).toEqual(pace);
  });

  it("reads stored settings, dropping what is out of bounds or malformed", () => {
    expect(parseTalkSettings({ language: "ru" }, "en").takePace).toEqual(learnedPace);
    expect(defaultTalkSettings("kk").takePace).toEqual(learnedPace);
    const stored = parseTalkSettings(
      {
        takePace: {
          pauseMs: 2500,
          takeMs: 60_000,
          habits: [{ longestPauseMs: 700, speechMs: 4000 }, { longestPauseMs: "x" }, null],
        },
      },
      "en",
    );
    expect(stored.takePace).toEqual({
      pauseMs: 2500,
      takeMs: null,
      habits: [{ longestPauseMs: 700, speechMs: 4000 }],
      slowestMs: 4000,
    });
    expect(parseTalkSettings({ takePace: "fast" }, "en").takePace).toEqual(learnedPace);
  });
});

describe("switch access in Talk's settings", () => {
  it("is kept with the other settings, and off when nothing usable was stored", () => {
    expect(defaultTalkSettings("ru").scanning.mode).toBe("off");
    expect(parseTalkSettings({ language: "kk" }, "en").scanning.mode).toBe("off");
    const stored = parseTalkSettings(
      { language: "kk", scanning: { mode: "one-switch", intervalMs: 2000, selectKey: "KeyA" } },
      "en",
    );
    expect(stored.scanning).toMatchObject({
      mode: "one-switch",
      intervalMs: 2000,
      selectKey: "KeyA",
      moveKey: "Enter",
    });
    expect(parseTalkSettings({ scanning: { mode: 3 } }, "en").scanning.mode).toBe("off");
  });
});

describe("talk settings", () => {
  it("keeps the board's look with the other settings", () => {
    const stored = parseTalkSettings(
      { language: "kk", boardLook: { symbols: { kk: "pictures" }, phoneColumns: 3 } },
      "en",
    );
    expect(stored.boardLook).toEqual({ symbols: { kk: "pictures" }, phoneColumns: 3 });
    expect(parseTalkSettings({ language: "kk" }, "en").boardLook).toEqual(
      defaultTalkSettings("kk").boardLook,
    );
  });
});
