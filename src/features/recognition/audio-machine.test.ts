import { describe, expect, it } from "vitest";
import {
  audioBeside,
  audioReducer,
  canCreateAudio,
  generationFailureOf,
  initialAudioState,
  isGenerating,
  type AudioEvent,
  type AudioState,
  type GenerationFailure,
  type SavedAudio,
} from "@/features/recognition/audio-machine";
import { AudioTooLongError } from "@/shared/audio-length";
import { maxTextLength, NothingToSpeakError, VoiceNotOnDeviceError } from "@/shared/speech-options";

const saved: SavedAudio = {
  blob: new Blob(["RIFF"], { type: "audio/wav" }),
  text: "Сәлем",
  language: "kk-KZ",
  rate: "slow",
  createdAt: "2025-01-01T00:00:00.000Z",
};

function run(events: AudioEvent[], from: AudioState = initialAudioState) {
  return events.reduce(audioReducer, from);
}

const generating = run([{ type: "generate", generation: 7, text: "Сәлем" }]);
const ready = run(
  [{ type: "generated", generation: generating.generation, audio: saved }],
  generating,
);

describe("audio machine", () => {
  it("allows audio only when none exists and the trimmed text is not empty", () => {
    expect(canCreateAudio(initialAudioState, "hello")).toBe(true);
    expect(canCreateAudio(initialAudioState, "   \n")).toBe(false);
    expect(canCreateAudio(generating, "hello")).toBe(false);
    expect(canCreateAudio(ready, "hello")).toBe(false);
  });

  it("refuses text longer than the speech engine accepts", () => {
    expect(canCreateAudio(initialAudioState, "a".repeat(maxTextLength))).toBe(true);
    expect(canCreateAudio(initialAudioState, ` ${"a".repeat(maxTextLength)} `)).toBe(true);
    expect(canCreateAudio(initialAudioState, "a".repeat(maxTextLength + 1))).toBe(false);
  });

  it("ignores a request to generate without text", () => {
    expect(audioReducer(initialAudioState, { type: "generate", generation: 1, text: "  " })).toBe(
      initialAudioState,
    );
  });

  it("goes none → generating → ready and clears the generating flag on success", () => {
    expect(isGenerating(generating)).toBe(true);
    const withStage = audioReducer(generating, {
      type: "progress",
      generation: generating.generation,
      stage: "requesting-server",
    });
    expect(withStage.stage).toBe("requesting-server");
    expect(ready).toMatchObject({ status: "ready", audio: saved, stage: null, playing: false });
    expect(isGenerating(ready)).toBe(false);
  });

  it("clears the generating flag on failure and reports it", () => {
    const failed = audioReducer(generating, {
      type: "generation-failed",
      generation: generating.generation,
      failure: "not-generated",
    });
    expect(failed).toMatchObject({ status: "none", failure: "not-generated", audio: null });
    expect(isGenerating(failed)).toBe(false);
    expect(canCreateAudio(failed, "try again")).toBe(true);
    const retry = audioReducer(failed, { type: "generate", generation: 8, text: "try again" });
    expect(retry.failure).toBeNull();
    expect(audioReducer(failed, { type: "dismiss-failure" }).failure).toBeNull();
  });

  it("records that the text had nothing to read aloud, until new audio is asked for", () => {
    const nothing = audioReducer(generating, {
      type: "generation-failed",
      generation: generating.generation,
      failure: "nothing-to-speak",
    });
    expect(nothing).toMatchObject({ status: "none", failure: "nothing-to-speak", audio: null });
    expect(isGenerating(nothing)).toBe(false);
    const retry = audioReducer(nothing, { type: "generate", generation: 8, text: "Сәлем" });
    expect(retry.failure).toBeNull();
  });

  it("drops 'nothing to read aloud' and 'too long' when the text changes, but not other failures", () => {
    const failWith = (failure: GenerationFailure) =>
      audioReducer(generating, { type: "generation-failed", generation: 7, failure });
    expect(audioReducer(failWith("nothing-to-speak"), { type: "text-changed" }).failure).toBeNull();
    expect(audioReducer(failWith("too-long"), { type: "text-changed" }).failure).toBeNull();
    expect(audioReducer(failWith("not-generated"), { type: "text-changed" }).failure).toBe(
      "not-generated",
    );
    expect(audioReducer(failWith("no-voice"), { type: "text-changed" }).failure).toBe("no-voice");
  });

  it("tells a voice missing from the device from other failures", () => {
    // A Wi-Fi without internet: the server is out of reach and the voice cannot come either.
    const missing = new VoiceNotOnDeviceError("...", { cause: new TypeError("Failed to fetch") });
    expect(generationFailureOf(missing)).toBe("no-voice");
    expect(generationFailureOf(new NothingToSpeakError("..."))).toBe("nothing-to-speak");
    expect(generationFailureOf(new AudioTooLongError("..."))).toBe("too-long");
    expect(generationFailureOf(new TypeError("Failed to fetch"))).toBe("not-generated");
    expect(generationFailureOf(new Error("The server answered 503"))).toBe("not-generated");
  });

  it("tells a server error with the voice not saved on this device from other failures", () => {
    // The error create-speech-audio.ts gives then, told by its name: its class comes with the
    // code that makes audio, not with the page.
    const serverFailed = Object.assign(new Error("The engine is busy."), {
      name: "ServerFailedVoiceNotSavedError",
    });
    expect(generationFailureOf(serverFailed)).toBe("server-failed-no-voice");
  });

  it("follows playing and paused", () => {
    const playing = audioReducer(ready, { type: "playing" });
    expect(playing.playing).toBe(true);
    expect(audioReducer(playing, { type: "paused" }).playing).toBe(false);
    expect(audioReducer(initialAudioState, { type: "playing" }).playing).toBe(false);
  });

  it("discards the audio when the text changes, so new audio can be made", () => {
    const discarded = audioReducer(audioReducer(ready, { type: "playing" }), { type: "discard" });
    expect(discarded).toMatchObject({ status: "none", audio: null, playing: false });
    expect(canCreateAudio(discarded, "new text")).toBe(true);
  });

  describe("words heard after Stop, which change the text", () => {
    const heard = (afterStop: boolean) =>
      ({ type: "text-heard", text: "Сәлем досым", afterStop }) as const;

    it("take away the audio being made from the text before them, and say why", () => {
      const changed = audioReducer(generating, heard(true));
      expect(changed).toMatchObject({ status: "none", failure: "text-changed" });
      // The audio of "Сәлем" that still comes is not offered beside "Сәлем досым".
      const late = audioReducer(changed, {
        type: "generated",
        generation: generating.generation,
        audio: saved,
      });
      expect(late).toMatchObject({ status: "none", audio: null, failure: "text-changed" });
      expect(canCreateAudio(late, "Сәлем досым")).toBe(true);
    });

    it("take away the audio made from the text before them, and say why", () => {
      const changed = audioReducer(audioReducer(ready, { type: "playing" }), heard(true));
      expect(changed).toMatchObject({
        status: "none",
        audio: null,
        playing: false,
        failure: "text-changed",
      });
      // Create audio again: the notice has done its work.
      const again = audioReducer(changed, { type: "generate", generation: 8, text: "Сәлем досым" });
      expect(again.failure).toBeNull();
    });

    it("leave audio of the same text alone", () => {
      const same = { type: "text-heard", text: "Сәлем", afterStop: true } as const;
      expect(audioReducer(ready, same)).toBe(ready);
      expect(audioReducer(generating, same)).toBe(generating);
    });

    it("replace the audio without a word during a recording, whose words replace the text", () => {
      expect(audioReducer(ready, heard(false))).toMatchObject({ status: "none", failure: null });
      expect(audioReducer(generating, heard(false))).toMatchObject({
        status: "none",
        failure: null,
      });
    });
  });

  it("ignores answers of other generations", () => {
    const stale = audioReducer(generating, { type: "generated", generation: 6, audio: saved });
    expect(stale).toBe(generating);
  });

  it("ignores the answer of a generation that was discarded or reset meanwhile", () => {
    for (const interruption of [{ type: "discard" }, { type: "reset" }] as const) {
      const interrupted = audioReducer(generating, interruption);
      expect(isGenerating(interrupted)).toBe(false);
      const late = audioReducer(interrupted, {
        type: "generated",
        generation: generating.generation,
        audio: saved,
      });
      expect(late.status).toBe("none");
      const lateFailure = audioReducer(interrupted, {
        type: "generation-failed",
        generation: generating.generation,
        failure: "nothing-to-speak",
      });
      expect(lateFailure.failure).toBeNull();
    }
  });

  it("restores saved audio only when there is none", () => {
    expect(audioReducer(initialAudioState, { type: "restore", audio: saved })).toMatchObject({
      status: "ready",
      audio: saved,
    });
    expect(audioReducer(generating, { type: "restore", audio: saved })).toBe(generating);
  });

  it("reset clears audio, playing, generating and failure", () => {
    const failed = run(
      [
        { type: "generate", generation: 1, text: "x" },
        { type: "generation-failed", generation: 1, failure: "not-generated" },
      ],
      initialAudioState,
    );
    for (const state of [audioReducer(ready, { type: "playing" }), generating, failed]) {
      expect(audioReducer(state, { type: "reset" })).toMatchObject({
        status: "none",
        audio: null,
        playing: false,
        stage: null,
        failure: null,
      });
    }
  });
});

describe("audioBeside", () => {
  it("offers the audio only beside the text it was made from", () => {
    expect(audioBeside(ready, "Сәлем")).toBe(ready);
    // A recording under way has emptied the field, no words yet: the audio waits with its text.
    expect(audioBeside(ready, "")).toEqual(initialAudioState);
    expect(audioBeside(generating, "")).toBe(generating);
  });
});
