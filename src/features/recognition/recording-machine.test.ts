import { describe, expect, it } from "vitest";
import {
  appendTranscript,
  draftOf,
  initialRecordingState,
  isListening,
  isStopBounce,
  recordingReducer,
  type RecordingEvent,
  type RecordingState,
} from "@/features/recognition/recording-machine";

function run(events: RecordingEvent[], from: RecordingState = initialRecordingState()) {
  return events.reduce(recordingReducer, from);
}

const recording = run([{ type: "request-start" }, { type: "started" }]);

describe("recording machine", () => {
  it("starts idle in Russian with no text and no results", () => {
    expect(initialRecordingState()).toEqual({
      status: "idle",
      text: "",
      interim: "",
      language: "ru-RU",
      resultsShown: false,
      problem: null,
      replaced: "",
      unconfirmed: "",
      typedAfter: null,
    });
  });

  it("goes idle → starting → recording → stopped, and stopping shows the results", () => {
    const starting = run([{ type: "request-start" }]);
    expect(starting.status).toBe("starting");
    expect(isListening(starting)).toBe(true);
    expect(recording.status).toBe("recording");
    const stopped = recordingReducer(recording, { type: "stop" });
    expect(stopped.status).toBe("stopped");
    expect(stopped.resultsShown).toBe(true);
    expect(isListening(stopped)).toBe(false);
  });

  it("keeps interim words apart and appends only final transcripts", () => {
    let state = recordingReducer(recording, { type: "interim", transcript: " I wnt " });
    expect(state.interim).toBe("I wnt");
    expect(state.text).toBe("");
    state = recordingReducer(state, { type: "final", transcript: "I want to go" });
    expect(state).toMatchObject({ text: "I want to go", interim: "" });
    state = recordingReducer(state, { type: "final", transcript: " home" });
    expect(state.text).toBe("I want to go home");
  });

  it("ignores interim words when not recording", () => {
    expect(
      recordingReducer(initialRecordingState(), { type: "interim", transcript: "x" }).interim,
    ).toBe("");
  });

  it("accepts late final words after stop but not after reset", () => {
    const stopped = recordingReducer(recording, { type: "stop" });
    expect(recordingReducer(stopped, { type: "final", transcript: "late" }).text).toBe("late");
    const reset = recordingReducer(stopped, { type: "reset" });
    expect(recordingReducer(reset, { type: "final", transcript: "late" }).text).toBe("");
  });

  it("clears the previous text when a new recording begins, not before", () => {
    const withText = run([{ type: "final", transcript: "first" }, { type: "stop" }], recording);
    const starting = recordingReducer(withText, { type: "request-start" });
    expect(starting.text).toBe("first");
    expect(recordingReducer(starting, { type: "started" }).text).toBe("");
  });

  it("brings the previous text back when the new recording ends without a word", () => {
    const withText = run([{ type: "final", transcript: "first" }, { type: "stop" }], recording);
    const again = run([{ type: "request-start" }, { type: "started" }], withText);
    expect(again.text).toBe("");
    // No speech heard, or the recogniser's service lost: the earlier text is back.
    for (const end of [
      [{ type: "fail", problem: "no-speech" }],
      [{ type: "fail", problem: "network" }],
      [{ type: "ended" }],
      [{ type: "stop" }, { type: "ended" }],
    ] as const) {
      expect(run([...end], again).text).toBe("first");
    }
    // With words, the new recording replaces it, also when they come just after Stop.
    const said = run([{ type: "final", transcript: "second" }, { type: "stop" }], again);
    expect(said.text).toBe("second");
    const late = run(
      [{ type: "stop" }, { type: "final", transcript: "late" }, { type: "ended" }],
      again,
    );
    expect(late).toMatchObject({ text: "late", replaced: "" });
  });

  it("keeps for a reload the text that comes back while the recording has no words yet", () => {
    const withText = run([{ type: "final", transcript: "first" }, { type: "stop" }], recording);
    const again = run([{ type: "request-start" }, { type: "started" }], withText);
    // The page is left or reloaded now: what is saved is the text that would come back, which is
    // also what audio made before must still match.
    expect(draftOf(again).text).toBe("first");
    expect(draftOf(run([{ type: "interim", transcript: "sec" }], again)).text).toBe("first");
    expect(draftOf(run([{ type: "stop" }], again)).text).toBe("first");
    expect(draftOf(run([{ type: "stop" }, { type: "ended" }], again)).text).toBe("first");
    // The recording's first words replace it, a final or the words heard when it is cut off.
    expect(draftOf(run([{ type: "final", transcript: "second" }], again)).text).toBe("second");
    const cutOff = run(
      [
        { type: "interim", transcript: "second" },
        { type: "fail", problem: "network" },
      ],
      again,
    );
    expect(draftOf(cutOff).text).toBe("second");
    // Typed over while recording: what the user typed, also when it is nothing.
    expect(draftOf(run([{ type: "edit", text: "" }], again)).text).toBe("");
  });

  it("keeps the text when starting fails (for example the microphone is blocked)", () => {
    const withText = run([{ type: "final", transcript: "keep me" }, { type: "stop" }], recording);
    const failed = run(
      [{ type: "request-start" }, { type: "fail", problem: "microphone" }],
      withText,
    );
    expect(failed).toMatchObject({ status: "stopped", text: "keep me", problem: "microphone" });
  });

  it("goes back to where it was when a start is called off, text and results untouched", () => {
    const cancelled = run([{ type: "request-start" }, { type: "cancel-start" }]);
    expect(cancelled).toEqual(initialRecordingState());

    const withText = run([{ type: "final", transcript: "keep me" }, { type: "stop" }], recording);
    const again = run([{ type: "request-start" }, { type: "cancel-start" }], withText);
    expect(again).toEqual(withText);
    // Only a start still in progress can be called off.
    expect(recordingReducer(recording, { type: "cancel-start" })).toBe(recording);
  });

  it("stops on an error, shows the problem and the text field", () => {
    const failed = recordingReducer(recording, { type: "fail", problem: "language-not-supported" });
    expect(failed).toMatchObject({
      status: "stopped",
      resultsShown: true,
      problem: "language-not-supported",
    });
    expect(recordingReducer(failed, { type: "dismiss-problem" }).problem).toBeNull();
  });

  it("keeps the words heard so far when the recogniser goes while recording", () => {
    const hearing = run(
      [
        { type: "final", transcript: "I need" },
        { type: "interim", transcript: "a glass of" },
      ],
      recording,
    );
    // The connection drops mid-sentence, or the recogniser ends by itself: no final will come.
    for (const gone of [{ type: "fail", problem: "network" }, { type: "ended" }] as const) {
      expect(recordingReducer(hearing, gone)).toMatchObject({
        status: "stopped",
        text: "I need a glass of",
        interim: "",
      });
    }
    // After Stop the final words come themselves: what was heard is not added twice.
    const stopped = run(
      [{ type: "stop" }, { type: "final", transcript: "a glass of water" }],
      hearing,
    );
    expect(recordingReducer(stopped, { type: "ended" }).text).toBe("I need a glass of water");
  });

  it("keeps the words heard up to Stop when their final words never come", () => {
    const hearing = run(
      [
        { type: "final", transcript: "I need" },
        { type: "interim", transcript: "a glass of" },
      ],
      recording,
    );
    // Shown at once, and kept when the recogniser ends (or its connection goes) without them.
    const atStop = recordingReducer(hearing, { type: "stop" });
    expect(atStop).toMatchObject({ status: "stopped", text: "I need a glass of", interim: "" });
    expect(draftOf(atStop).text).toBe("I need a glass of");
    for (const end of [
      [{ type: "ended" }],
      [{ type: "fail", problem: "network" }],
      // A blank final takes nothing away.
      [{ type: "final", transcript: " " }, { type: "ended" }],
    ] as const) {
      expect(run([...end], atStop)).toMatchObject({ text: "I need a glass of", unconfirmed: "" });
    }
    // The final words take their place, also in pieces, or after more words still being heard.
    expect(
      run([{ type: "final", transcript: "a glass of water" }, { type: "ended" }], atStop).text,
    ).toBe("I need a glass of water");
    expect(
      run(
        [
          { type: "interim", transcript: "a glass of water" },
          { type: "final", transcript: "a glass" },
          { type: "interim", transcript: "of water" },
          { type: "ended" },
        ],
        atStop,
      ).text,
    ).toBe("I need a glass of water");
    // Corrected by the user meanwhile: their text is theirs, kept as they left it.
    expect(
      run(
        [
          { type: "edit", text: "I need a glass" },
          { type: "final", transcript: "a glass of water" },
        ],
        atStop,
      ).text,
    ).toBe("I need a glass");
  });

  it("an edit in the second after Stop is kept, and late words are not added twice", () => {
    const atStop = run(
      [
        { type: "final", transcript: "i need" },
        { type: "interim", transcript: "a glass of" },
        { type: "stop" },
      ],
      recording,
    );
    // Corrected before the words heard at Stop: those are still the recogniser's to finish.
    expect(
      run(
        [
          { type: "edit", text: "I need a glass of" },
          { type: "final", transcript: "a glass of water" },
          { type: "ended" },
        ],
        atStop,
      ).text,
    ).toBe("I need a glass of water");
    // Typed on after the words heard at Stop: the late words for them are not added again,
    // and those heard after them are not glued after what the user typed, also in pieces and
    // after words still being heard.
    const corrected = recordingReducer(atStop, { type: "edit", text: "i need a glass of, " });
    expect(
      run([{ type: "final", transcript: "a glass of water" }, { type: "ended" }], corrected).text,
    ).toBe("i need a glass of, ");
    const pieces = run(
      [
        { type: "interim", transcript: "a glass of water" },
        { type: "final", transcript: "a glass" },
        { type: "interim", transcript: "of water" },
      ],
      corrected,
    );
    expect(pieces.text).toBe("i need a glass of, ");
    expect(run([{ type: "final", transcript: "of water" }, { type: "ended" }], pieces).text).toBe(
      "i need a glass of, ",
    );
    // A new recording's words are not taken for late ones.
    expect(
      run(
        [
          { type: "ended" },
          { type: "request-start" },
          { type: "started" },
          { type: "final", transcript: "a cup of tea" },
        ],
        corrected,
      ).text,
    ).toBe("a cup of tea");
  });

  describe("late words after the user typed in the second after Stop", () => {
    /** Stopped while "i need" was final and `heard` still being made out. */
    const stoppedHearing = (heard: string) =>
      run(
        [
          { type: "final", transcript: "i need" },
          { type: "interim", transcript: heard },
          { type: "stop" },
        ],
        recording,
      );
    const typed = (text: string, heard = "a glass of") =>
      recordingReducer(stoppedHearing(heard), { type: "edit", text });

    it("are not added after words the user typed after the heard ones", () => {
      // The user finished the sentence themselves: the late word is not added a second time.
      expect(
        run(
          [{ type: "final", transcript: "a glass of water" }, { type: "ended" }],
          typed("i need a glass of water"),
        ).text,
      ).toBe("i need a glass of water");
      // The user typed on: the late word is not glued after their words.
      expect(
        run(
          [
            { type: "interim", transcript: "a glass of water" },
            { type: "final", transcript: "a glass of water" },
            { type: "ended" },
          ],
          typed("i need a glass of milk, please"),
        ).text,
      ).toBe("i need a glass of milk, please");
    });

    it("update the heard words the user typed after, in place and word for word", () => {
      const pleaseTyped = typed("i need a glass of wader please", "a glass of wader");
      // While still being made out, then final.
      const hearing = recordingReducer(pleaseTyped, {
        type: "interim",
        transcript: "a glass of water now",
      });
      expect(hearing.text).toBe("i need a glass of water please");
      expect(
        run([{ type: "final", transcript: "a glass of water now" }, { type: "ended" }], hearing),
      ).toMatchObject({ text: "i need a glass of water please", unconfirmed: "" });
      // In pieces: the words not yet final stay open to the next piece.
      const piece = recordingReducer(pleaseTyped, { type: "final", transcript: "a glass of" });
      expect(piece).toMatchObject({
        text: "i need a glass of wader please",
        unconfirmed: " wader",
      });
      expect(
        run(
          [
            { type: "interim", transcript: "water" },
            { type: "final", transcript: "water now" },
            { type: "ended" },
          ],
          piece,
        ).text,
      ).toBe("i need a glass of water please");
      // And the user may go on typing after them meanwhile.
      expect(
        run(
          [
            { type: "edit", text: "i need a glass of wader please, now" },
            { type: "final", transcript: "a glass of water now" },
          ],
          pleaseTyped,
        ).text,
      ).toBe("i need a glass of water please, now");
    });

    it("change nothing where the user changed the heard words", () => {
      const daughter = run(
        [
          { type: "final", transcript: "please call" },
          { type: "interim", transcript: "my dotter" },
          { type: "stop" },
          { type: "edit", text: "please call my daughter" },
        ],
        recording,
      );
      expect(
        run([{ type: "final", transcript: "my daughter now" }, { type: "ended" }], daughter).text,
      ).toBe("please call my daughter");
      // A letter typed onto the last heard word changes that word.
      expect(
        recordingReducer(typed("i need a glass off"), {
          type: "final",
          transcript: "a glass of water",
        }).text,
      ).toBe("i need a glass off");
    });

    it("are not added after what the user typed where every word was final at Stop", () => {
      const allFinal = run([{ type: "final", transcript: "i need" }, { type: "stop" }], recording);
      expect(
        run(
          [
            { type: "edit", text: "i need water" },
            { type: "final", transcript: "a glass" },
          ],
          allFinal,
        ).text,
      ).toBe("i need water");
      // Changed before the end only: late words still follow the recogniser's own.
      expect(
        run(
          [
            { type: "edit", text: "I need" },
            { type: "final", transcript: "a glass" },
          ],
          allFinal,
        ).text,
      ).toBe("I need a glass");
    });

    it("still complete the heard words where the user changed only what came before them", () => {
      expect(
        run(
          [
            { type: "edit", text: "I really need a glass of" },
            { type: "final", transcript: "a glass of water" },
          ],
          stoppedHearing("a glass of"),
        ).text,
      ).toBe("I really need a glass of water");
    });
  });

  it("a new recording's words heard up to Stop replace the earlier text", () => {
    const withText = run([{ type: "final", transcript: "first" }, { type: "stop" }], recording);
    const again = run(
      [{ type: "request-start" }, { type: "started" }, { type: "interim", transcript: "sec" }],
      withText,
    );
    expect(run([{ type: "stop" }, { type: "ended" }], again).text).toBe("sec");
    expect(
      run([{ type: "stop" }, { type: "final", transcript: "second" }, { type: "ended" }], again),
    ).toMatchObject({ text: "second", replaced: "" });
  });

  it("stops when the browser ends recognition by itself", () => {
    expect(recordingReducer(recording, { type: "ended" }).status).toBe("stopped");
    const idle = initialRecordingState();
    expect(recordingReducer(idle, { type: "ended" })).toBe(idle);
  });

  it("lets the user edit the text", () => {
    const stopped = run([{ type: "final", transcript: "I wnt" }, { type: "stop" }], recording);
    expect(recordingReducer(stopped, { type: "edit", text: "I want" }).text).toBe("I want");
  });

  it("keeps the results shown once the user has typed, as where the voice could go nowhere", () => {
    // Typed before any recording (the page said "type instead"): the panels stay once recording
    // becomes possible, with the typed text in them.
    const typed = recordingReducer(initialRecordingState(), { type: "edit", text: "I want tea" });
    expect(typed).toMatchObject({ text: "I want tea", resultsShown: true });
    expect(draftOf(typed).resultsShown).toBe(true);
    // Text deleted again: the field stays where the user is.
    expect(recordingReducer(typed, { type: "edit", text: "" }).resultsShown).toBe(true);
  });

  it("changes the language only while not listening", () => {
    const chosen = recordingReducer(initialRecordingState(), {
      type: "choose-language",
      language: "kk-KZ",
    });
    expect(chosen.language).toBe("kk-KZ");
    expect(
      recordingReducer(recording, { type: "choose-language", language: "kk-KZ" }).language,
    ).toBe("ru-RU");
  });

  it("reset clears text, recording flag, results flag and problem but keeps the language", () => {
    const busy = run(
      [
        { type: "choose-language", language: "uz-UZ" },
        { type: "request-start" },
        { type: "started" },
        { type: "final", transcript: "salom" },
        { type: "fail", problem: "recognition-failed" },
      ],
      initialRecordingState(),
    );
    expect(recordingReducer(busy, { type: "reset" })).toEqual(initialRecordingState("uz-UZ"));
    expect(recordingReducer(recording, { type: "reset" }).status).toBe("idle");
  });

  it("restores a saved draft into an untouched page and shows the results", () => {
    const restored = recordingReducer(initialRecordingState(), {
      type: "restore",
      draft: { text: "saved", language: "ky-KG", resultsShown: false },
    });
    expect(restored).toMatchObject({ text: "saved", language: "ky-KG", resultsShown: true });
    expect(draftOf(restored)).toEqual({ text: "saved", language: "ky-KG", resultsShown: true });
    expect(
      recordingReducer(recording, {
        type: "restore",
        draft: { text: "old", language: "ky-KG", resultsShown: true },
      }),
    ).toBe(recording);
  });
});

describe("isStopBounce", () => {
  it("takes only a tremor's quick second tap on a starting recording for a bounce", () => {
    expect(isStopBounce("starting", 0)).toBe(true);
    expect(isStopBounce("starting", 300)).toBe(true);
    // A Stop meant as one, within the first second: the microphone must not open after it.
    expect(isStopBounce("starting", 600)).toBe(false);
    expect(isStopBounce("starting", 2000)).toBe(false);
    // Once recording, Stop stops at once.
    expect(isStopBounce("recording", 0)).toBe(false);
  });
});

describe("appendTranscript", () => {
  it("joins pieces with one space and skips blank pieces", () => {
    expect(appendTranscript("", " hello ")).toBe("hello");
    expect(appendTranscript("hello", "world")).toBe("hello world");
    expect(appendTranscript("hello\n", "world")).toBe("hello\nworld");
    expect(appendTranscript("hello", "   ")).toBe("hello");
  });
});
