import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, get, set } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Board } from "@/features/talk/board/board";
import { FEATURES_FORMAT } from "@/shared/phrase-recogniser/features.ts";
import { useMyVoice } from "@/features/talk/my-voice/use-my-voice";
import { changeStoredExamples } from "@/features/talk/my-voice/stored-voice";
import { askRecogniser } from "@/features/talk/my-voice/voice-recogniser";
import type { StoredExample, VoiceExamples } from "@/features/talk/my-voice/voice-examples";
import {
  onStorageError,
  readValue,
  resetStorageForTests,
  storageKeys,
  writeValue,
} from "@/lib/storage";

/**
 * React, as far as the hook uses it, for a page drawn without a browser: state and refs kept from
 * one drawing to the next, effects run after a drawing when their dependencies changed, and
 * cleaned up when the page goes (`reset`: a test's hook must not go on hearing the next test).
 */
const react = vi.hoisted(() => {
  const slots: unknown[] = [];
  let index = 0;
  const effects: (() => void)[] = [];
  const slot = <T>(make: () => T): T => {
    const at = index++;
    if (!(at in slots)) slots[at] = make();
    return slots[at] as T;
  };
  return {
    draw<T>(hook: () => T): T {
      index = 0;
      const result = hook();
      for (const effect of effects.splice(0)) effect();
      return result;
    },
    reset() {
      for (const slot of slots) (slot as { cleanup?: () => void }).cleanup?.();
      slots.length = 0;
      effects.length = 0;
    },
    useState<T>(initial: T) {
      const state = slot(() => ({ value: initial }));
      const set = (next: T | ((value: T) => T)) => {
        state.value = typeof next === "function" ? (next as (value: T) => T)(state.value) : next;
      };
      return [state.value, set] as const;
    },
    useRef: <T>(initial: T) => slot(() => ({ current: initial })),
    useCallback<T>(callback: T, deps: unknown[]) {
      const last = slot<{ callback: T; deps: unknown[] }>(() => ({ callback, deps }));
      if (!deps.every((dep, i) => Object.is(dep, last.deps[i])))
        Object.assign(last, { callback, deps });
      return last.callback;
    },
    useEffect(effect: () => void | (() => void), deps: unknown[]) {
      const last = slot<{ deps: unknown[] | null; cleanup?: () => void }>(() => ({ deps: null }));
      if (last.deps && deps.every((dep, i) => Object.is(dep, last.deps?.[i]))) return;
      last.deps = deps;
      effects.push(() => {
        last.cleanup?.();
        last.cleanup = effect() ?? undefined;
      });
    },
    startTransition: (change: () => void) => change(),
  };
});
vi.mock("react", () => react);

// The recogniser's worker: a stand-in here, which keeps every example it is given.
vi.mock("@/features/talk/my-voice/voice-recogniser", () => ({
  askRecogniser: vi.fn(),
}));

const example = (addedAt: number): StoredExample => ({
  features: {
    format: 2,
    method: "normalised",
    dims: 24,
    voicedMs: 900,
    frames: "AAAA",
  },
  origin: "taught",
  addedAt,
});
const takes = (first: number) => [example(first), example(first + 1), example(first + 2)];
/** A take an older version of the method made, with its recording: to be made again. */
const older = (addedAt: number): StoredExample => ({
  ...example(addedAt),
  features: { ...example(addedAt).features, format: FEATURES_FORMAT - 1, frames: `A${addedAt}` },
  audio: new Blob([new Uint8Array(8)], { type: "audio/wav" }),
});

const water = "water";
const board: Board = [{ id: water, text: "Water, please", category: "mine", favourite: false }];
const myVoice = () => react.draw(() => useMyVoice("en", board));
/** What is stored once the changes this page began are made. */
async function stored() {
  await changeStoredExamples((all) => all);
  return readValue<VoiceExamples>(storageKeys.voiceExamples);
}

describe("useMyVoice", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
    react.reset();
    vi.mocked(askRecogniser).mockImplementation(async (request) => {
      // Making an older method's examples again: the worker stops, as one that crashed.
      if (request.type === "remake") throw new Error("The recogniser stopped.");
      return request.type === "set-examples"
        ? {
            id: 1,
            ok: true,
            type: "kept",
            kept: request.examples.map((_, i) => i),
          }
        : { id: 1, ok: true, type: "loaded", unreadable: [] };
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("a phrase forgotten while the recogniser chose an answer's examples stays forgotten", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().examples[water]).toEqual(takes(1)));
    // The recogniser takes a moment to choose which examples to keep: held here until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(askRecogniser).mockImplementationOnce(async (request) => {
      await held;
      const kept = request.type === "set-examples" ? request.examples.map((_, i) => i) : [];
      return { id: 1, ok: true, type: "kept", kept };
    });

    // Listen's answer was right: its take is kept as one more example.
    const learning = myVoice().learn(water, { ...example(4), origin: "confirmed" }, true);
    await vi.waitFor(() =>
      expect(askRecogniser).toHaveBeenCalledWith(expect.objectContaining({ type: "set-examples" })),
    );
    // Meanwhile the user forgets the phrase.
    myVoice().setPhrase(water, undefined);
    release();
    await learning;

    expect(myVoice().examples[water]).toBeUndefined();
    expect((await stored())?.en?.[water]).toBeUndefined();
    // The recogniser is left without it too.
    expect(askRecogniser).toHaveBeenLastCalledWith({
      type: "set-examples",
      phraseId: water,
      examples: [],
    });
  });

  it("an answer about a phrase still taught is kept", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    const confirmed: StoredExample = { ...example(4), origin: "confirmed" };
    await myVoice().learn(water, confirmed, true);
    expect(myVoice().examples[water]).toEqual([...takes(1), confirmed]);
    expect((await stored())?.en?.[water]).toEqual([...takes(1), confirmed]);
  });

  /** The recogniser, taking a moment to choose which examples to keep: held until released. */
  function holdRecogniser() {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(askRecogniser).mockImplementationOnce(async (request) => {
      await held;
      const kept = request.type === "set-examples" ? request.examples.map((_, i) => i) : [];
      return { id: 1, ok: true, type: "kept", kept };
    });
    return release;
  }

  it("a Teach again made while the recogniser chose an answer's examples is kept", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    const release = holdRecogniser();
    const confirmed: StoredExample = { ...example(4), origin: "confirmed" };
    const learning = myVoice().learn(water, confirmed, true);
    await vi.waitFor(() => expect(askRecogniser).toHaveBeenCalled());
    // Meanwhile the user teaches the phrase again, with three new takes.
    myVoice().setPhrase(water, takes(10));
    release();
    await learning;

    // The new takes stay; the old ones are gone, and the answer's take is kept beside them.
    expect(myVoice().examples[water]).toEqual([confirmed, ...takes(10)]);
    expect((await stored())?.en?.[water]).toEqual([confirmed, ...takes(10)]);
  });

  it("another tab's answer stored while the recogniser chose this one's examples is kept", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    const release = holdRecogniser();
    const confirmed: StoredExample = { ...example(4), origin: "confirmed" };
    const learning = myVoice().learn(water, confirmed, true);
    await vi.waitFor(() => expect(askRecogniser).toHaveBeenCalled());
    // Meanwhile the phrase learns from an answer in another tab of the app.
    const elsewhere: StoredExample = { ...example(5), origin: "confirmed" };
    await set(
      storageKeys.voiceExamples,
      { en: { [water]: [...takes(1), elsewhere] } },
      createStore("dauys", "keyval"),
    );
    release();
    await learning;

    expect((await stored())?.en?.[water]).toEqual([...takes(1), confirmed, elsewhere]);
  });

  /** The device fails every read of this page's from now on; returns what puts it right. */
  function failReads() {
    resetStorageForTests();
    const refuse = vi.spyOn(IDBObjectStore.prototype, "get").mockImplementation(() => {
      throw new DOMException("A passing error", "UnknownError");
    });
    return () => refuse.mockRestore();
  }
  /** The keys the app's storage notice is told were not saved. */
  function notices() {
    const failures: string[] = [];
    onStorageError((_error, key) => failures.push(key));
    return failures;
  }

  it("deleting a phrase My voice was never taught writes nothing: a full disk reports only real changes", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    const failures = notices();
    const puts = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    // The disk is full: "help", never taught, is deleted from the board, then "water", taught.
    myVoice().phraseDeleted("help");
    myVoice().phraseDeleted(water);
    await vi.waitFor(async () =>
      expect((await readValue<VoiceExamples>(storageKeys.voiceExamples))?.en).toEqual({}),
    );
    // Only the taught phrase's deletion was written, and so only it is reported as not saved.
    expect(puts).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([storageKeys.voiceExamples]);
  });

  it("a phrase deleted from the board while the device fails to read My voice is deleted once it reads again", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    const readAgain = failReads();
    const failures = notices();
    myVoice();
    await vi.waitFor(() => expect(myVoice().readFailed).toBe(true), { timeout: 5_000 });
    expect(failures).toEqual([]);

    myVoice().phraseDeleted(water);
    // The app's notice, over whatever the user is looking at, says it was not saved yet.
    await vi.waitFor(() => expect(failures).toContain(storageKeys.voiceExamples));
    readAgain();
    // The next change reads the examples again: the deletion is stored with it.
    myVoice().setPhrase("help", takes(7));
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    expect(await stored()).toEqual({ en: { help: takes(7) } });
    expect(myVoice().examples).toEqual({ help: takes(7) });
  });

  it("Undo of a deletion made while the device fails to read My voice brings the phrase's examples back", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: takes(1) } });
    const readAgain = failReads();
    const failures = notices();
    myVoice();
    await vi.waitFor(() => expect(myVoice().readFailed).toBe(true), { timeout: 5_000 });
    myVoice().phraseDeleted(water);
    myVoice().phraseRestored(water);
    await vi.waitFor(() => expect(failures).toContain(storageKeys.voiceExamples));

    readAgain();
    myVoice().setPhrase("help", takes(7));
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    expect(await stored()).toEqual({ en: { [water]: takes(1), help: takes(7) } });
  });

  it("recordings turned off while the device fails to read My voice stay off, and go once it reads again", async () => {
    const recorded = takes(1).map((take) => ({
      ...take,
      audio: new Blob([new Uint8Array(8)], { type: "audio/wav" }),
    }));
    await writeValue(storageKeys.voiceExamples, { en: { [water]: recorded } });
    await writeValue(storageKeys.voiceSettings, { keepRecordings: true });
    const readAgain = failReads();
    const failures = notices();
    myVoice();
    await vi.waitFor(() => expect(myVoice().readFailed).toBe(true), { timeout: 5_000 });
    myVoice().setKeepRecordings(false);
    await vi.waitFor(() => expect(failures).toContain(storageKeys.voiceSettings));
    // The box shows the user's choice: it is kept, to be stored.
    expect(myVoice().keepRecordings).toBe(false);

    // Another tab's change makes this one read again, and the choice is stored with that read.
    readAgain();
    const otherTab = new BroadcastChannel("dauys-storage");
    otherTab.postMessage(storageKeys.voiceSettings);
    await vi.waitFor(() => expect(myVoice().loaded).toBe(true), { timeout: 5_000 });
    otherTab.close();
    const device = createStore("dauys", "keyval");
    expect(await get(storageKeys.voiceSettings, device)).toMatchObject({ keepRecordings: false });
    expect(await get(storageKeys.voiceExamples, device)).toEqual({ en: { [water]: takes(1) } });
    expect(myVoice().keepRecordings).toBe(false);
  });

  it("what another tab teaches is heard after a first read the device failed", async () => {
    const readAgain = failReads();
    myVoice();
    await vi.waitFor(() => expect(myVoice().readFailed).toBe(true), { timeout: 5_000 });

    readAgain();
    await set(
      storageKeys.voiceExamples,
      { en: { [water]: takes(1) } },
      createStore("dauys", "keyval"),
    );
    const otherTab = new BroadcastChannel("dauys-storage");
    otherTab.postMessage(storageKeys.voiceExamples);
    otherTab.close();
    await vi.waitFor(() => expect(myVoice().examples[water]).toEqual(takes(1)));
    expect(myVoice().readFailed).toBe(false);
  });

  it("examples waiting to be made again after a change of method stay when their phrase is answered", async () => {
    await writeValue(storageKeys.voiceExamples, { en: { [water]: [...takes(1), older(7)] } });
    myVoice();
    await vi.waitFor(() => expect(myVoice().waiting).toEqual([water]));
    expect(myVoice().examples[water]).toEqual(takes(1));
    const confirmed: StoredExample = { ...example(4), origin: "confirmed" };
    await myVoice().learn(water, confirmed, true);
    expect(myVoice().examples[water]).toEqual([...takes(1), confirmed]);
    expect((await stored())?.en?.[water]).toEqual([...takes(1), confirmed, older(7)]);
  });

  it("examples waiting to be made again come back with Undo of their phrase's deletion", async () => {
    await writeValue(storageKeys.voiceExamples, {
      en: { [water]: [...takes(1), older(7)], help: [older(8), older(9), older(10)] },
    });
    await writeValue(storageKeys.voiceSettings, { keepRecordings: true });
    myVoice();
    await vi.waitFor(() => expect(myVoice().waiting).toEqual([water, "help"]));
    for (const phraseId of [water, "help"]) {
      myVoice().phraseDeleted(phraseId);
      await vi.waitFor(async () => expect((await stored())?.en?.[phraseId]).toBeUndefined());
      myVoice().phraseRestored(phraseId);
      await vi.waitFor(async () => expect((await stored())?.en?.[phraseId]).toBeDefined());
    }
    expect(await stored()).toEqual({
      en: { [water]: [...takes(1), older(7)], help: [older(8), older(9), older(10)] },
    });
    // Shown as before: what this version can use.
    expect(myVoice().examples).toEqual({ [water]: takes(1) });
  });
});
