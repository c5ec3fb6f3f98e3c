/**
 * How the stand-in corpus's synthetic speakers differ from clear speech (phrase-corpus.ts): the
 * ranges of rate, pauses, tremor, muffling and noise of each profile, and the slurring of
 * consonants into their voiced or unvoiced neighbours.
 */

export const PROFILE = {
  mild: {
    rate: [135, 175],
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
