import { describe, expect, it } from "vitest";
import { PHRASE_A, speechLike } from "../../src/shared/phrase-recogniser/test-signals.ts";
import { takeStats } from "../../src/shared/phrase-recogniser/index.ts";
import { changeTake } from "./take-changes.ts";

const take = {
  path: "anna/hello/take1.wav",
  samples: speechLike(PHRASE_A, { pitch: 120, pauseAfter: 2, pauseMs: 800 }),
  sampleRate: 16000,
};
const power = (samples: Float32Array) =>
  samples.reduce((sum, x) => sum + x * x, 0) / samples.length;
const dB = (ratio: number) => 10 * Math.log10(ratio);
/** The voice's mean power, as the features measure it. */
const voicePower = (samples: Float32Array) => 10 ** (takeStats(samples, 16000).voicedRmsDb / 10);

describe("changeTake", () => {
  it("adds white noise the given number of dB under the voice, not under the whole take", () => {
    for (const noiseDb of [5, 10, 20]) {
      const changed = changeTake(take, { noiseDb }, "anna/hello/take1.wav");
      const noise = changed.samples.map((x, i) => x - take.samples[i]!);
      expect(dB(voicePower(take.samples) / power(noise))).toBeCloseTo(noiseDb, 0);
    }
    // The pause and the silence around the words are not the voice's level.
    expect(dB(voicePower(take.samples) / power(take.samples))).toBeGreaterThan(1);
  });

  it("adds the same noise on every run, and other noise to another take", () => {
    const once = changeTake(take, { noiseDb: 10 }, "anna/hello/take1.wav");
    expect(changeTake(take, { noiseDb: 10 }, "anna/hello/take1.wav").samples).toEqual(once.samples);
    expect(changeTake(take, { noiseDb: 10 }, "anna/hello/take2.wav").samples).not.toEqual(
      once.samples,
    );
  });

  it("makes a take softer or louder, and leaves it as it is with no changes", () => {
    const softer = changeTake(take, { gainDb: -20 }, "t");
    softer.samples.forEach((x, i) => expect(x).toBeCloseTo(take.samples[i]! / 10, 6));
    expect(changeTake(take, {}, "t")).toBe(take);
    const softNoisy = changeTake(take, { gainDb: -20, noiseDb: 10 }, "t");
    const noise = softNoisy.samples.map((x, i) => x - softer.samples[i]!);
    expect(dB(voicePower(softer.samples) / power(noise))).toBeCloseTo(10, 0);
  });
});
