import { describe, expect, it } from "vitest";
import { PlaybackError } from "@/features/talk/speaking/speaker";
import { speechFailureOf } from "@/features/talk/speaking/use-talk-speech";
import { NothingToSpeakError } from "@/shared/speech-options";

describe("why something could not be said", () => {
  it("offline, only a sound that could not be made is a voice missing from the device", () => {
    const notLoaded = new TypeError("Failed to fetch dynamically imported module");
    const notPlayed = new PlaybackError("The device did not play the sound.");
    expect(speechFailureOf(notLoaded, false)).toBe("no-voice");
    expect(speechFailureOf(notPlayed, false)).toBe("failed");
    expect(speechFailureOf(notLoaded, true)).toBe("failed");
    expect(speechFailureOf(new NothingToSpeakError("..."), false)).toBe("nothing-to-say");
  });
});
