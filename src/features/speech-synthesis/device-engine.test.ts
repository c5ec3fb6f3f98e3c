/**
 * The page's side of the on-device speech engine: several jobs share its one worker (audio made
 * on Recognition, a voice being saved, a phrase said on Talk), and cancelling one must not stop
 * the others. The worker is a stand-in that answers when the test says; the client, its
 * requests and its cancelling are the app's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EngineRequest } from "@/shared/speech-engine/engine-host";

/** The workers the engine started, with what each was asked and whether it was ended. */
class StandInWorker {
  static started: StandInWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  asked: EngineRequest[] = [];
  terminated = false;
  constructor() {
    StandInWorker.started.push(this);
  }
  postMessage(request: EngineRequest) {
    this.asked.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  /** The engine's answer to the request of `type` (the first one asked). */
  answer(type: EngineRequest["type"]) {
    const request = this.asked.find((asked) => asked.type === type);
    if (!request) throw new Error(`The engine was not asked to ${type}`);
    const wav = new Uint8Array([1, 2, 3]);
    this.onmessage?.({
      data:
        type === "prepare"
          ? { id: request.id, ok: true, type }
          : { id: request.id, ok: true, type, wav, sampleRate: 22050, durationMs: 500, synthMs: 1 },
    });
  }
}

/** The engine module afresh: its worker client starts with no worker. */
async function freshEngine() {
  vi.resetModules();
  return import("@/features/speech-synthesis/device-engine");
}

beforeEach(() => {
  StandInWorker.started = [];
  vi.stubGlobal("Worker", StandInWorker);
  // prepareOfflineVoices also fetches the engine's own module, so the service worker keeps it.
  vi.stubGlobal("fetch", () => Promise.resolve(new Response("", { status: 200 })));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cancelling one job of the device engine", () => {
  it("stops the audio being made, and the voice being saved goes on", async () => {
    const engine = await freshEngine();
    const saving = engine.prepareOfflineVoices(["ru"]);
    const stop = new AbortController();
    const loading = engine.loadVoice("kk", stop.signal);
    stop.abort();

    const [worker] = StandInWorker.started;
    expect(worker?.terminated).toBe(false);
    worker?.answer("prepare");
    await expect(saving).resolves.toBeUndefined();
    await expect(loading).rejects.toMatchObject({ name: "AbortError" });
  });

  it("stops the voice being saved, and a phrase being said goes on", async () => {
    const engine = await freshEngine();
    const saying = engine.synthesizeOnDevice({ text: "Сәлем", language: "kk" });
    const stop = new AbortController();
    const saving = engine.prepareOfflineVoices(["ru"], stop.signal);
    stop.abort();
    await expect(saving).rejects.toMatchObject({ name: "AbortError" });

    const [worker] = StandInWorker.started;
    expect(worker?.terminated).toBe(false);
    worker?.answer("synthesize");
    await expect(saying).resolves.toMatchObject({ durationMs: 500 });
  });

  it("ends the engine when no other job waits on it, and the next job starts it again", async () => {
    // A voice download that stalled for good is not left for the next request to wait on.
    const engine = await freshEngine();
    const stop = new AbortController();
    const loading = engine.loadVoice("kk", stop.signal);
    stop.abort();
    await expect(loading).rejects.toMatchObject({ name: "AbortError" });
    expect(StandInWorker.started.map((worker) => worker.terminated)).toEqual([true]);

    const again = engine.loadVoice("kk");
    expect(StandInWorker.started).toHaveLength(2);
    StandInWorker.started[1]?.answer("prepare");
    await expect(again).resolves.toBeUndefined();
  });

  it("does not start the engine for a job cancelled before it was asked", async () => {
    const engine = await freshEngine();
    await expect(engine.loadVoice("kk", AbortSignal.abort())).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(StandInWorker.started).toHaveLength(0);
  });
});
