/**
 * How the stand-in corpus's synthetic speakers differ from clear speech (phrase-corpus.ts): the
 * ranges of rate, pauses, tremor, muffling and noise of each profile, and the slurring of
 * consonants into their voiced or unvoiced neighbours.
 */

export const PROFILE = {
  mild: {
    rate: [135, 175],
    /** Reading speed of the synthesised voice (below 1: slower and deeper). */
    formant: [0.88, 1.12],
    rateJitter: 0.1,
    slur: 0.04,
    pauses: [0, 1],
    pauseMs: [80, 250],
    tremor: [0, 0.12],
    vibrato: 0.01,
    muffle: 0.3,
    cutoff: [2500, 3800],
    snrDb: [22, 35],
  },
  severe: {
    rate: [85, 120],
    formant: [0.88, 1.12],
    rateJitter: 0.25,
    slur: 0.15,
    pauses: [0, 2],
    pauseMs: [150, 600],
    tremor: [0.15, 0.4],
    vibrato: 0.035,
    muffle: 0.8,
    cutoff: [900, 1800],
    snrDb: [10, 18],
  },
  /**
   * Severe speakers who pause 0.6–1.6 s between words and speak slowly: the takes the old 900 ms
   * rule cut in two, some of them 8–12 s long.
   */
  pausing: {
    rate: [80, 92],
    // Slower than the engine's slowest rate: read at 0.72–0.85 speed.
    formant: [0.72, 0.85],
    rateJitter: 0.1,
    slur: 0.15,
    pauses: [0, 0],
    pauseMs: [600, 1600],
    /** Share of the gaps between words that get such a pause (at least one per take). */
    wordPauses: 0.75,
    tremor: [0.15, 0.4],
    vibrato: 0.035,
    muffle: 0.8,
    cutoff: [900, 1800],
    snrDb: [10, 18],
  },
} as const;

const SLUR: Record<string, string> = {
  k: "g",
  g: "k",
  t: "d",
  d: "t",
  p: "b",
  b: "p",
  s: "sh",
  z: "s",
  r: "l",
  h: "",
  q: "g",
  x: "h",
  c: "s",
  f: "v",
  к: "г",
  г: "к",
  т: "д",
  д: "т",
  п: "б",
  б: "п",
  с: "ш",
  з: "с",
  р: "л",
  х: "",
  ч: "щ",
  ц: "с",
  ф: "в",
  қ: "х",
  ғ: "г",
};

export function slur(text: string, probability: number, next: () => number): string {
  let out = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    const replacement = SLUR[lower];
    out += replacement !== undefined && next() < probability ? replacement : char;
  }
  return out.trim() || text;
}
