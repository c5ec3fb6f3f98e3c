import { describe, expect, it } from "vitest";
import { PHRASE_A, PHRASE_B, PHRASE_C, speechLike } from "./test-signals.ts";
import {
  DEFAULT_TAKE_LIMITS,
  FIXED_RULE,
  HABITS_KEPT,
  learnTakeLimits,
  TAKE_LIMIT_BOUNDS,
} from "./take-limits.ts";
import { VoiceDetector, type VoiceDetectorOptions } from "./voice-detector.ts";

const rate = 16000;
const seconds = (s: number) => Math.round(s * rate);

function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Deterministic noise (uniform, zero mean). */
function noise(length: number, peak: number, seed = 7): Float32Array {
  let state = seed;
  return Float32Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * 2 * peak;
  });
}

function mix(signal: Float32Array, background: Float32Array): Float32Array {
  return Float32Array.from(signal, (value, i) => value + (background[i % background.length] ?? 0));
}

/** Two words of a phrase with a pause between them, in a quiet room. */
function phraseWithPause(pauseMs: number): { audio: Float32Array; secondWordAt: number } {
  const first = speechLike(PHRASE_A, { padMs: 0 });
  const second = speechLike(PHRASE_C, { padMs: 0 });
  const audio = concat(
    new Float32Array(seconds(1)),
    first,
    new Float32Array(seconds(pauseMs / 1000)),
    second,
    new Float32Array(seconds(3.5)),
  );
  return {
    audio: mix(audio, noise(audio.length, 0.002)),
    secondWordAt: seconds(1) + first.length + seconds(pauseMs / 1000),
  };
}

/** Feeds audio in 20 ms blocks (as the evaluator does), or another block size. */
function detect(
  audio: Float32Array,
  options: Partial<VoiceDetectorOptions> = {},
  block = Math.round(0.02 * (options.sampleRate ?? rate)),
) {
  const detector = new VoiceDetector({ sampleRate: rate, ...options });
  const events: string[] = [];
  for (let i = 0; i < audio.length && !detector.ended; i += block)
    events.push(...detector.push(audio.subarray(i, i + block)));
  return { detector, events, span: detector.span() };
}

describe("VoiceDetector: pauses inside a phrase", () => {
  it("keeps a 0.5 s pause inside the take, even with a short learned end silence", () => {
    const { audio, secondWordAt } = phraseWithPause(500);
    for (const limits of [DEFAULT_TAKE_LIMITS, { endSilenceMs: 800 }]) {
      const { events, detector, span } = detect(audio, limits);
      expect(events).toEqual(["start", "end"]);
      expect(detector.state.end).toBe("voice-ended");
      expect(span.from).toBeLessThan(seconds(1));
      expect(span.to).toBeGreaterThan(secondWordAt + seconds(0.5));
      expect(detector.state.longestPauseMs).toBeGreaterThanOrEqual(440);
      expect(detector.state.longestPauseMs).toBeLessThanOrEqual(600);
    }
  });

  it("keeps a 1.5 s pause by default, where the old 900 ms rule cut the phrase in two", () => {
    const { audio, secondWordAt } = phraseWithPause(1500);
    const patient = detect(audio);
    expect(patient.span.to).toBeGreaterThan(secondWordAt + seconds(0.5));
    expect(patient.detector.state.longestPauseMs).toBeGreaterThanOrEqual(1440);

    const fixed = detect(audio, FIXED_RULE);
    expect(fixed.detector.state.end).toBe("voice-ended");
    expect(fixed.span.to).toBeLessThan(secondWordAt);
    // The rest would have become a take of its own.
    const rest = detect(audio.subarray(fixed.detector.position), FIXED_RULE);
    expect(rest.events[0]).toBe("start");
  });

  it("ends at a 2.5 s pause by default, and keeps it when the user allows 3 s", () => {
    const { audio, secondWordAt } = phraseWithPause(2500);
    const byDefault = detect(audio);
    expect(byDefault.detector.state.end).toBe("voice-ended");
    expect(byDefault.span.to).toBeLessThan(secondWordAt);

    const patient = detect(audio, { endSilenceMs: 3000 });
    expect(patient.detector.state.end).toBe("voice-ended");
    expect(patient.span.to).toBeGreaterThan(secondWordAt + seconds(0.5));
    expect(patient.detector.state.longestPauseMs).toBeGreaterThanOrEqual(2440);
  });

  it("does not restart the pause on a click", () => {
    const speech = speechLike(PHRASE_B, { padMs: 0 });
    const click = Float32Array.from({ length: seconds(0.02) }, (_, n) => 0.4 * Math.sin(n));
    const audio = concat(
      new Float32Array(seconds(0.5)),
      speech,
      new Float32Array(seconds(0.5)),
      click,
      new Float32Array(seconds(2)),
    );
    const { detector, span } = detect(mix(audio, noise(audio.length, 0.002)), {
      endSilenceMs: 900,
    });
    expect(detector.state.end).toBe("voice-ended");
    // Ended 900 ms after the voice, not 900 ms after the click.
    expect(detector.position).toBeLessThan(seconds(0.5) + speech.length + seconds(1.05));
    expect(span.to).toBeLessThan(seconds(0.5) + speech.length + seconds(0.3));
  });
});

describe("VoiceDetector: the input's level", () => {
  it("hears a soft speaker at -60 dBFS as it hears a loud one: the same take, pause and all", () => {
    const { audio, secondWordAt } = phraseWithPause(1500);
    const loud = detect(audio);
    // 45 dB softer, in a room as much quieter (a phone opened without automatic gain).
    const soft = detect(Float32Array.from(audio, (x) => x * 10 ** (-45 / 20)));
    expect(soft.events).toEqual(["start", "end"]);
    expect(soft.detector.state.end).toBe("voice-ended");
    expect(soft.span.to).toBeGreaterThan(secondWordAt + seconds(0.5));
    for (const edge of ["from", "to"] as const)
      expect(Math.abs(soft.span[edge] - loud.span[edge])).toBeLessThanOrEqual(seconds(0.04));
    expect(soft.detector.state.longestPauseMs).toBe(loud.detector.state.longestPauseMs);
  });

  it("starts no take on a faint hiss out of digital silence (a muted microphone)", () => {
    const silence = new Float32Array(seconds(1));
    // About -95 dBFS: the least a 16-bit recording can hold, 95 dB over digital silence.
    const { events } = detect(concat(silence, noise(seconds(1), 0.00003), silence));
    expect(events).toEqual([]);
  });
});

describe("VoiceDetector: quiet and broken speech", () => {
  const room = (length: number) => noise(length, 0.002);
  /** Breathy or whispered voice: about 7 dB over the room, under what starts a take. */
  const whisper = (s: number) => noise(seconds(s), 0.004, 3);

  it("keeps a breathy onset said before a pause, which the take's start alone would cut", () => {
    const speech = speechLike(PHRASE_B, { padMs: 0 });
    const audio = concat(
      new Float32Array(seconds(1)),
      whisper(0.4),
      new Float32Array(seconds(0.6)),
      speech,
      new Float32Array(seconds(2)),
    );
    const { detector, span } = detect(mix(audio, room(audio.length)), { endSilenceMs: 900 });
    expect(detector.state.end).toBe("voice-ended");
    expect(span.from).toBeLessThanOrEqual(seconds(1));
    expect(detector.state.longestPauseMs).toBeGreaterThanOrEqual(500);
  });

  it("keeps a soft last word after a pause, though it does not hold the take open", () => {
    const speech = speechLike(PHRASE_B, { padMs: 0 });
    const softWordEnds = seconds(1) + speech.length + seconds(0.6);
    const audio = concat(
      new Float32Array(seconds(1)),
      speech,
      new Float32Array(seconds(0.3)),
      whisper(0.3),
      new Float32Array(seconds(2)),
    );
    const { detector, span } = detect(mix(audio, room(audio.length)), { endSilenceMs: 900 });
    expect(detector.state.end).toBe("voice-ended");
    expect(detector.position).toBeLessThan(seconds(1) + speech.length + seconds(1.05));
    expect(span.to).toBeGreaterThanOrEqual(softWordEnds - seconds(0.02));
  });

  it("starts on syllables too short to start a take one by one, and keeps the first", () => {
    const syllable = noise(seconds(0.06), 0.1, 5);
    const gap = new Float32Array(seconds(0.08));
    const audio = concat(
      new Float32Array(seconds(1)),
      ...Array.from({ length: 5 }, () => [syllable, gap]).flat(),
      new Float32Array(seconds(2)),
    );
    const { detector, events, span } = detect(mix(audio, room(audio.length)), {
      endSilenceMs: 900,
    });
    expect(events).toEqual(["start", "end"]);
    expect(span.from).toBeLessThanOrEqual(seconds(1));
    expect(span.to).toBeGreaterThanOrEqual(seconds(1) + 5 * seconds(0.14) - seconds(0.08));
    expect(detector.state.end).toBe("voice-ended");
  });
});

describe("VoiceDetector: slow phrases and the longest take", () => {
  // Twelve seconds of slow speech: six words, each twice as slow, with short gaps.
  const words = [PHRASE_A, PHRASE_B, PHRASE_C, PHRASE_A, PHRASE_C, PHRASE_B];
  const parts: Float32Array[] = [new Float32Array(seconds(0.8))];
  for (const word of words) {
    parts.push(speechLike(word, { padMs: 0, stretch: 2.7 }), new Float32Array(seconds(0.35)));
  }
  const slow = concat(...parts);
  const speechEnd = slow.length - seconds(0.35);
  const audio = mix(
    concat(slow, new Float32Array(seconds(3))),
    noise(slow.length + seconds(3), 0.002),
  );

  it("keeps a slow 12 s phrase whole with limits learned from it", () => {
    expect((speechEnd - seconds(0.8)) / rate).toBeGreaterThan(11);
    const learned = learnTakeLimits([{ longestPauseMs: 400, speechMs: 12_000 }]);
    const { detector, span } = detect(audio, learned);
    expect(detector.state.end).toBe("voice-ended");
    expect(span.from).toBeLessThanOrEqual(seconds(0.8));
    expect(span.to).toBeGreaterThanOrEqual(speechEnd);
    expect(detector.speechMs()).toBeGreaterThan(11_000);
  });

  it("keeps a slow 12 s phrase whole when only short phrases were taught after it", () => {
    const latest = Array(HABITS_KEPT).fill({ longestPauseMs: 400, speechMs: 3000 });
    // From the latest takes alone the longest take is 6 s, and the phrase would be cut there.
    expect(detect(audio, learnTakeLimits(latest)).detector.state.end).toBe("time-limit");
    const { detector, span } = detect(audio, learnTakeLimits(latest, 12_000));
    expect(detector.state.end).toBe("voice-ended");
    expect(span.to).toBeGreaterThanOrEqual(speechEnd);
  });

  it("keeps a phrase of 5.5 s whole when only single words were taught", () => {
    const phrase = concat(
      new Float32Array(seconds(0.8)),
      ...[PHRASE_A, PHRASE_B, PHRASE_C].flatMap((word) => [
        speechLike(word, { padMs: 0, stretch: 2 }),
        new Float32Array(seconds(0.35)),
      ]),
      speechLike(PHRASE_A, { padMs: 0 }),
    );
    const words = mix(
      concat(phrase, new Float32Array(seconds(3))),
      noise(phrase.length + seconds(3), 0.002),
    );
    const learned = learnTakeLimits(Array(HABITS_KEPT).fill({ longestPauseMs: 0, speechMs: 500 }));
    const { detector, span } = detect(words, learned);
    expect(detector.speechMs()).toBeGreaterThan(5400);
    expect(detector.state.end).toBe("voice-ended");
    expect(span.to).toBeGreaterThanOrEqual(phrase.length);
  });

  it("stops a take at the longest take, keeping what was said up to there", () => {
    const { detector, span, events } = detect(audio, FIXED_RULE);
    expect(events).toEqual(["start", "end"]);
    expect(detector.state.end).toBe("time-limit");
    expect((span.to - span.from) / rate).toBeGreaterThan(5.9);
    expect((span.to - span.from) / rate).toBeLessThan(6.6);
  });

  it("gives the same take whatever the block size", () => {
    const small = detect(audio, DEFAULT_TAKE_LIMITS, seconds(0.02));
    const large = detect(audio, DEFAULT_TAKE_LIMITS, 1024);
    expect(large.span).toEqual(small.span);
    expect(large.detector.state.end).toBe(small.detector.state.end);
  });
});

describe("VoiceDetector: a voice close to a steady background", () => {
  /** The loudest 20 ms frame's power of a signal. */
  function loudestFramePower(signal: Float32Array, sampleRate = rate): number {
    const frame = Math.round(0.02 * sampleRate);
    let loudest = 0;
    for (let at = 0; at + frame <= signal.length; at += frame) {
      let energy = 0;
      for (let i = at; i < at + frame; i++) energy += signal[i]! ** 2;
      loudest = Math.max(loudest, energy / frame);
    }
    return loudest;
  }

  // A muffled, severe voice in a room with a fan or a street outside: its loudest sounds stand
  // about 9 dB above the background. A listener hears it; a detector that asks for 10 dB does not.
  it.each([9, 12])("hears a voice whose loudest sounds stand %i dB above the background", (db) => {
    const speech = speechLike(PHRASE_B, { padMs: 0 });
    const noisePeak = Math.sqrt((3 * loudestFramePower(speech)) / 10 ** (db / 10));
    const audio = concat(new Float32Array(seconds(3)), speech, new Float32Array(seconds(3)));
    const { detector, span, events } = detect(mix(audio, noise(audio.length, noisePeak)), {
      endSilenceMs: 1500,
    });
    expect(events).toEqual(["start", "end"]);
    expect(detector.state.end).toBe("voice-ended");
    // The whole phrase is kept, from a little before its start to a little after its end.
    expect(span.from).toBeLessThanOrEqual(seconds(3));
    expect(span.to).toBeGreaterThanOrEqual(seconds(3) + speech.length - seconds(0.1));
  });

  // A soft first word (its loudest sound 5 dB above the background, under the start margin) and
  // then the voice at its loudest only 10 dB above it: the soft word must not lift the noise
  // floor out of the voice's reach.
  it("hears a voice that starts softly, under the start margin, close to the background", () => {
    const soft = speechLike(PHRASE_A, { padMs: 0 });
    const loud = speechLike(PHRASE_B, { padMs: 0 });
    const noisePower = loudestFramePower(loud) / 10 ** (10 / 10);
    const softer = Math.sqrt((noisePower * 10 ** (5 / 10)) / loudestFramePower(soft));
    const audio = concat(
      new Float32Array(seconds(3)),
      soft.map((x) => x * softer),
      loud,
      new Float32Array(seconds(3)),
    );
    const { detector, span, events } = detect(
      mix(audio, noise(audio.length, Math.sqrt(3 * noisePower))),
      { endSilenceMs: 1500 },
    );
    expect(events).toEqual(["start", "end"]);
    expect(detector.state.end).toBe("voice-ended");
    expect(span.to).toBeGreaterThanOrEqual(seconds(3) + soft.length + loud.length - seconds(0.1));
  });

  // A microphone records at 48 kHz: hiss spreads up to 24 kHz, the voice's sounds lie under
  // 4 kHz. Measured over the whole band its loudest sounds stand only 6 dB above the hiss (under
  // the start margin); in the voice's own band, about 14 dB.
  it("hears a voice 6 dB over hiss at 48 kHz: only the voice's band counts", () => {
    const highRate = 48000;
    const at = (s: number) => Math.round(s * highRate);
    const speech = speechLike(PHRASE_C, { padMs: 0, sampleRate: highRate });
    const audio = concat(new Float32Array(at(3)), speech, new Float32Array(at(3)));
    const loudest = loudestFramePower(speech, highRate);
    const hiss = noise(audio.length, Math.sqrt((3 * loudest) / 10 ** (6 / 10)));
    const { events, span } = detect(mix(audio, hiss), { sampleRate: highRate, endSilenceMs: 1500 });
    expect(events).toEqual(["start", "end"]);
    expect(span.from).toBeLessThanOrEqual(at(3));
    expect(span.to).toBeGreaterThanOrEqual(at(3) + speech.length - at(0.1));
  });

  it("does not start on the steady background alone", () => {
    const { events } = detect(noise(seconds(10), 0.05));
    expect(events).toEqual([]);
  });
});

describe("VoiceDetector: a television in the room", () => {
  // Speech-shaped noise (white noise through a resonance near 500 Hz) and a steady chord.
  function television(length: number): Float32Array {
    const white = noise(length, 1, 99);
    const out = new Float32Array(length);
    const r = 0.97;
    const c = 2 * r * Math.cos((2 * Math.PI * 500) / rate);
    let [y1, y2] = [0, 0];
    for (let n = 0; n < length; n++) {
      const y = white[n]! + c * y1 - r * r * y2;
      [y2, y1] = [y1, y];
      const chord = [220, 277.2, 329.6].reduce(
        (sum, f) => sum + Math.sin((2 * Math.PI * f * n) / rate),
        0,
      );
      out[n] = 0.0015 * y + 0.008 * chord;
    }
    return out;
  }

  it("does not take the background for a voice, and finds the voice over it", () => {
    const speech = speechLike(PHRASE_B, { padMs: 0, gain: 0.5 });
    const quiet = new Float32Array(seconds(4));
    const background = television(seconds(12));
    const alone = detect(background.subarray(0, seconds(8)));
    expect(alone.events).toEqual([]);

    const audio = mix(
      concat(quiet, speech, new Float32Array(seconds(8) - speech.length)),
      background,
    );
    const { detector, span, events } = detect(audio, { endSilenceMs: 1500 });
    expect(events).toEqual(["start", "end"]);
    expect(detector.state.end).toBe("voice-ended");
    expect(Math.abs(span.from / rate - (4 - 0.3))).toBeLessThan(0.1);
    expect(Math.abs(span.to / rate - (4 + speech.length / rate + 0.2))).toBeLessThan(0.1);
  });
});

describe("learnTakeLimits", () => {
  it("waits a margin longer than the user's longest pause, and allows their slowest phrase", () => {
    const severe = learnTakeLimits([
      { longestPauseMs: 900, speechMs: 6000 },
      { longestPauseMs: 1600, speechMs: 9500 },
      { longestPauseMs: 1200, speechMs: 7000 },
    ]);
    expect(severe.endSilenceMs).toBeGreaterThan(1600 + 400);
    expect(severe.maxTakeMs).toBeGreaterThan(9500 + 1000);
    const mild = learnTakeLimits(Array(HABITS_KEPT).fill({ longestPauseMs: 200, speechMs: 1500 }));
    expect(mild.endSilenceMs).toBeLessThanOrEqual(1200);
    expect(mild.maxTakeMs).toBeLessThan(DEFAULT_TAKE_LIMITS.maxTakeMs);
  });

  it("draws what a few takes say towards the default end silence, a full set less", () => {
    const take = { longestPauseMs: 500, speechMs: 2000 };
    const few = learnTakeLimits([take, take]).endSilenceMs;
    const full = learnTakeLimits(Array(HABITS_KEPT).fill(take)).endSilenceMs;
    // 500 ms pauses alone would say 1.15 s.
    expect(full).toBeGreaterThan(1150);
    expect(few).toBeGreaterThan(full);
    expect(few).toBeLessThan(DEFAULT_TAKE_LIMITS.endSilenceMs);
    // Six takes paused up to 0.7 s; the next one pauses 1.45 s and is not cut in two.
    const six = learnTakeLimits(Array(6).fill({ longestPauseMs: 700, speechMs: 2000 }));
    expect(six.endSilenceMs).toBeGreaterThan(1450);
  });

  it("stays within the bounds, and falls back to the defaults with nothing learned", () => {
    const extreme = learnTakeLimits([{ longestPauseMs: 9000, speechMs: 60_000 }]);
    expect(extreme).toEqual({
      endSilenceMs: TAKE_LIMIT_BOUNDS.endSilenceMs.max,
      maxTakeMs: TAKE_LIMIT_BOUNDS.maxTakeMs.max,
    });
    const tiny = learnTakeLimits(Array(HABITS_KEPT).fill({ longestPauseMs: 0, speechMs: 300 }));
    // Never less speech than the microphone's rule before issue 37, and its end silence after.
    expect(tiny.maxTakeMs).toBeGreaterThanOrEqual(FIXED_RULE.maxTakeMs + tiny.endSilenceMs);
    expect(tiny.maxTakeMs).toBeLessThan(FIXED_RULE.maxTakeMs + 2000);
    expect(tiny.endSilenceMs).toBeGreaterThanOrEqual(TAKE_LIMIT_BOUNDS.endSilenceMs.min);
    expect(tiny.endSilenceMs).toBeLessThanOrEqual(1000);
    expect(learnTakeLimits([])).toEqual(DEFAULT_TAKE_LIMITS);
  });

  it("keeps a pause half as long again as the longest one taught (a quiet word inside it)", () => {
    const { detector } = detect(phraseWithPause(1800).audio);
    const habit = { longestPauseMs: detector.state.longestPauseMs, speechMs: detector.speechMs() };
    const learned = learnTakeLimits(Array(HABITS_KEPT).fill(habit));
    const { audio, secondWordAt } = phraseWithPause(2900);
    const next = detect(audio, learned);
    expect(next.detector.state.end).toBe("voice-ended");
    expect(next.span.to).toBeGreaterThan(secondWordAt + seconds(0.5));
  });

  it("learns the longest take from the slowest phrase taught, not only from the latest takes", () => {
    const latest = Array(HABITS_KEPT).fill({ longestPauseMs: 600, speechMs: 4000 });
    expect(learnTakeLimits(latest).maxTakeMs).toBeLessThan(10_800);
    expect(learnTakeLimits(latest, 10_800).maxTakeMs).toBeGreaterThan(10_800 + 1000);
    expect(learnTakeLimits(latest, 1000)).toEqual(learnTakeLimits(latest));
    expect(learnTakeLimits([], 10_800)).toEqual(DEFAULT_TAKE_LIMITS);
  });

  it("learns from what the detector measured on a teaching take", () => {
    const { audio } = phraseWithPause(1500);
    const { detector } = detect(audio);
    const learned = learnTakeLimits([
      { longestPauseMs: detector.state.longestPauseMs, speechMs: detector.speechMs() },
    ]);
    // The next take with the same pause is kept whole.
    expect(learned.endSilenceMs).toBeGreaterThan(1500);
    const again = detect(phraseWithPause(1500).audio, learned);
    expect(again.detector.state.longestPauseMs).toBeGreaterThanOrEqual(1440);
  });
});
