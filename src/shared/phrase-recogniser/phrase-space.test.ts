import { describe, expect, it } from "vitest";
import { dtwDistance } from "./align.ts";
import type { PhraseFeatures } from "./features.ts";
import { CONTEXT, fitPhraseSpace, intoSpace } from "./phrase-space.ts";

const FRAMES = 64;
const DIMS = 4;
const BAND = 23;

/** A deterministic pseudo-random sequence (the tests must not vary from run to run). */
function random(seed: number) {
  let state = seed;
  return () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

/**
 * A take of phrase `phrase`: dimension 0 carries the phrase (a shape of its own, the same in every
 * take), dimensions 1 and 2 are noise as loud as it that changes from take to take, 3 is quiet.
 */
function take(phrase: number, seed: number): PhraseFeatures {
  const next = random(seed);
  const frames = new Float32Array(FRAMES * DIMS);
  for (let f = 0; f < FRAMES; f++) {
    frames[f * DIMS] = Math.sin((2 * Math.PI * (phrase + 1) * f) / FRAMES) + 0.1 * next();
    frames[f * DIMS + 1] = next();
    frames[f * DIMS + 2] = next();
    frames[f * DIMS + 3] = 0.1 * next();
  }
  return { format: 2, method: "normalised", dims: DIMS, frames, voicedMs: 640 };
}

const PHRASES = [0, 1, 2, 3, 4, 5];
const taught = PHRASES.map((phrase) => [1, 2, 3].map((t) => take(phrase, phrase * 10 + t)));
/** Takes the space was not fitted on, three of each phrase. */
const heard = PHRASES.flatMap((phrase) =>
  [7, 8, 9].map((t) => ({ phrase, features: take(phrase, 100 + phrase * 10 + t) })),
);

/** How many heard takes have a take of their own phrase nearest among the taught ones. */
function nearestRight(
  map: (f: PhraseFeatures) => PhraseFeatures = (f) => f,
  { taught: examples, heard: queries } = { taught, heard },
): number {
  let right = 0;
  for (const { phrase, features } of queries) {
    let [best, nearest] = [Infinity, -1];
    examples.forEach((takes, candidate) => {
      for (const example of takes) {
        const d = dtwDistance(map(features).frames, map(example).frames, DIMS, BAND);
        if (d < best) [best, nearest] = [d, candidate];
      }
    });
    if (nearest === phrase) right++;
  }
  return right;
}

describe("fitPhraseSpace", () => {
  it("weighs what tells the phrases apart over what changes between takes of one phrase", () => {
    const space = fitPhraseSpace(taught, BAND)!;
    expect(space.dims).toBe(DIMS);
    // In the features as they are, the noise puts some takes nearest to another phrase.
    expect(nearestRight()).toBeLessThan(heard.length);
    expect(nearestRight((f) => intoSpace(space, f))).toBe(heard.length);
  });

  it("sees each frame with its neighbours: a phrase told by a quick ripple under a take's offset", () => {
    // Dimension 0 carries the phrase as a quick ripple of its own, under an offset up to six times
    // as loud that differs from take to take (a voice higher or lower on one day). In one frame
    // the two are one value; the frames either side tell the ripple from the offset.
    const rippled = (phrase: number, seed: number): PhraseFeatures => {
      const next = random(seed);
      // (The generator's first values follow the seed closely.)
      for (let skip = 0; skip < 3; skip++) next();
      const offset = 3 * next();
      const frames = new Float32Array(FRAMES * DIMS);
      for (let f = 0; f < FRAMES; f++) {
        frames[f * DIMS] = 0.5 * Math.sin((2 * Math.PI * (5 + 2 * phrase) * f) / FRAMES) + offset;
        for (let d = 1; d < DIMS; d++) frames[f * DIMS + d] = 0.1 * next();
      }
      return { format: 2, method: "normalised", dims: DIMS, frames, voicedMs: 640 };
    };
    const sets = {
      taught: PHRASES.map((phrase) => [1, 2, 3].map((t) => rippled(phrase, phrase * 10 + t))),
      heard: PHRASES.flatMap((phrase) =>
        [7, 8, 9].map((t) => ({ phrase, features: rippled(phrase, 100 + phrase * 10 + t) })),
      ),
    };
    // Fitted with the takes' frames paired one to one (they are not warped): the offset would
    // lead the alignment astray, and the map is what is tested here.
    const alone = fitPhraseSpace(sets.taught, 0, 0)!;
    const withNeighbours = fitPhraseSpace(sets.taught, 0)!;
    expect(withNeighbours.context).toBe(CONTEXT);
    // A third of the takes or more are nearest to another phrase, in the features as they are
    // and in a space of frames alone; seen with their neighbours, one at most.
    const most = (sets.heard.length * 2) / 3;
    expect(nearestRight((f) => f, sets)).toBeLessThanOrEqual(most);
    expect(nearestRight((f) => intoSpace(alone, f), sets)).toBeLessThanOrEqual(most);
    expect(nearestRight((f) => intoSpace(withNeighbours, f), sets)).toBeGreaterThanOrEqual(
      sets.heard.length - 1,
    );
  });

  it("has nothing to fit until five phrases have two takes each", () => {
    expect(fitPhraseSpace([], BAND)).toBeNull();
    const four = taught.slice(0, 4);
    expect(fitPhraseSpace(four, BAND)).toBeNull();
    expect(fitPhraseSpace([...four, [take(4, 1)]], BAND)).toBeNull();
    expect(fitPhraseSpace([...four, [take(4, 1), take(4, 2)]], BAND)).not.toBeNull();
  });

  it("maps features of its own dimensions only", () => {
    const space = fitPhraseSpace(taught, BAND)!;
    const mapped = intoSpace(space, take(1, 3));
    expect(mapped.frames).toHaveLength(FRAMES * DIMS);
    expect(mapped.format).toBe(2);
    expect(() => intoSpace(space, { ...take(1, 3), dims: 2 })).toThrow(/dimensions/);
  });
});
