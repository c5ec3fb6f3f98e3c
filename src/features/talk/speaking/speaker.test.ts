import { describe, expect, it } from "vitest";
import { createSpeaker, StaleRequestError, type DeviceEngine } from "./speaker";

const request = { text: "Я хочу пить", language: "ru", rate: "normal", pitch: "normal" } as const;

/** An engine whose voice is still on its way: each synthesis waits until the test settles it. */
function slowEngine() {
  const waiting: { reject: (error: Error) => void }[] = [];
  const engine: DeviceEngine = {
    synthesizeOnDevice: () => new Promise((_, reject) => waiting.push({ reject })),
    prepareOfflineVoices: () => Promise.resolve(),
  };
  return { engine: () => Promise.resolve(engine), waiting };
}

describe("Talk's speaker", () => {
  it("a phrase that fails after Stop (or a newer tap) is out of date, not an error to show", async () => {
    const { engine, waiting } = slowEngine();
    const speaker = createSpeaker(engine, () => undefined);
    const said = speaker.speak(request);
    await expect.poll(() => waiting.length).toBe(1);
    speaker.stop();
    waiting[0]!.reject(new Error("The voice for this language is not on this device yet."));
    await expect(said).rejects.toBeInstanceOf(StaleRequestError);
  });

  it("a phrase that fails while it is the latest says why", async () => {
    const { engine, waiting } = slowEngine();
    const speaker = createSpeaker(engine, () => undefined);
    const said = speaker.speak(request);
    await expect.poll(() => waiting.length).toBe(1);
    waiting[0]!.reject(new Error("The voice for this language is not on this device yet."));
    await expect(said).rejects.toThrow("not on this device yet");
  });
});
