/**
 * The loudest sample (of 32 767) that still counts as silence. eSpeak NG's silence is exact
 * zeros: measured in this engine, text of punctuation only ("...", "?!", "«»", "…", "-") gives
 * 176 samples (8 ms) of 0 in each of the six languages, and Uzbek "''" 142 ms of 0, while the
 * quietest speech measured, one letter at the fastest rate and lowest pitch (Kyrgyz "х"), peaks
 * at 749. A ceiling of 100 (−50 dBFS) leaves room on both sides.
 */
const silenceCeiling = 100;

/** Whether synthesized samples hold any sound, rather than only silence. */
export function containsSound(samples: Int16Array): boolean {
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) > silenceCeiling) return true;
  }
  return false;
}
