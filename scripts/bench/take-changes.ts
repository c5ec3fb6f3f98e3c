/**
 * How every take of a corpus can be changed before it is heard (phrases:eval --gain, --noise): a
 * soft voice, or a voice in a room with a steady background (a fan, a street outside).
 */
import { takeStats } from "../../src/shared/phrase-recogniser/index.ts";
import type { Take } from "./corpus-files.ts";
import { gaussian, random, seedOf } from "./phrase-corpus.ts";

export interface TakeChanges {
  /** Every take this many dB louder, or softer below 0 (--gain). */
  gainDb?: number;
  /**
   * White noise in every take, from its first sample to its last, this many dB under its voice
   * (the mean level of the frames the features count as voice: the pauses and the silence around
   * the words do not lower it) (--noise).
   */
  noiseDb?: number;
}

/**
 * The take as changed: `gainDb` louder, then white noise `noiseDb` under its voice. The noise is
 * the same on every run (seeded by `name`, the take's place in its corpus).
 */
export function changeTake(take: Take, { gainDb = 0, noiseDb }: TakeChanges, name: string): Take {
  const gain = 10 ** (gainDb / 20);
  const samples = gain === 1 ? take.samples : take.samples.map((x) => x * gain);
  if (noiseDb === undefined) return samples === take.samples ? take : { ...take, samples };
  const { voicedRmsDb } = takeStats(samples, take.sampleRate);
  // No voice (digital silence): nothing to set the noise's level against, and nothing to hear.
  if (!Number.isFinite(voicedRmsDb)) return { ...take, samples };
  const rms = 10 ** ((voicedRmsDb - noiseDb) / 20);
  const next = random(seedOf(name));
  return { ...take, samples: samples.map((x) => x + rms * gaussian(next)) };
}
