import { describe, expect, it } from "vitest";
import { PlaybackError } from "@/features/talk/speaking/speaker";
import { speechFailureOf } from "@/features/talk/speaking/use-talk-speech";
import { NothingToSpeakError, VoiceNotOnDeviceError } from "@/shared/speech-options";

describe("why something could not be said", () => {
  it("offline, only a sound that could not be made is a voice missing from the device", () => {
    const notLoaded = new TypeError("Failed to fetch dynamically imported module");
    const notPlayed = new PlaybackError("The device did not play the sound.");
    expect(speechFailureOf(notLoaded, false)).toBe("no-voice");
    expect(speechFailureOf(notPlayed, false)).toBe("failed");
    expect(speechFailureOf(notLoaded, true)).toBe("failed");
    expect(speechFailureOf(new NothingToSpeakError("..."), false)).toBe("nothing-to-say");
  });

  it("a voice the engine found missing is missing, even where the browser says it is online", () => {
    // A Wi-Fi without internet: the browser says online, and the download fails.
    const missing = new VoiceNotOnDeviceError("...", { cause: new TypeError("Failed to fetch") });
    expect(speechFailureOf(missing, true)).toBe("no-voice");
    expect(speechFailureOf(missing, false)).toBe("no-voice");
  });
});
