import { describe, expect, it } from "vitest";
import type { Recognition } from "@/shared/phrase-recogniser/recogniser.ts";
import { answer, awaitsChoice, type HeardTake, type Listening } from "./voice-answer.ts";

const take: HeardTake = {
  features: { format: 1, method: "normalised", dims: 1, voicedMs: 500, frames: "AAAAAA==" },
};
const ranked = (...ids: string[]) =>
  ids.map((phraseId, i) => ({ phraseId, distance: i + 1, score: i + 1 }));
const onBoard = new Set(["water", "help", "nurse", "toilet"]);
const known = (id: string) => onBoard.has(id);

const recognised = (recognition: Recognition) =>
  answer({ kind: "recognising" }, { type: "recognised", recognition, take, known });

const accepted = recognised({
  decision: "accepted",
  phraseId: "water",
  ranked: ranked("water", "gone", "help", "nurse", "toilet"),
  suggestions: [],
});

/** A take waiting for the user to say which phrase it was, in each of the ways it can. */
function waitingForChoice() {
  const unsure = recognised({
    decision: "unsure",
    ranked: ranked("help", "nurse"),
    suggestions: ["help", "nurse"],
  }).listening;
  const notCaught = recognised({
    decision: "rejected",
    ranked: ranked("help"),
    suggestions: [],
  }).listening;
  const choosing = answer(accepted.listening, { type: "not-that" }).listening;
  const turnedDown = answer(unsure, { type: "none-of-these" }).listening;
  return { unsure, notCaught, choosing, turnedDown };
}

describe("answer", () => {
  it("says an accepted phrase at once and keeps the next closest for Not that", () => {
    expect(accepted.say).toBe("water");
    expect(accepted.learn).toBeUndefined();
    expect(accepted.listening).toEqual({
      kind: "heard",
      phraseId: "water",
      others: ["help", "nurse", "toilet"],
      take,
    });
  });

  it("keeps the take of an answer said at once when the user listens again without Not that", () => {
    const again = answer(accepted.listening, { type: "listen", known });
    // The microphone opens first: "Listening…" (and "I have finished") come once it hears.
    expect(again.listening).toEqual({ kind: "starting" });
    expect(again.say).toBeUndefined();
    expect(again.learn).toEqual({ phraseId: "water", origin: "confirmed", take, askIfFar: false });
    // Undone with Not that, it is a counter-example only: listening again keeps nothing more.
    const undone = answer(accepted.listening, { type: "not-that" });
    expect(answer(undone.listening, { type: "listen", known }).learn).toBeUndefined();
    // Nothing was said at once after an unsure answer or none: nothing to confirm.
    for (const listening of [
      { kind: "idle" },
      { kind: "not-caught", take, suggestions: ["water"] },
    ] as Listening[])
      expect(answer(listening, { type: "listen", known }).learn).toBeUndefined();
  });

  it("Not that stops the speech and offers the other phrases; the phrase chosen keeps the take, the wrong one a counter-example", () => {
    const step = answer(accepted.listening, { type: "not-that" });
    expect(step.stopSpeech).toBe(true);
    expect(step.say).toBeUndefined();
    expect(step.learn).toBeUndefined();
    expect(step.listening).toEqual({
      kind: "choosing",
      suggestions: ["help", "nurse", "toilet"],
      take,
      wrongId: "water",
    });
    // The phrase then chosen is said and keeps the take as its example.
    const chosen = answer(step.listening, { type: "chose", phraseId: "nurse" });
    expect(chosen.say).toBe("nurse");
    expect(chosen.learn).toEqual({ phraseId: "nurse", origin: "confirmed", take, askIfFar: true });
    expect(chosen.counters).toEqual([
      { phraseId: "water", origin: "counter", take, askIfFar: false },
    ]);
    expect(chosen.listening).toEqual({ kind: "chosen", phraseId: "nurse" });
  });

  it("Not that pressed by a slip, then the same phrase tapped on the board, keeps the take as its example only", () => {
    const notThat = answer(accepted.listening, { type: "not-that" });
    const tapped = answer(notThat.listening, {
      type: "chose",
      phraseId: "water",
      alreadySaid: true,
    });
    // What the two steps keep, together: the take as both would stop "water" from ever being
    // said at once again.
    const kept = [notThat, tapped].flatMap((step) => [
      ...(step.learn ? [step.learn] : []),
      ...(step.counters ?? []),
    ]);
    expect(kept).toEqual([{ phraseId: "water", origin: "confirmed", take, askIfFar: true }]);
  });

  it("asks when unsure, and None of these leaves the board to say which phrase it was", () => {
    const unsure = recognised({
      decision: "unsure",
      ranked: ranked("help", "water"),
      suggestions: ["help", "gone", "water"],
    });
    expect(unsure.say).toBeUndefined();
    expect(unsure.listening).toEqual({ kind: "unsure", suggestions: ["help", "water"], take });
    const none = answer(unsure.listening, { type: "none-of-these" });
    expect(none.learn).toBeUndefined();
    expect(none.counters).toBeUndefined();
    expect(none.listening).toEqual({
      kind: "choosing",
      suggestions: [],
      take,
      notThese: ["help", "water"],
    });
    expect(awaitsChoice(none.listening)).toBe(true);
    const board = answer(none.listening, { type: "chose", phraseId: "toilet", alreadySaid: true });
    expect(board.learn).toEqual({ phraseId: "toilet", origin: "confirmed", take, askIfFar: true });
    // The phrases offered were not it: each keeps the take as a counter-example.
    expect(board.counters).toEqual([
      { phraseId: "help", origin: "counter", take, askIfFar: false },
      { phraseId: "water", origin: "counter", take, askIfFar: false },
    ]);
    // The board said it already.
    expect(board.say).toBeUndefined();
  });

  it("None of these keeps counter-examples however the user goes on, never of the phrase chosen", () => {
    const unsure = recognised({
      decision: "unsure",
      ranked: ranked("help", "water"),
      suggestions: ["help", "water"],
    });
    const none = answer(unsure.listening, { type: "none-of-these" });
    const counters = (...ids: string[]) =>
      ids.map((phraseId) => ({ phraseId, origin: "counter", take, askIfFar: false }));
    // A phrase not on the board: "Never mind", or Listen again.
    expect(answer(none.listening, { type: "never-mind" }).counters).toEqual(
      counters("help", "water"),
    );
    expect(answer(none.listening, { type: "listen", known }).counters).toEqual(
      counters("help", "water"),
    );
    // One of them tapped on the board after all: that one keeps the take as an example only.
    const water = answer(none.listening, { type: "chose", phraseId: "water", alreadySaid: true });
    expect(water.learn).toEqual({ phraseId: "water", origin: "confirmed", take, askIfFar: true });
    expect(water.counters).toEqual(counters("help"));
    // "Not that" keeps its one counter-example however the user goes on, also when they leave
    // the question; a change of the board's language keeps nothing.
    const heard = recognised({
      decision: "accepted",
      phraseId: "help",
      ranked: ranked("help", "water"),
      suggestions: [],
    });
    const undone = answer(heard.listening, { type: "not-that" });
    expect(answer(undone.listening, { type: "never-mind" }).counters).toEqual(counters("help"));
    expect(answer(undone.listening, { type: "listen", known }).counters).toEqual(counters("help"));
    expect(answer(undone.listening, { type: "expire", why: "unanswered" })).toEqual({
      listening: { kind: "idle" },
      counters: counters("help"),
    });
    expect(answer(none.listening, { type: "expire", why: "unanswered" }).counters).toEqual(
      counters("help", "water"),
    );
    expect(answer(undone.listening, { type: "expire", why: "language" })).toEqual({
      listening: { kind: "idle" },
    });
  });

  it("after 'did not catch it' a tap on the board keeps the take for the phrase meant", () => {
    const rejected = recognised({ decision: "rejected", ranked: ranked("help"), suggestions: [] });
    expect(rejected.listening).toEqual({ kind: "not-caught", take, suggestions: ["help"] });
    const tapped = answer(rejected.listening, { type: "chose", phraseId: "help" });
    expect(tapped.learn).toEqual({ phraseId: "help", origin: "confirmed", take, askIfFar: true });
  });

  it("after 'did not catch it' the three closest phrases on the board are offered beside Listen", () => {
    const rejected = recognised({
      decision: "rejected",
      ranked: ranked("water", "gone", "help", "nurse", "toilet"),
      suggestions: [],
    });
    // Nothing is said: the user chooses.
    expect(rejected.say).toBeUndefined();
    expect(rejected.listening).toEqual({
      kind: "not-caught",
      take,
      suggestions: ["water", "help", "nurse"],
    });
    // Chosen in the list: said, and kept as an example of it (asked first if it is far).
    const chosen = answer(rejected.listening, { type: "chose", phraseId: "help" });
    expect(chosen.say).toBe("help");
    expect(chosen.learn).toEqual({ phraseId: "help", origin: "confirmed", take, askIfFar: true });
    expect(chosen.counters).toBeUndefined();
    // "None of these", then the board: counter-examples of those offered, as after "Did you mean".
    const none = answer(rejected.listening, { type: "none-of-these" });
    expect(none.listening).toEqual({
      kind: "choosing",
      suggestions: [],
      take,
      notThese: ["water", "help", "nurse"],
    });
    const toilet = answer(none.listening, { type: "chose", phraseId: "toilet", alreadySaid: true });
    expect(toilet.counters?.map((lesson) => lesson.phraseId)).toEqual(["water", "help", "nurse"]);
    // Listen again instead: the take was not caught, and nothing is kept.
    const again = answer(rejected.listening, { type: "listen", known });
    expect(again.learn).toBeUndefined();
    expect(again.counters).toBeUndefined();
    // A take the microphone refused offers nothing, and "None of these" does nothing there.
    const refused: Listening = { kind: "not-caught", suggestions: [] };
    expect(answer(refused, { type: "none-of-these" }).listening).toBe(refused);
  });

  it("an unsure answer with no phrase on the board left is not caught", () => {
    const step = recognised({ decision: "unsure", ranked: ranked("gone"), suggestions: ["gone"] });
    expect(step.listening.kind).toBe("not-caught");
  });

  it("a phrase forgotten or deleted after it was said at once is not taught again by the next Listen", () => {
    const step = answer(accepted.listening, { type: "listen", known: (id) => id !== "water" });
    expect(step.learn).toBeUndefined();
    expect(step.listening).toEqual({ kind: "starting" });
    // Nor are counter-examples kept for phrases gone since "None of these".
    const unsure = recognised({
      decision: "unsure",
      ranked: ranked("help", "water"),
      suggestions: ["help", "water"],
    });
    const none = answer(unsure.listening, { type: "none-of-these" });
    const next = answer(none.listening, { type: "listen", known: (id) => id !== "water" });
    expect(next.counters?.map((counter) => counter.phraseId)).toEqual(["help"]);
  });

  it("another phrase tapped after one said at once leaves the take untaught", () => {
    // A correction ("I meant the toilet") or the next thing to say: not a confirmation.
    const tapped = answer(accepted.listening, {
      type: "chose",
      phraseId: "toilet",
      alreadySaid: true,
    });
    expect(tapped).toEqual({ listening: { kind: "idle" } });
    expect(answer(tapped.listening, { type: "listen", known }).learn).toBeUndefined();
    // The same phrase tapped again (said once more) still goes with it.
    const again = answer(accepted.listening, {
      type: "chose",
      phraseId: "water",
      alreadySaid: true,
    });
    expect(again.listening).toBe(accepted.listening);
    expect(answer(again.listening, { type: "listen", known }).learn).toMatchObject({
      phraseId: "water",
      origin: "confirmed",
    });
  });

  it("learns nothing from a board tap when no take waits for a choice", () => {
    for (const listening of [
      { kind: "idle" },
      { kind: "not-caught", suggestions: [] },
      { kind: "chosen", phraseId: "help" },
    ] satisfies Listening[]) {
      const step = answer(listening, { type: "chose", phraseId: "help" });
      expect(step.learn).toBeUndefined();
      expect(step.say).toBeUndefined();
      expect(step.listening).toBe(listening);
    }
    expect(answer({ kind: "idle" }, { type: "not-that" }).stopSpeech).toBeUndefined();
  });

  it("Never mind leaves the choice without keeping the take as an example", () => {
    const choosing = answer(accepted.listening, { type: "not-that" }).listening;
    const step = answer(choosing, { type: "never-mind" });
    expect(step.listening).toEqual({ kind: "idle" });
    expect(step.learn).toBeUndefined();
    expect(step.say).toBeUndefined();
  });

  it("a far take is kept only when the user says so", () => {
    const asking = answer(
      { kind: "chosen", phraseId: "help" },
      { type: "far", phraseId: "help", take },
    );
    expect(asking.listening).toEqual({ kind: "asking-far", phraseId: "help", take });
    // Kept without asking again.
    expect(answer(asking.listening, { type: "keep-far", keep: true }).learn).toEqual({
      phraseId: "help",
      origin: "confirmed",
      take,
      askIfFar: false,
    });
    const dropped = answer(asking.listening, { type: "keep-far", keep: false });
    expect(dropped.learn).toBeUndefined();
    expect(dropped.listening).toEqual({ kind: "chosen", phraseId: "help" });
  });

  it("an answer whose moment has passed teaches nothing: a later board tap or Listen is not an answer", () => {
    const { unsure, notCaught, choosing, turnedDown } = waitingForChoice();
    const asking = answer(
      { kind: "chosen", phraseId: "help" },
      { type: "far", phraseId: "help", take },
    ).listening;
    for (const listening of [
      accepted.listening,
      unsure,
      notCaught,
      choosing,
      turnedDown,
      asking,
      { kind: "chosen", phraseId: "help" },
    ] satisfies Listening[]) {
      const expired = answer(listening, { type: "expire", why: "language" });
      expect(expired).toEqual({ listening: { kind: "idle" } });
      const tapped = answer(expired.listening, { type: "chose", phraseId: "help" });
      expect(tapped.learn).toBeUndefined();
      expect(answer(expired.listening, { type: "listen", known }).learn).toBeUndefined();
      expect(answer(expired.listening, { type: "far", phraseId: "help", take }).listening).toEqual({
        kind: "idle",
      });
    }
    // A take under way is not an answer yet: it goes on.
    for (const listening of [
      { kind: "starting" },
      { kind: "listening" },
      { kind: "recognising" },
    ] satisfies Listening[])
      expect(answer(listening, { type: "expire", why: "unanswered" }).listening).toBe(listening);
  });

  it("other words said while a question waits end it: a later board tap teaches nothing", () => {
    const { unsure, notCaught, choosing, turnedDown } = waitingForChoice();
    for (const listening of [unsure, notCaught, choosing, turnedDown]) {
      const went = answer(listening, { type: "said-else" });
      expect(went.listening).toEqual({ kind: "idle" });
      expect(went.learn).toBeUndefined();
      expect(answer(went.listening, { type: "chose", phraseId: "toilet" }).learn).toBeUndefined();
    }
    // What the user said no to is kept, as when the question is left unanswered.
    expect(answer(choosing, { type: "said-else" }).counters).toEqual([
      { phraseId: "water", origin: "counter", take, askIfFar: false },
    ]);
    expect(
      answer(turnedDown, { type: "said-else" }).counters?.map((counter) => counter.phraseId),
    ).toEqual(["help", "nurse"]);
    // A phrase said and its far question are not waiting for a choice: they stay.
    const asking = answer(
      { kind: "chosen", phraseId: "help" },
      { type: "far", phraseId: "help", take },
    ).listening;
    for (const listening of [{ kind: "chosen", phraseId: "help" }, asking] satisfies Listening[])
      expect(answer(listening, { type: "said-else" }).listening).toBe(listening);
  });

  it("a take under way is dropped when Talk says something else or the language changes", () => {
    for (const listening of [
      { kind: "starting" },
      { kind: "listening" },
      { kind: "recognising" },
    ] satisfies Listening[])
      for (const event of [{ type: "said-else" }, { type: "expire", why: "language" }] as const)
        expect(answer(listening, event)).toEqual({ listening: { kind: "idle" } });
  });

  it("a microphone that has not opened can be given up, and only then", () => {
    expect(answer({ kind: "starting" }, { type: "stop-starting" })).toEqual({
      listening: { kind: "idle" },
    });
    // Once open, "I have finished" ends the take and keeps it: a late press of Stop does nothing.
    for (const listening of [{ kind: "listening" }, { kind: "recognising" }] satisfies Listening[])
      expect(answer(listening, { type: "stop-starting" }).listening).toBe(listening);
  });

  it("a late 'is it far?' answer does not take over a take begun since", () => {
    const listening = answer(
      { kind: "chosen", phraseId: "help" },
      { type: "listen", known: () => true },
    );
    expect(listening.listening.kind).toBe("starting");
    const late = answer(listening.listening, { type: "far", phraseId: "help", take });
    expect(late.listening).toBe(listening.listening);
    expect(late.learn).toBeUndefined();
  });
});
