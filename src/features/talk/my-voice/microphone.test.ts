import { afterEach, describe, expect, it, vi } from "vitest";
import { PHRASE_A, speechLike } from "@/shared/phrase-recogniser/test-signals.ts";
import {
  MicrophoneError,
  meterLevel,
  microphoneProblemOf,
  openMicrophone,
  type MicrophoneProblem,
} from "./microphone.ts";

/** 20 ms of a tone at this level (RMS, dBFS). */
const tone = (db: number) =>
  Float32Array.from({ length: 960 }, (_, n) => Math.SQRT2 * 10 ** (db / 20) * Math.sin(n / 7));

describe("meterLevel", () => {
  it("shows a soft voice, and stays empty for silence and a quiet room", () => {
    expect(meterLevel(new Float32Array(960))).toBe(0);
    expect(meterLevel(tone(-80))).toBe(0);
    // A soft speaker on a phone opened without automatic gain: visibly heard.
    expect(meterLevel(tone(-55))).toBeGreaterThan(0.2);
    expect(meterLevel(tone(-55))).toBeLessThan(meterLevel(tone(-30)));
    expect(meterLevel(tone(-3))).toBe(1);
  });
});

describe("microphoneProblemOf", () => {
  const named = (name: string) => new DOMException("refused", name);
  it("tells a refusal, a missing microphone and a busy one apart", () => {
    const cases: [string, MicrophoneProblem][] = [
      ["NotAllowedError", "denied"],
      ["SecurityError", "denied"],
      ["NotFoundError", "missing"],
      ["OverconstrainedError", "missing"],
      ["NotReadableError", "busy"],
      ["AbortError", "busy"],
      ["TypeError", "failed"],
    ];
    for (const [name, problem] of cases) expect(microphoneProblemOf(named(name))).toBe(problem);
    // No mediaDevices at all (an insecure page): not the user's permissions.
    expect(microphoneProblemOf(new TypeError("undefined is not an object"))).toBe("failed");
  });
});

/*
 * The browser's side of the microphone, as far as openMicrophone uses it: a stream whose track
 * can end, an AudioContext whose state can change, and the capture worklet's port, through which
 * the test plays blocks of sound.
 */
class FakeTrack extends EventTarget {
  readyState: "live" | "ended" = "live";
  stopped = false;
  stop() {
    this.stopped = true;
    this.readyState = "ended";
  }
  /** What the browser does when the device goes: "ended" fires (stop() does not fire it). */
  lose() {
    this.readyState = "ended";
    this.dispatchEvent(new Event("ended"));
  }
}

function fakeBrowser({
  refuse,
  failConnect = false,
}: { refuse?: DOMException; failConnect?: boolean } = {}) {
  const track = new FakeTrack();
  const stream = { getTracks: () => [track], getAudioTracks: () => [track] };
  type Port = {
    onmessage: ((event: { data: Float32Array | string }) => void) | null;
    posted: unknown[];
    postMessage: (message: unknown) => void;
  };
  const nodes: { port: Port }[] = [];
  class FakeAudioContext extends EventTarget {
    state: AudioContextState = "suspended";
    sampleRate = 16000;
    closed = false;
    audioWorklet = { addModule: async () => undefined };
    async resume() {
      this.state = "running";
    }
    async close() {
      this.closed = true;
      this.state = "closed";
    }
    createMediaStreamSource() {
      if (failConnect) throw new DOMException("no source", "InvalidStateError");
      return { connect: () => undefined, disconnect: () => undefined };
    }
  }
  class FakeWorkletNode {
    port: Port = {
      onmessage: null,
      posted: [],
      postMessage(message) {
        this.posted.push(message);
      },
    };
    constructor() {
      nodes.push(this);
    }
    disconnect() {}
  }
  const contexts: FakeAudioContext[] = [];
  vi.stubGlobal("navigator", {
    mediaDevices: {
      getUserMedia: async () => {
        if (refuse) throw refuse;
        return stream;
      },
    },
  });
  vi.stubGlobal(
    "AudioContext",
    class extends FakeAudioContext {
      constructor() {
        super();
        contexts.push(this);
      }
    },
  );
  vi.stubGlobal("AudioWorkletNode", FakeWorkletNode);
  /** Plays audio into the microphone, in the worklet's 128-sample blocks. */
  const play = (audio: Float32Array) => {
    for (let at = 0; at < audio.length; at += 128)
      nodes[0]!.port.onmessage?.({ data: audio.slice(at, at + 128) });
  };
  /** The capture worklet's answer once it has stopped, as the audio thread sends it. */
  const workletStopped = () => nodes[0]!.port.onmessage?.({ data: "stopped" });
  return { track, contexts, nodes, play, workletStopped };
}

const limits = { endSilenceMs: 800, maxTakeMs: 6000 };
const roomNoise = (seconds: number) =>
  Float32Array.from({ length: seconds * 16000 }, (_, n) => 0.002 * Math.sin(n * 1.3));

describe("openMicrophone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says why the microphone would not open", async () => {
    fakeBrowser({ refuse: new DOMException("no device", "NotFoundError") });
    const opened = openMicrophone(() => undefined);
    await expect(opened).rejects.toBeInstanceOf(MicrophoneError);
    await expect(opened).rejects.toMatchObject({ problem: "missing" });
  });

  it("lets the microphone go when connecting it to the page's audio fails", async () => {
    const { track, contexts } = fakeBrowser({ failConnect: true });
    await expect(openMicrophone(() => undefined)).rejects.toMatchObject({ problem: "failed" });
    expect(track.stopped).toBe(true);
    expect(contexts[0]!.closed).toBe(true);
  });

  it("ends a take as lost when the microphone goes mid-phrase, and the next one at once", async () => {
    const { track, play } = fakeBrowser();
    const microphone = await openMicrophone(() => undefined);
    const take = microphone.nextTake(limits);
    play(roomNoise(0.5));
    // Half a phrase, and then the headset is unplugged: not a finished take.
    const said = speechLike(PHRASE_A, { sampleRate: 16000, padMs: 0 });
    play(said.subarray(0, said.length / 2));
    track.lose();
    expect((await take).end).toBe("lost");
    // No sound will come: the next take does not wait for it.
    expect((await microphone.nextTake(limits)).end).toBe("lost");
    microphone.close();
  });

  it("ends a take as lost when the audio stops (the app sent to the background)", async () => {
    const { contexts, play } = fakeBrowser();
    const microphone = await openMicrophone(() => undefined);
    const take = microphone.nextTake(limits);
    play(roomNoise(0.3));
    const context = contexts[0]!;
    context.state = "suspended";
    context.dispatchEvent(new Event("statechange"));
    expect((await take).end).toBe("lost");
    microphone.close();
  });

  it("closes the audio once the capture worklet has stopped, which lets the browser free both", async () => {
    const { track, contexts, nodes, play, workletStopped } = fakeBrowser();
    const heard: number[] = [];
    const microphone = await openMicrophone((level) => heard.push(level));
    microphone.close();
    // The microphone goes at once; the context waits for the worklet's answer, past the blocks
    // of sound already on their way, which are not heard any more.
    expect(track.stopped).toBe(true);
    expect(nodes[0]!.port.posted).toEqual(["stop"]);
    play(roomNoise(0.1));
    expect(contexts[0]!.closed).toBe(false);
    expect(heard).toEqual([]);
    workletStopped();
    expect(contexts[0]!.closed).toBe(true);
  });

  it("closes the audio without waiting when no answer can come", async () => {
    vi.useFakeTimers();
    try {
      // The audio no longer runs (the app in the background): the worklet cannot answer.
      const first = fakeBrowser();
      const suspended = await openMicrophone(() => undefined);
      first.contexts[0]!.state = "suspended";
      suspended.close();
      expect(first.contexts[0]!.closed).toBe(true);
      // Running, but no answer comes: closed after a second all the same.
      const second = fakeBrowser();
      const silent = await openMicrophone(() => undefined);
      silent.close();
      expect(second.contexts[0]!.closed).toBe(false);
      vi.advanceTimersByTime(1000);
      expect(second.contexts[0]!.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("still ends a take by the voice's pause while the microphone works", async () => {
    const { play } = fakeBrowser();
    const microphone = await openMicrophone(() => undefined);
    const take = microphone.nextTake(limits);
    play(roomNoise(0.3));
    play(speechLike(PHRASE_A, { sampleRate: 16000, padMs: 0 }));
    play(roomNoise(1.5));
    expect((await take).end).toBe("voice-ended");
    microphone.close();
  });
});
