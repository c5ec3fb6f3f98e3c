import { describe, expect, it } from "vitest";
import {
  checkTake,
  chooseVaried,
  decodeWav,
  deserialiseFeatures,
  dtwDistance,
  encodeWav16,
  extractFeatures,
  frameCount,
  MAX_EXAMPLES_PER_PHRASE,
  PhraseRecogniser,
  serialiseFeatures,
  WavError,
  RULE,
  type AcceptanceRule,
  type Example,
  type Method,
  type PhraseFeatures,
} from "./index.ts";
import {
  PHRASE_A,
  PHRASE_B,
  PHRASE_C,
  PHRASE_D,
  PHRASE_E,
  PHRASE_UNTAUGHT,
  speechLike,
  type Segment,
  type Variation,
} from "./test-signals.ts";

const features = (segments: Segment[], v: Variation = {}, method: Method = "normalised") =>
  extractFeatures(speechLike(segments, v), v.sampleRate ?? 16000, { method });
const distance = (a: PhraseFeatures, b: PhraseFeatures) =>
  dtwDistance(a.frames, b.frames, a.dims, 23);

describe("extractFeatures", () => {
  it("finds no voice in silence and in a very short click", () => {
    expect(frameCount(extractFeatures(new Float32Array(16000), 16000))).toBe(0);
    const click = new Float32Array(16000);
    click[8000] = 0.9;
    expect(frameCount(extractFeatures(click, 16000))).toBe(0);
  });

  it("gives nearly the same features whatever the loudness and sample rate", () => {
    const reference = features(PHRASE_A);
    const quiet = features(PHRASE_A, { gain: 0.02 });
    const at8k = features(PHRASE_A, { sampleRate: 8000 });
    const at48k = features(PHRASE_A, { sampleRate: 48000 });
    const other = features(PHRASE_B);
    for (const same of [quiet, at8k, at48k])
      expect(distance(reference, same)).toBeLessThan(distance(reference, other) / 2);
  });

  it("takes a microphone's DC offset out before measuring anything", () => {
    const take = speechLike(PHRASE_A, { noise: 0.002 });
    const offset = take.map((x) => x + 0.1);
    expect(distance(extractFeatures(take, 16000), extractFeatures(offset, 16000))).toBeLessThan(
      distance(features(PHRASE_A), features(PHRASE_B)) / 10,
    );
    const [clean, shifted] = [checkTake(take, 16000), checkTake(offset, 16000)];
    expect(shifted.ok).toBe(true);
    expect(shifted.stats.voicedMs).toBe(clean.stats.voicedMs);
    expect(shifted.stats.voicedRmsDb).toBeCloseTo(clean.stats.voicedRmsDb, 1);
  });

  it("rejects sample rates it cannot handle", () => {
    expect(() => extractFeatures(new Float32Array(100), 0)).toThrow(RangeError);
  });
});

describe("alignment", () => {
  it("aligns slow, paused and quieter takes of a phrase closer than another phrase", () => {
    const reference = features(PHRASE_A);
    const slow = features(PHRASE_A, { stretch: 1.8, gain: 0.1, pitch: 100 });
    const broken = features(PHRASE_A, { pauseAfter: 2, pauseMs: 600, pitch: 140 });
    for (const other of [PHRASE_B, PHRASE_C, PHRASE_D]) {
      const d = distance(reference, features(other));
      expect(distance(reference, slow)).toBeLessThan(d);
      expect(distance(reference, broken)).toBeLessThan(d);
    }
  });

  it("format 2: a sound drawn out by a slow speaker moves the take less than in format 1", () => {
    const drawnOut = PHRASE_A.map((segment, i) =>
      i === 0 ? { ...segment, ms: segment.ms * 3 } : segment,
    );
    const apart = (format: 1 | 2) => {
      const take = (segments: Segment[]) =>
        extractFeatures(speechLike(segments, { pitch: 120 }), 16000, { format });
      const reference = take(PHRASE_A);
      return {
        same: distance(reference, take(drawnOut)),
        other: Math.min(...[PHRASE_B, PHRASE_C, PHRASE_D].map((p) => distance(reference, take(p)))),
      };
    };
    const [before, now] = [apart(1), apart(2)];
    expect(now.same / now.other).toBeLessThan(before.same / before.other);
    expect(now.same).toBeLessThan(now.other / 2);
  });

  it("never compares features of different formats", () => {
    const recogniser = new PhraseRecogniser();
    recogniser.addExample("a", features(PHRASE_A), "taught", 0);
    const older = extractFeatures(speechLike(PHRASE_A), 16000, { format: 1 });
    expect(older.format).toBe(1);
    expect(() => recogniser.recognise(older)).toThrow(/different formats/);
  });

  it("costs nothing for identical sequences and is symmetric", () => {
    const a = features(PHRASE_A);
    const b = features(PHRASE_B);
    expect(distance(a, a)).toBe(0);
    expect(distance(a, b)).toBeCloseTo(distance(b, a), 6);
  });
});

function taughtRecogniser(method: Method = "normalised", rule?: AcceptanceRule) {
  const recogniser = new PhraseRecogniser({ method, ...(rule ? { rule } : {}) });
  const phrases = { a: PHRASE_A, b: PHRASE_B, c: PHRASE_C, d: PHRASE_D, e: PHRASE_E };
  for (const [id, segments] of Object.entries(phrases))
    for (const v of [
      { pitch: 110 },
      { pitch: 130, stretch: 1.2 },
      { pitch: 120, stretch: 0.9, gain: 0.2 },
    ])
      recogniser.addExample(id, features(segments, v, method), "taught", 0);
  return recogniser;
}

describe("PhraseRecogniser", () => {
  it("recognises a taught phrase said slowly with a pause", () => {
    const result = taughtRecogniser().recognise(
      features(PHRASE_C, { stretch: 1.5, pitch: 115, pauseAfter: 1, pauseMs: 400 }),
    );
    expect(result.ranked[0]!.phraseId).toBe("c");
    expect(result.decision).not.toBe("rejected");
    expect(result.ranked).toHaveLength(5);
  });

  it("does not take a never-taught phrase for a taught one", () => {
    const result = taughtRecogniser().recognise(features(PHRASE_UNTAUGHT, { pitch: 125 }));
    expect(result.decision).toBe("rejected");
    expect(result.phraseId).toBeUndefined();
  });

  it("rejects a take with no voice, and answers nothing before anything is taught", () => {
    expect(
      taughtRecogniser().recognise(extractFeatures(new Float32Array(8000), 8000)).decision,
    ).toBe("rejected");
    expect(new PhraseRecogniser().recognise(features(PHRASE_A)).decision).toBe("rejected");
  });

  it("decides with the rule it is given: a stricter one asks where the fitted one answers", () => {
    const take = features(PHRASE_B, { pitch: 118, stretch: 1.1 });
    const fitted = taughtRecogniser().recognise(take);
    expect(fitted).toMatchObject({ decision: "accepted", phraseId: "b" });
    const strict = taughtRecogniser("normalised", { ...RULE, margin: 100 }).recognise(take);
    expect(strict.decision).toBe("unsure");
    expect(strict.suggestions[0]).toBe("b");
  });

  it("runs the textbook baseline as a separate method", () => {
    const recogniser = taughtRecogniser("baseline");
    expect(
      recogniser.recognise(features(PHRASE_B, { pitch: 118 }, "baseline")).ranked[0]!.phraseId,
    ).toBe("b");
    expect(() => recogniser.recognise(features(PHRASE_B))).toThrow(/method/);
  });

  it("keeps up to ten examples per phrase, dropping the most redundant, not the oldest", () => {
    const recogniser = taughtRecogniser();
    // Eight takes nearly alike (pitch 120 to 121.4) and one unlike the rest (slow and low).
    for (let i = 0; i < 8; i++)
      recogniser.addExample("a", features(PHRASE_A, { pitch: 120 + i * 0.2 }), "confirmed", 10 + i);
    recogniser.addExample("a", features(PHRASE_A, { pitch: 90, stretch: 1.6 }), "confirmed", 99);
    const kept = recogniser.examples("a");
    expect(kept).toHaveLength(10);
    // The unusual take and every taught take stay although they are older or newer than others.
    expect(kept.map((e) => e.addedAt)).toContain(99);
    expect(kept.filter((e) => e.origin === "taught")).toHaveLength(3);
    recogniser.removePhrase("a");
    expect(recogniser.phraseIds()).not.toContain("a");
  });

  it("says which examples it kept when given more than the cap", () => {
    const recogniser = new PhraseRecogniser({ maxExamplesPerPhrase: 3 });
    const takes = [
      features(PHRASE_B, { pitch: 110 }),
      features(PHRASE_B, { pitch: 110.5 }),
      features(PHRASE_B, { pitch: 140, stretch: 1.4 }),
      features(PHRASE_B, { pitch: 95, stretch: 0.8 }),
    ].map((f, i) => ({ features: f, origin: "taught" as const, addedAt: i }));
    const kept = recogniser.setExamples("b", takes);
    expect(kept).toHaveLength(3);
    // Of the two near-identical takes one goes; the two unlike takes stay.
    expect(kept).toEqual(expect.arrayContaining([2, 3]));
    expect(kept.filter((index) => index < 2)).toHaveLength(1);
  });

  it("chooses among a list as setExamples would, without changing any phrase", () => {
    const recogniser = taughtRecogniser();
    const before = recogniser.phraseIds().map((id) => recogniser.examples(id));
    const takes = [110, 110.5, 111, 140, 95, 120, 121, 130, 100, 105, 150, 90].map((pitch, i) => ({
      features: features(PHRASE_B, { pitch, stretch: 0.8 + (i % 4) / 5 }),
      origin: i < 3 ? ("taught" as const) : ("confirmed" as const),
      addedAt: i,
    }));
    const chosen = recogniser.chooseExamples(takes);
    expect(chosen).toHaveLength(MAX_EXAMPLES_PER_PHRASE);
    expect(recogniser.phraseIds().map((id) => recogniser.examples(id))).toEqual(before);
    expect(recogniser.setExamples("b", takes)).toEqual(chosen);
  });

  it("stops answering a phrase at once for takes like one the user said was not it", () => {
    const take = features(PHRASE_A, { pitch: 125, stretch: 1.1 });
    const before = taughtRecogniser().recognise(take);
    expect(before.decision).toBe("accepted");
    expect(before.phraseId).toBe("a");

    const recogniser = taughtRecogniser();
    recogniser.addExample("a", take, "counter", 1);
    const after = recogniser.recognise(features(PHRASE_A, { pitch: 126, stretch: 1.1 }));
    expect(after.decision).toBe("unsure");
    expect(after.suggestions[0]).toBe("a");
    // A counter-example alone does not make a phrase known, and is kept apart from its examples.
    expect(recogniser.examples("a").filter((e) => e.origin === "counter")).toHaveLength(1);
    const alone = new PhraseRecogniser();
    alone.addExample("x", take, "counter", 1);
    expect(alone.phraseIds()).toEqual([]);
  });

  it("still answers other phrases at once after a counter-example of one", () => {
    const recogniser = taughtRecogniser();
    recogniser.addExample("a", features(PHRASE_A, { pitch: 125, stretch: 1.1 }), "counter", 1);
    const result = recogniser.recognise(features(PHRASE_B, { pitch: 121 }));
    expect(result.decision).toBe("accepted");
    expect(result.phraseId).toBe("b");
  });

  it("does not grow less careful as a phrase gathers examples", () => {
    // A take a little unlike phrase A (its sounds a tenth of the way to a never-taught phrase's).
    const near: Segment[] = PHRASE_A.map((s, i) => {
      const to = PHRASE_UNTAUGHT[i]!;
      const mix = (a: number, b: number) => (a && b ? a + (b - a) * 0.09 : a);
      return { f1: mix(s.f1, to.f1), f2: mix(s.f2, to.f2), ms: s.ms };
    });
    const take = features(near, { pitch: 115, stretch: 1.05 });
    const recogniser = taughtRecogniser();
    expect(recogniser.recognise(take)).toMatchObject({ decision: "unsure" });
    // Weeks of use: answers confirmed on slow, low days and on quick, high ones. A take's
    // distance (its two nearest examples) falls with every example; the acceptance must too.
    for (let i = 0; i < 7; i++) {
      const day =
        i < 4 ? { pitch: 90 + i, stretch: 1.5 + i * 0.02 } : { pitch: 150 + i, stretch: 0.8 };
      recogniser.addExample("a", features(PHRASE_A, day), "confirmed", 1 + i);
    }
    expect(recogniser.examples("a")).toHaveLength(10);
    const after = recogniser.recognise(take);
    expect(after.decision).toBe("unsure");
    expect(after.suggestions[0]).toBe("a");
    // It still answers the phrase itself at once.
    expect(recogniser.recognise(features(PHRASE_A, { pitch: 115, stretch: 1.05 }))).toMatchObject({
      decision: "accepted",
      phraseId: "a",
    });
  });

  it("fits the user's phrase space again when what they taught changes", () => {
    // Taught step by step: a phrase added, one forgotten, one taught again, a confirmed answer.
    const stepByStep = taughtRecogniser();
    const query = features(PHRASE_C, { stretch: 1.3, pitch: 118 });
    const before = stepByStep.recognise(query).ranked;
    stepByStep.addExample("f", features(PHRASE_UNTAUGHT, { pitch: 110 }), "taught", 0);
    stepByStep.addExample(
      "f",
      features(PHRASE_UNTAUGHT, { pitch: 125, stretch: 1.1 }),
      "taught",
      0,
    );
    stepByStep.recognise(query);
    stepByStep.removePhrase("b");
    const againD = [
      features(PHRASE_D, { pitch: 140 }),
      features(PHRASE_D, { pitch: 105, stretch: 1.3 }),
    ];
    stepByStep.setExamples(
      "d",
      againD.map((f) => ({ features: f, origin: "taught" as const, addedAt: 0 })),
    );
    stepByStep.addExample("a", features(PHRASE_A, { pitch: 115, stretch: 1.1 }), "confirmed", 1);
    // The same examples given at once.
    const atOnce = new PhraseRecogniser();
    for (const id of stepByStep.phraseIds()) atOnce.setExamples(id, stepByStep.examples(id));
    const ranked = stepByStep.recognise(query).ranked;
    expect(ranked.map((c) => c.phraseId)).toEqual(
      atOnce.recognise(query).ranked.map((c) => c.phraseId),
    );
    ranked.forEach((candidate, i) => {
      expect(candidate.distance).toBeCloseTo(atOnce.recognise(query).ranked[i]!.distance, 6);
      expect(candidate.score).toBeCloseTo(atOnce.recognise(query).ranked[i]!.score, 6);
    });
    // Handed the same takes again as new objects (as the app's worker is), it fits nothing again.
    const fits = stepByStep.spaceFits;
    const copy = (e: Example) => ({
      ...e,
      features: deserialiseFeatures(serialiseFeatures(e.features)),
    });
    stepByStep.setExamples("a", stepByStep.examples("a").map(copy));
    stepByStep.recognise(query);
    expect(stepByStep.spaceFits).toBe(fits);
    stepByStep.setExamples("a", stepByStep.examples("a").slice(1).map(copy));
    stepByStep.recognise(query);
    expect(stepByStep.spaceFits).toBe(fits + 1);
    // And the space did change: phrase c's distance is not what it was.
    const c = (list: typeof ranked) => list.find((candidate) => candidate.phraseId === "c")!;
    expect(c(ranked).distance).not.toBeCloseTo(c(before).distance, 3);
  });

  it("finds a take far from a phrase's examples", () => {
    const recogniser = taughtRecogniser();
    expect(recogniser.isFar("a", features(PHRASE_A, { pitch: 118 }))).toBe(false);
    expect(recogniser.isFar("a", features(PHRASE_UNTAUGHT, { pitch: 118 }))).toBe(true);
  });
});

describe("chooseVaried", () => {
  it("keeps the set with the widest spread of mutual distances", () => {
    // Points on a line: 0, 1, 1.1, 5, 9. Keeping three drops the redundant middle ones.
    const points = [0, 1, 1.1, 5, 9];
    const kept = chooseVaried(points.length, (i, j) => Math.abs(points[i]! - points[j]!), 3);
    expect(kept).toEqual([0, 3, 4]);
    expect(chooseVaried(2, () => 1, 5)).toEqual([0, 1]);
  });

  it("never drops a pinned item, and keeps them all when they are more than the cap", () => {
    const points = [0, 1, 1.1, 5, 9];
    const distance = (i: number, j: number) => Math.abs(points[i]! - points[j]!);
    // 1 and 1.1 are pinned: the closest pair they make is passed over, 0 goes beside them.
    expect(chooseVaried(points.length, distance, 3, (i) => i === 1 || i === 2)).toEqual([1, 2, 4]);
    expect(chooseVaried(points.length, distance, 1, (i) => i < 3)).toEqual([0, 1, 2]);
  });
});

describe("examples chosen for variety", () => {
  it("keep a phrase's taught takes however many answers come, so the phrase space stays", () => {
    const recogniser = taughtRecogniser();
    const phrases = { a: PHRASE_A, b: PHRASE_B, c: PHRASE_C, d: PHRASE_D, e: PHRASE_E };
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    // Twenty days of one confirmed answer a phrase, each said a little differently.
    for (let day = 1; day <= 20; day++)
      for (const [id, segments] of Object.entries(phrases)) {
        const v = {
          pitch: 95 + random() * 50,
          stretch: 0.8 + random() * 0.7,
          gain: 0.1 + random(),
        };
        recogniser.addExample(id, features(segments, v), "confirmed", day);
      }
    for (const id of Object.keys(phrases)) {
      const kept = recogniser.examples(id);
      expect(kept).toHaveLength(MAX_EXAMPLES_PER_PHRASE);
      expect(kept.filter((example) => example.origin === "taught")).toHaveLength(3);
    }
    // Still answered from them.
    expect(recogniser.recognise(features(PHRASE_A, { pitch: 118 })).phraseId).toBe("a");
  });
});

describe("checkTake", () => {
  const rate = 16000;
  it("accepts a good take and says what is wrong with bad ones", () => {
    expect(checkTake(speechLike(PHRASE_A), rate).ok).toBe(true);
    // A muted microphone, and a voice hardly above the room's noise.
    expect(checkTake(speechLike(PHRASE_A, { gain: 0.0003 }), rate).problem).toBe("too-quiet");
    expect(checkTake(speechLike(PHRASE_A, { gain: 0.05, noise: 0.08 }), rate).problem).toBe(
      "too-quiet",
    );
    const clipped = speechLike(PHRASE_A, { gain: 3 }).map((x) => Math.max(-1, Math.min(1, x)));
    expect(checkTake(clipped, rate).problem).toBe("clipped");
    expect(checkTake(speechLike([{ f1: 500, f2: 1500, ms: 120 }]), rate).problem).toBe("too-short");
    // A long take is not refused: the voice detector decides where a take ends.
    expect(checkTake(speechLike(PHRASE_A, { padMs: 5000 }), rate).ok).toBe(true);
  });

  it("accepts a soft voice that stands clear of a quiet room, however low the input is set", () => {
    // Peaks at -50 dBFS, as a soft speaker arrives on a phone opened without automatic gain.
    const soft = speechLike(PHRASE_A, { gain: 0.003, noise: 0.00003 });
    const check = checkTake(soft, rate);
    expect(check.stats.voicedRmsDb).toBeLessThan(-50);
    expect(check.ok).toBe(true);
  });

  it("accepts a voice that stands 9 dB above a noisy room, as a muffled voice near a fan does", () => {
    const check = checkTake(speechLike(PHRASE_A, { gain: 0.05, noise: 0.024 }), rate);
    expect(check.stats.voicedRmsDb - check.stats.noiseDb).toBeGreaterThan(8.5);
    expect(check.stats.voicedRmsDb - check.stats.noiseDb).toBeLessThan(9.5);
    expect(check.ok).toBe(true);
  });

  // At 48 kHz hiss spreads up to 24 kHz: over the whole band this voice stands under 2 dB above
  // it, in its own band (as the voice detector hears it) about 9 dB.
  it("judges a voice in its own band, as the voice detector hears it: hiss over it is not voice", () => {
    const highRate = 48000;
    const check = checkTake(
      speechLike(PHRASE_A, { gain: 0.05, noise: 0.04, sampleRate: highRate }),
      highRate,
    );
    expect(check.stats.voicedRmsDb - check.stats.noiseDb).toBeGreaterThan(8.5);
    expect(check.stats.voicedRmsDb - check.stats.noiseDb).toBeLessThan(9.5);
    expect(check.ok).toBe(true);
  });

  it("finds a take unlike the phrase's other takes", () => {
    const others = [
      features(PHRASE_A, { pitch: 110 }),
      features(PHRASE_A, { pitch: 130, stretch: 1.2 }),
    ];
    expect(checkTake(speechLike(PHRASE_A, { pitch: 120 }), rate, { others }).ok).toBe(true);
    expect(checkTake(speechLike(PHRASE_C), rate, { others }).problem).toBe("unlike-others");
  });

  it("measures as the recogniser does, in the user's phrase space, when asked", () => {
    const recogniser = taughtRecogniser();
    const others = [
      features(PHRASE_A, { pitch: 110 }),
      features(PHRASE_A, { pitch: 130, stretch: 1.2 }),
    ];
    const options = {
      others,
      typicalSpread: recogniser.typicalSpread(),
      compare: (a: PhraseFeatures, b: PhraseFeatures) => recogniser.compare(a, b),
    };
    expect(recogniser.compare(others[0]!, others[1]!)).not.toBeCloseTo(
      distance(others[0]!, others[1]!),
      3,
    );
    expect(checkTake(speechLike(PHRASE_A, { pitch: 120 }), rate, options).ok).toBe(true);
    expect(checkTake(speechLike(PHRASE_C), rate, options).problem).toBe("unlike-others");
  });
});

describe("serialisation", () => {
  it("round-trips features through JSON", () => {
    const original = features(PHRASE_D);
    const back = deserialiseFeatures(JSON.parse(JSON.stringify(serialiseFeatures(original))));
    expect(back).toEqual(original);
  });

  it("refuses malformed or foreign data", () => {
    const good = serialiseFeatures(features(PHRASE_D));
    expect(() => deserialiseFeatures(null)).toThrow();
    expect(() => deserialiseFeatures({ ...good, format: 99 })).toThrow(/format/);
    expect(() => deserialiseFeatures({ ...good, frames: "not base64!" })).toThrow(/base64/);
    expect(() => deserialiseFeatures({ ...good, dims: 7 })).toThrow(/whole frames/);
  });
});

describe("decodeWav", () => {
  it("reads 16-bit stereo as mono", () => {
    const stereo = Float32Array.from({ length: 200 }, (_, i) => (i % 2 ? 0.5 : -0.5));
    const wav = decodeWav(encodeWav16(stereo, 22050, 2));
    expect(wav.sampleRate).toBe(22050);
    expect(wav.channels).toBe(2);
    expect(wav.samples).toHaveLength(100);
    expect(Math.max(...wav.samples.map(Math.abs))).toBeLessThan(1e-4);
  });

  it("reads back a take kept from a microphone running at 96 kHz", () => {
    const take = speechLike(PHRASE_A, { sampleRate: 96000 });
    const read = decodeWav(encodeWav16(take, 96000));
    expect(read.sampleRate).toBe(96000);
    const again = extractFeatures(read.samples, read.sampleRate);
    expect(distance(features(PHRASE_A), again)).toBeLessThan(
      distance(features(PHRASE_A), features(PHRASE_B)) / 2,
    );
  });

  it("reads 24-bit and float samples", () => {
    const header = (format: number, bits: number, dataBytes: number) => {
      const bytes = new Uint8Array(44 + dataBytes);
      const view = new DataView(bytes.buffer);
      [..."RIFF"].forEach((c, i) => view.setUint8(i, c.charCodeAt(0)));
      [..."WAVEfmt "].forEach((c, i) => view.setUint8(8 + i, c.charCodeAt(0)));
      view.setUint32(16, 16, true);
      view.setUint16(20, format, true);
      view.setUint16(22, 1, true);
      view.setUint32(24, 16000, true);
      view.setUint16(32, bits / 8, true);
      view.setUint16(34, bits, true);
      [..."data"].forEach((c, i) => view.setUint8(36 + i, c.charCodeAt(0)));
      view.setUint32(40, dataBytes, true);
      return { bytes, view };
    };
    const int24 = header(1, 24, 3);
    int24.view.setUint8(44, 0);
    int24.view.setUint8(45, 0);
    int24.view.setUint8(46, 0xc0); // −0.5
    expect(decodeWav(int24.bytes).samples[0]).toBeCloseTo(-0.5, 5);
    const float = header(3, 32, 4);
    float.view.setFloat32(44, 0.25, true);
    expect(decodeWav(float.bytes).samples[0]).toBeCloseTo(0.25, 6);
  });

  it("says plainly what is wrong with a file that is not a usable WAV", () => {
    expect(() => decodeWav(new TextEncoder().encode("hello"))).toThrow(WavError);
    const good = encodeWav16(new Float32Array(10), 16000);
    const bad = good.slice();
    new DataView(bad.buffer).setUint32(24, 384000, true);
    expect(() => decodeWav(bad)).toThrow(/4–192 kHz/);
    expect(() => decodeWav(good.slice(0, 36))).toThrow(/data/);
  });
});
