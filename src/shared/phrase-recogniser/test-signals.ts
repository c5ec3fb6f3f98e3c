/**
 * Generated speech-like signals for the recogniser's tests: voiced segments (a harmonic source
 * shaped by two formants) and noise segments (fricatives), so that "phrases" differ the way
 * spoken ones do without any recording.
 */
export interface Segment {
  /** First and second formant in Hz; 0 = a fricative (noise). */
  f1: number;
  f2: number;
  ms: number;
}

export interface Variation {
  /** Duration factor (2 = twice as slow). */
  stretch?: number;
  gain?: number;
  /** Fundamental frequency in Hz. */
  pitch?: number;
  sampleRate?: number;
  /** Silence before and after, ms. */
  padMs?: number;
  /** A pause inserted after this many segments. */
  pauseAfter?: number;
  pauseMs?: number;
  /** Deterministic noise level (peak). */
  noise?: number;
}

export const PHRASE_A: Segment[] = [
  { f1: 700, f2: 1200, ms: 180 },
  { f1: 0, f2: 0, ms: 90 },
  { f1: 300, f2: 2300, ms: 200 },
  { f1: 500, f2: 900, ms: 160 },
];
export const PHRASE_B: Segment[] = [
  { f1: 300, f2: 800, ms: 150 },
  { f1: 650, f2: 1800, ms: 220 },
  { f1: 0, f2: 0, ms: 120 },
  { f1: 350, f2: 2000, ms: 160 },
];
export const PHRASE_C: Segment[] = [
  { f1: 450, f2: 1700, ms: 250 },
  { f1: 250, f2: 600, ms: 200 },
  { f1: 750, f2: 1300, ms: 200 },
];
export const PHRASE_D: Segment[] = [
  { f1: 0, f2: 0, ms: 100 },
  { f1: 350, f2: 2500, ms: 180 },
  { f1: 0, f2: 0, ms: 100 },
  { f1: 600, f2: 1000, ms: 250 },
];
export const PHRASE_E: Segment[] = [
  { f1: 300, f2: 1000, ms: 200 },
  { f1: 0, f2: 0, ms: 80 },
  { f1: 700, f2: 1600, ms: 220 },
  { f1: 400, f2: 2200, ms: 150 },
];
export const PHRASE_UNTAUGHT: Segment[] = [
  { f1: 550, f2: 2600, ms: 150 },
  { f1: 280, f2: 1100, ms: 200 },
  { f1: 0, f2: 0, ms: 150 },
  { f1: 800, f2: 1500, ms: 150 },
];

export function speechLike(segments: readonly Segment[], v: Variation = {}): Float32Array {
  const rate = v.sampleRate ?? 16000;
  const stretch = v.stretch ?? 1;
  const pitch = v.pitch ?? 120;
  const pad = Math.round(((v.padMs ?? 300) / 1000) * rate);
  const parts: number[] = new Array(pad).fill(0);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  let phase = 0;
  segments.forEach((segment, index) => {
    const length = Math.round((segment.ms / 1000) * rate * stretch);
    for (let n = 0; n < length; n++) {
      const envelope = Math.min(1, n / (0.01 * rate), (length - n) / (0.01 * rate));
      let value = 0;
      if (segment.f1 === 0) value = noise() * 0.5;
      else {
        phase += (2 * Math.PI * pitch) / rate;
        for (let h = 1; h * pitch < rate / 2 && h * pitch < 4000; h++) {
          const f = h * pitch;
          const a =
            1 / (1 + ((f - segment.f1) / 120) ** 2) + 0.6 / (1 + ((f - segment.f2) / 180) ** 2);
          value += (a * Math.sin(h * phase)) / 3;
        }
      }
      parts.push(value * envelope);
    }
    if (v.pauseAfter === index + 1)
      for (let n = 0; n < ((v.pauseMs ?? 300) / 1000) * rate; n++) parts.push(0);
  });
  for (let n = 0; n < pad; n++) parts.push(0);
  const gain = v.gain ?? 0.5;
  let peak = 0;
  for (const p of parts) peak = Math.max(peak, Math.abs(p));
  return Float32Array.from(
    parts,
    (p) => (p / (peak || 1)) * gain + (v.noise ? v.noise * noise() : 0),
  );
}
