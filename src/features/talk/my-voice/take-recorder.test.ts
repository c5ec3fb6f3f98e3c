import { describe, expect, it } from "vitest";
import { PHRASE_A, PHRASE_B, speechLike } from "@/shared/phrase-recogniser/test-signals.ts";
import { BETWEEN_TAKES_MS, TakeRecorder, WAIT_FOR_VOICE_MS, type Take } from "./take-recorder.ts";

const rate = 16000;
/** The capture worklet's blocks are 128 samples. */
const block = 128;
const limits = { endSilenceMs: 800, maxTakeMs: 6000 };

/** Deterministic room noise (uniform, zero mean), so quiet is never exact zeros. */
function room(length: number, seed = 11): Float32Array {
  let state = seed;
  return Float32Array.from({ length }, () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state / 0x7fffffff - 0.5) * 0.004;
  });
}

const quiet = (seconds: number) => room(Math.round(seconds * rate));
const phrase = (segments = PHRASE_A, stretch = 1) =>
  speechLike(segments, { sampleRate: rate, padMs: 0, stretch });

function play(recorder: TakeRecorder, audio: Float32Array) {
  for (let at = 0; at < audio.length; at += block) recorder.hear(audio.subarray(at, at + block));
}

/** The take's promise, and whether it has ended yet. */
function watch(promise: Promise<Take>) {
  const seen: { take?: Take } = {};
  void promise.then((take) => (seen.take = take));
  return seen;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("TakeRecorder", () => {
  it("keeps a phrase said again while the last take is being checked whole", async () => {
    const recorder = new TakeRecorder(rate);
    const first = recorder.nextTake(limits);
    play(recorder, quiet(0.5));
    play(recorder, phrase());
    play(recorder, quiet(1));
    const one = await first;
    expect(one.end).toBe("voice-ended");
    // The user says it again 0.2 s after the take ended; the check answers a second later.
    play(recorder, quiet(0.2));
    play(recorder, phrase());
    play(recorder, quiet(0.8));
    const next = watch(recorder.nextTake(limits));
    play(recorder, quiet(1));
    await settled();
    expect(next.take?.end).toBe("voice-ended");
    expect(next.take!.samples.length).toBeGreaterThan(one.samples.length * 0.95);
    expect(next.take!.samples.length).toBeLessThan(one.samples.length * 1.05);
  });

  it("does not start the next take with the rest of a phrase cut at its time limit", async () => {
    const recorder = new TakeRecorder(rate);
    const tight = { endSilenceMs: 800, maxTakeMs: 1000 };
    const first = recorder.nextTake(tight);
    play(recorder, quiet(0.3));
    play(recorder, phrase(PHRASE_B, 4));
    const cut = await first;
    expect(cut.end).toBe("time-limit");
    // The rest of that phrase was heard before the next take was asked for: it is not a take.
    const next = watch(recorder.nextTake(limits));
    play(recorder, quiet(1.5));
    await settled();
    expect(next.take).toBeUndefined();
    const said = phrase();
    play(recorder, said);
    play(recorder, quiet(1));
    await settled();
    expect(next.take?.end).toBe("voice-ended");
    // As long as the same phrase recorded by itself.
    const alone = new TakeRecorder(rate);
    const reference = alone.nextTake(limits);
    play(alone, quiet(0.3));
    play(alone, said);
    play(alone, quiet(1));
    expect(next.take!.samples.length).toBeCloseTo((await reference).samples.length, -3);
  });

  it("holds a few seconds between takes, and still waits its full time for a voice", async () => {
    const recorder = new TakeRecorder(rate);
    const first = recorder.nextTake(limits);
    play(recorder, phrase());
    play(recorder, quiet(1));
    await first;
    // A long check: more quiet than is held.
    play(recorder, quiet((BETWEEN_TAKES_MS + 3000) / 1000));
    const next = watch(recorder.nextTake(limits));
    play(recorder, quiet(WAIT_FOR_VOICE_MS / 1000 - 0.5));
    await settled();
    expect(next.take).toBeUndefined();
    play(recorder, quiet(1));
    await settled();
    expect(next.take?.end).toBe("no-voice");
    expect(next.take?.samples).toHaveLength(0);
  });

  it("ends a take at once when asked, keeping what was said", async () => {
    const recorder = new TakeRecorder(rate);
    const take = watch(recorder.nextTake(limits));
    play(recorder, quiet(0.3));
    play(recorder, phrase(PHRASE_B, 3));
    recorder.stopTake();
    play(recorder, quiet(0.01));
    await settled();
    expect(take.take?.end).toBe("stopped");
    expect(take.take!.samples.length).toBeGreaterThan(phrase(PHRASE_B, 3).length * 0.8);
  });
});
