/**
 * Audio made on this device as the page gets it (createSpeechAudio offline): the real device
 * engine and its host's messages (src/shared/speech-engine/engine-host.ts), with the Web Worker
 * that carries them replaced by one that runs the host in this thread (Node has no Web Workers).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSpeechEngine, type SpeechEngine } from "@/shared/speech-engine/espeak-engine";
import { handleEngineRequest, type EngineRequest } from "@/shared/speech-engine/engine-host";
import { AudioTooLongError } from "@/shared/audio-length";

let engine: SpeechEngine;

/** Runs the engine's host where the page's Worker would start its thread. */
class EngineHostInThisThread {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  postMessage(request: EngineRequest) {
    void handleEngineRequest(
      { engineFor: async () => engine, post: (data) => this.onmessage?.({ data }) },
      request,
    );
  }
  terminate() {}
}

beforeAll(async () => {
  engine = await createSpeechEngine();
  vi.stubGlobal("Worker", EngineHostInThisThread);
  vi.stubGlobal("navigator", { onLine: false });
}, 30_000);

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("audio made on this device", () => {
  it("is made offline", async () => {
    const { createSpeechAudio } = await import("@/features/speech-synthesis/create-speech-audio");
    const audio = await createSpeechAudio({ text: "Hello.", language: "en" });
    expect(audio.source).toBe("device");
    expect(audio.durationMs).toBeGreaterThan(300);
  });

  it("says that a text's audio would be too long, not that the voice is missing", async () => {
    const { createSpeechAudio } = await import("@/features/speech-synthesis/create-speech-audio");
    // No voice is saved here (Node keeps no caches): any other failure would be said as a voice
    // missing from the device.
    const outcome = await createSpeechAudio({
      text: "龍".repeat(2000),
      language: "en",
      rate: 80,
    }).then(
      (audio) => `${audio.durationMs} ms of audio`,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(AudioTooLongError);
  });
});
