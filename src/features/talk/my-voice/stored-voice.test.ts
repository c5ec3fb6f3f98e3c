import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, get, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  changeStoredExamples,
  readStoredVoice,
  REMAKE_WAIT_MS,
  type VoiceSettings,
} from "@/features/talk/my-voice/stored-voice";
import { askRecogniser } from "@/features/talk/my-voice/voice-recogniser";
import {
  setPhraseExamples,
  withoutRecordings,
  type StoredExample,
  type VoiceExamples,
} from "@/features/talk/my-voice/voice-examples";
import { FEATURES_FORMAT } from "@/shared/phrase-recogniser/features.ts";
import { readValue, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";

// The recogniser's worker, which makes features again from a recording: a stand-in here.
vi.mock("@/features/talk/my-voice/voice-recogniser", () => ({ askRecogniser: vi.fn() }));

const example = (addedAt: number): StoredExample => ({
  features: { format: 2, method: "normalised", dims: 24, voicedMs: 900, frames: "AAAA" },
  origin: "taught",
  addedAt,
});

/** A tab of the app: its own copies of the modules, on the device's one database. */
async function openTab() {
  vi.resetModules();
  return {
    ...(await import("@/features/talk/my-voice/stored-voice")),
    ...(await import("@/lib/storage")),
  };
}

describe("stored voice", () => {
  beforeEach(() => {
    vi.useRealTimers();
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("a change made beside one damaged example keeps every other phrase's examples", async () => {
    await writeValue(storageKeys.voiceExamples, {
      en: {
        water: [example(1), example(2), example(3)],
        help: [example(4), { ...example(5), origin: "from a later version" }],
      },
    });
    await changeStoredExamples((all) =>
      setPhraseExamples(all, "en", "nurse", [example(6), example(7), example(8)]),
    );
    expect(await readValue(storageKeys.voiceExamples)).toEqual({
      en: {
        water: [example(1), example(2), example(3)],
        help: [example(4)],
        nurse: [example(6), example(7), example(8)],
      },
    });
  });

  it("a phrase taught with its recordings after another tab stopped keeping recordings is stored without them", async () => {
    const withRecording = (addedAt: number): StoredExample => ({
      ...example(addedAt),
      audio: new Blob([new Uint8Array(8)], { type: "audio/wav" }),
    });
    await writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: true });
    // The teaching began with recordings kept; meanwhile the user turned them off in another tab.
    await set(storageKeys.voiceSettings, { keepRecordings: false }, createStore("dauys", "keyval"));
    await changeStoredExamples((all) =>
      setPhraseExamples(all, "en", "help", [withRecording(1), withRecording(2), withRecording(3)]),
    );
    expect(await readValue(storageKeys.voiceExamples)).toEqual({
      en: { help: [example(1), example(2), example(3)] },
    });
    // Kept while the user keeps them.
    await set(storageKeys.voiceSettings, { keepRecordings: true }, createStore("dauys", "keyval"));
    await changeStoredExamples((all) => setPhraseExamples(all, "en", "water", [withRecording(4)]));
    const stored = await readValue<VoiceExamples>(storageKeys.voiceExamples);
    expect(stored?.en?.water?.[0]?.audio).toBeInstanceOf(Blob);
  });

  it("examples made again after a change of method are stored on what another tab changed meanwhile", async () => {
    const remadeFeatures = { ...example(0).features, format: FEATURES_FORMAT, frames: "BBBB" };
    const recording = () => new Blob([new Uint8Array(8)], { type: "audio/wav" });
    const older = (addedAt: number): StoredExample => ({
      features: {
        ...example(addedAt).features,
        format: FEATURES_FORMAT - 1,
        frames: `A${addedAt}`,
      },
      origin: "taught",
      addedAt,
      audio: recording(),
    });
    // Making features again takes the worker seconds on a slow tablet: held here until released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(askRecogniser).mockImplementation(async () => {
      await held;
      return { id: 1, ok: true, type: "features", features: remadeFeatures };
    });
    await writeValue(storageKeys.voiceExamples, { en: { water: [older(1), older(2), older(3)] } });
    await writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: true });

    const reading = readStoredVoice();
    await vi.waitFor(() => expect(askRecogniser).toHaveBeenCalled());
    // Meanwhile, in another tab already updated: a phrase taught, and recordings no longer kept.
    const otherTab = createStore("dauys", "keyval");
    const stored = (await get<VoiceExamples>(storageKeys.voiceExamples, otherTab))!;
    const taught = setPhraseExamples(stored, "en", "help", [example(4), example(5), example(6)]);
    await set(storageKeys.voiceExamples, withoutRecordings(taught), otherTab);
    await set(storageKeys.voiceSettings, { keepRecordings: false }, otherTab);
    release();
    const read = await reading;

    const remade = [1, 2, 3].map((addedAt) => ({
      features: remadeFeatures,
      origin: "taught",
      addedAt,
    }));
    const expected = { en: { water: remade, help: [example(4), example(5), example(6)] } };
    expect(await get(storageKeys.voiceExamples, otherTab)).toEqual(expected);
    expect(await get(storageKeys.voiceSettings, otherTab)).toEqual({
      keepRecordings: false,
      teachAgain: {},
    });
    expect(read).toEqual({
      examples: expected,
      keepRecordings: false,
      teachAgain: {},
      waiting: {},
    });
  });

  it("examples made again after an answer added others are kept within the caps, as the recogniser chooses", async () => {
    const takeOf = (addedAt: number, origin: StoredExample["origin"]): StoredExample => ({
      ...example(addedAt),
      features: { ...example(addedAt).features, frames: `N${addedAt}` },
      origin,
    });
    const older = (addedAt: number): StoredExample => ({
      features: {
        ...example(addedAt).features,
        format: FEATURES_FORMAT - 1,
        frames: `A${addedAt}`,
      },
      origin: "confirmed",
      addedAt,
      // Its first byte says which take it is, for the recogniser's stand-in below.
      audio: new Blob([new Uint8Array([addedAt])], { type: "audio/wav" }),
    });
    const remadeOf = (addedAt: number): StoredExample => ({
      ...older(addedAt),
      features: { ...example(addedAt).features, format: FEATURES_FORMAT, frames: `R${addedAt}` },
    });
    const taught = [1, 2, 3].map((at) => takeOf(at, "taught"));
    const confirmed = [4, 5, 6, 7, 8, 9, 10].map((at) => takeOf(at, "confirmed"));
    const counters = [11, 12, 13, 14, 15].map((at) => takeOf(at, "counter"));
    // What answers left while three of the phrase's takes waited to be made again (the worker
    // did not make them in time at an earlier visit): the recogniser chose among the rest.
    await writeValue(storageKeys.voiceExamples, {
      en: { water: [...taught, ...confirmed, ...counters, older(16), older(17), older(18)] },
    });
    await writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: true });
    const asked: unknown[] = [];
    vi.mocked(askRecogniser).mockImplementation(async (request) => {
      if (request.type === "remake") {
        const addedAt = new DataView(request.wav).getUint8(0);
        return { id: 1, ok: true, type: "features", features: remadeOf(addedAt).features };
      }
      // The recogniser's choice: here it leaves out three of the answers, 4 to 6.
      asked.push(request);
      const examples = request.type === "choose" ? request.examples : [];
      const kept = examples.flatMap((take, i) => ([4, 5, 6].includes(take.addedAt) ? [] : [i]));
      return { id: 1, ok: true, type: "kept", kept };
    });

    const read = await readStoredVoice();
    const chosen = [
      ...taught,
      ...confirmed.slice(3),
      ...counters,
      ...[16, 17, 18].map(remadeOf).map(({ features, origin, addedAt }) => ({
        features,
        origin,
        addedAt,
      })),
    ];
    // The recogniser was asked to choose among them all, the takes made again among them.
    expect(asked).toEqual([
      {
        type: "choose",
        examples: [...taught, ...confirmed, ...counters, ...[16, 17, 18].map(remadeOf)].map(
          ({ features, origin, addedAt }) => ({ features, origin, addedAt }),
        ),
      },
    ]);
    expect(read.examples.en?.water?.map(({ audio: _, ...take }) => take)).toEqual(chosen);
    const device = await readValue<VoiceExamples>(storageKeys.voiceExamples);
    expect(device?.en?.water?.map(({ audio: _, ...take }) => take)).toEqual(chosen);
    expect(device?.en?.water?.filter((take) => take.audio)).toHaveLength(3);
  });

  it("a phrase taught in another tab after this one could not store its own is kept, and so is this one's", async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    const takes = (first: number) => [example(first), example(first + 1), example(first + 2)];
    await tabA.changeStoredExamples((all) => setPhraseExamples(all, "en", "water", takes(1)));
    // The disk refuses tab A's next write once: "help" is taught in this tab's memory only.
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    await tabA.changeStoredExamples((all) => setPhraseExamples(all, "en", "help", takes(4)));
    refuse.mockRestore();
    // Meanwhile the user teaches "nurse" in tab B, then forgets "water" in tab A.
    await tabB.changeStoredExamples((all) => setPhraseExamples(all, "en", "nurse", takes(7)));
    await tabA.changeStoredExamples((all) => setPhraseExamples(all, "en", "water", []));

    const device = await openTab();
    expect((await device.readStoredVoice()).examples).toEqual({
      en: { help: takes(4), nurse: takes(7) },
    });
  });

  it("a read the device fails is not taken as nothing taught, and no change is stored on it", async () => {
    const takes = (first: number) => [example(first), example(first + 1), example(first + 2)];
    // Taught on an earlier visit.
    await (
      await openTab()
    ).changeStoredExamples((all) =>
      setPhraseExamples(setPhraseExamples(all, "en", "water", takes(1)), "en", "help", takes(4)),
    );
    const tab = await openTab();
    const failures: string[] = [];
    tab.onStorageError((_error, key) => failures.push(key));
    const failRead = () =>
      vi.spyOn(IDBObjectStore.prototype, "get").mockImplementationOnce(() => {
        throw new DOMException("A passing error", "UnknownError");
      });

    // My voice says it could not read them, not that nothing is taught.
    const refuse = failRead();
    await expect(tab.readStoredVoice()).rejects.toThrow("A passing error");
    refuse.mockRestore();
    // A phrase taught while the device fails the read is not stored on nothing: the examples
    // stored stay, and the user is told the change was not saved.
    const refuseAgain = failRead();
    await tab.changeStoredExamples((all) => setPhraseExamples(all, "en", "nurse", takes(7)));
    refuseAgain.mockRestore();
    expect(failures).toEqual([storageKeys.voiceExamples]);
    const device = await openTab();
    expect((await device.readStoredVoice()).examples).toEqual({
      en: { water: takes(1), help: takes(4) },
    });
    // Once the device reads again, this tab's next change is stored with that one.
    await tab.changeStoredExamples((all) => setPhraseExamples(all, "en", "water", []));
    expect((await device.readStoredVoice()).examples).toEqual({
      en: { help: takes(4), nurse: takes(7) },
    });
  });

  it("a recogniser that hangs while making examples again leaves My voice working with what it has, and a later read tries again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const remadeFeatures = { ...example(0).features, format: FEATURES_FORMAT, frames: "BBBB" };
    const older = (addedAt: number): StoredExample => ({
      features: {
        ...example(addedAt).features,
        format: FEATURES_FORMAT - 1,
        frames: `A${addedAt}`,
      },
      origin: "taught",
      addedAt,
      audio: new Blob([new Uint8Array(8)], { type: "audio/wav" }),
    });
    const answer = { id: 1, ok: true, type: "features", features: remadeFeatures } as const;
    // "water"'s three takes are made again; at "help"'s first the worker hangs for good.
    vi.mocked(askRecogniser)
      .mockResolvedValueOnce(answer)
      .mockResolvedValueOnce(answer)
      .mockResolvedValueOnce(answer)
      .mockReturnValueOnce(new Promise(() => undefined));
    const stored = {
      en: { water: [older(1), older(2), older(3)], help: [older(4), older(5), older(6)] },
    };
    await writeValue(storageKeys.voiceExamples, stored);
    await writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: true });

    let read: Awaited<ReturnType<typeof readStoredVoice>> | undefined;
    void readStoredVoice().then((value) => (read = value));
    await vi.waitFor(() => expect(askRecogniser).toHaveBeenCalledTimes(4));
    await vi.advanceTimersByTimeAsync(REMAKE_WAIT_MS);
    await vi.waitFor(() => expect(read).toBeDefined());

    const remade = (addedAt: number) => ({ ...older(addedAt), features: remadeFeatures });
    // My voice works with "water"; "help" is named as waiting, not to be taught again.
    expect(read).toMatchObject({
      examples: { en: { water: [1, 2, 3].map(remade) } },
      waiting: { en: ["help"] },
      teachAgain: {},
    });
    // "help"'s takes and recordings stay on the device, and the next read makes them again.
    vi.mocked(askRecogniser).mockResolvedValue(answer);
    vi.useRealTimers();
    const later = await readStoredVoice();
    expect(later.examples.en?.help).toEqual([4, 5, 6].map(remade));
    expect(later.waiting).toEqual({});
  });
  it("a recogniser that cannot load while making examples again keeps them, to be made at a later read", async () => {
    const actual = await vi.importActual<
      typeof import("@/features/talk/my-voice/voice-recogniser")
    >("@/features/talk/my-voice/voice-recogniser");
    // The browser's worker, whose code does not arrive (offline, or a new version deployed
    // meanwhile): it fails as in a browser, with an error event and no answer.
    class UnloadedWorker {
      onmessage: unknown = null;
      onerror: ((event: Event) => void) | null = null;
      postMessage() {
        setTimeout(() => this.onerror?.(new Event("error")));
      }
      terminate() {}
    }
    vi.stubGlobal("Worker", UnloadedWorker);
    vi.mocked(askRecogniser).mockImplementation(actual.askRecogniser);
    const remadeFeatures = { ...example(0).features, format: FEATURES_FORMAT, frames: "BBBB" };
    const older = (addedAt: number): StoredExample => ({
      features: {
        ...example(addedAt).features,
        format: FEATURES_FORMAT - 1,
        frames: `A${addedAt}`,
      },
      origin: "taught",
      addedAt,
      audio: new Blob([new Uint8Array(8)], { type: "audio/wav" }),
    });
    const stored = { en: { water: [older(1), older(2), older(3)] } };
    await writeValue(storageKeys.voiceExamples, stored);
    await writeValue<VoiceSettings>(storageKeys.voiceSettings, { keepRecordings: true });

    // "water" is named as waiting, not to be taught again, and its takes stay on the device.
    expect(await readStoredVoice()).toEqual({
      examples: { en: {} },
      keepRecordings: true,
      teachAgain: {},
      waiting: { en: ["water"] },
    });
    expect(await readValue(storageKeys.voiceExamples)).toEqual(stored);
    // With the recogniser working, a later read makes them again.
    vi.unstubAllGlobals();
    vi.mocked(askRecogniser).mockResolvedValue({
      id: 1,
      ok: true,
      type: "features",
      features: remadeFeatures,
    });
    const later = await readStoredVoice();
    expect(later.examples.en?.water).toEqual(
      [1, 2, 3].map((addedAt) => ({ ...older(addedAt), features: remadeFeatures })),
    );
    expect(later.waiting).toEqual({});
  });
});
