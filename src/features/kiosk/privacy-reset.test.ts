import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createKioskSetting,
  readKioskSetting,
  saveKioskSetting,
} from "@/features/kiosk/kiosk-setting";
import {
  changeLockWaitMs,
  erasePatientData,
  forgetClinicSetup,
  keepClinicSetup,
} from "@/features/kiosk/privacy-reset";
import { updateValue } from "@/lib/storage-between-tabs";
import { hasPilotAccess } from "@/lib/pilot-access";
import { get, set } from "idb-keyval";
import { openPictureStore } from "@/lib/picture-database";
import {
  outboxLock,
  readValue,
  resetStorageForTests,
  storageKeys,
  withDeviceLock,
  writeValue,
} from "@/lib/storage";

describe("privacy reset", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("erases the patient's text, audio, draft, lesson places, sent news and language, and keeps the outbox and the kiosk", async () => {
    const outbox = [{ request: { id: "r1", subject: "Pilot" }, state: "pending", attempts: 0 }];
    const kiosk = await createKioskSetting({ pin: "2468", idleSeconds: 30, language: "kk" });
    await saveKioskSetting(kiosk);
    await writeValue(storageKeys.recognitionDraft, {
      text: "Мне нужна помощь",
      language: "ru-RU",
      resultsShown: true,
    });
    await writeValue(storageKeys.lastAudio, { blob: new Blob(["RIFF"]), text: "Мне нужна помощь" });
    await writeValue(storageKeys.contactDraft, {
      name: "Aigerim",
      email: "",
      subject: "",
      message: "",
    });
    await writeValue(storageKeys.outbox, outbox);
    await writeValue(storageKeys.sentNotice, [
      { id: "r0", subject: "Pilot", sentAt: new Date().toISOString() },
    ]);
    await writeValue(storageKeys.language, "ru");
    await writeValue(storageKeys.lessonPlaces, { qVqS7xkuSU4: 840 });

    expect(await erasePatientData("kk")).toBe(true);
    // Read back from IndexedDB itself, not from the module's in-memory copies.
    resetStorageForTests();

    expect(await readValue(storageKeys.recognitionDraft)).toBeUndefined();
    expect(await readValue(storageKeys.lastAudio)).toBeUndefined();
    expect(await readValue(storageKeys.contactDraft)).toBeUndefined();
    expect(await readValue(storageKeys.sentNotice)).toBeUndefined();
    // Where the patient left a lesson's video is not offered to the next one.
    expect(await readValue(storageKeys.lessonPlaces)).toBeUndefined();
    expect(await readValue(storageKeys.language)).toBe("kk");
    expect(await readValue(storageKeys.outbox)).toEqual(outbox);
    expect(await readKioskSetting()).toEqual(kiosk);
    expect(await hasPilotAccess()).toBe(true);
  });

  it("a request delivered as the reset begins does not bring back the previous patient's sent news", async () => {
    const sentAt = new Date().toISOString();
    await writeValue(storageKeys.sentNotice, [{ id: "r0", subject: "Pilot", sentAt }]);
    // The service worker (or another tab) delivers a waiting request just then, and adds the news
    // that it was sent to the news it read, holding the outbox's lock as every delivery does
    // (features/contact/outbox.ts).
    let erasing: Promise<boolean> | undefined;
    await withDeviceLock(outboxLock, async () => {
      const news = (await readValue<unknown[]>(storageKeys.sentNotice)) ?? [];
      erasing = erasePatientData("kk");
      await writeValue(storageKeys.sentNotice, [...news, { id: "r1", subject: "Pilot", sentAt }]);
    });
    expect(await erasing).toBe(true);

    // The next patient is not shown "Messages sent: 2", nor 1.
    resetStorageForTests();
    expect(await readValue(storageKeys.sentNotice)).toBeUndefined();
  });
});

describe("privacy reset while a change is being stored", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });
  afterEach(() => vi.useRealTimers());

  it("does not bring back the previous patient's history or My voice, stored as the reset begins", async () => {
    await writeValue(storageKeys.talkHistory, [{ id: "h1", text: "Мой секрет", saidAt: 1 }]);
    await writeValue(storageKeys.voiceExamples, { phrases: { p1: ["their take"] } });
    // Talk stores the patient's last phrase, and My voice the take it was checking, on the
    // values as stored (another tab's changes kept), as the reset begins.
    let erasing: Promise<boolean> | undefined;
    const storing = Promise.all([
      updateValue(storageKeys.talkHistory, async (stored) => {
        erasing = erasePatientData("kk");
        // The erasing goes as far as it can before this change is written.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return [...(stored as unknown[]), { id: "h2", text: "Мой адрес", saidAt: 2 }];
      }),
      updateValue(storageKeys.voiceExamples, async (stored) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { ...(stored as object), checked: true };
      }),
    ]);
    await storing;
    expect(await erasing).toBe(true);

    resetStorageForTests();
    expect(await readValue(storageKeys.talkHistory)).toBeUndefined();
    expect(await readValue(storageKeys.voiceExamples)).toBeUndefined();
  });

  it("does not bring back the previous patient's lesson place, saved as the lesson page is left", async () => {
    await writeValue(storageKeys.lessonPlaces, { qVqS7xkuSU4: 840 });
    // The reset leaves the lesson page first, which saves where the patient's video was on the
    // places as stored (lesson-places.ts); the erasing begins while that save is being made.
    let erasing: Promise<boolean> | undefined;
    await updateValue(storageKeys.lessonPlaces, async (stored) => {
      erasing = erasePatientData("kk");
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { ...(stored as object), qVqS7xkuSU4: 901 };
    });
    expect(await erasing).toBe(true);

    resetStorageForTests();
    expect(await readValue(storageKeys.lessonPlaces)).toBeUndefined();
  });

  it("is not held for good by a change that never ends", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await writeValue(storageKeys.voiceExamples, { phrases: { p1: ["their take"] } });
    // My voice's examples re-made by a recogniser worker that hangs (until the test's end).
    let endHanging = () => {};
    const hanging = updateValue(storageKeys.voiceExamples, async (stored) => {
      await new Promise<void>((resolve) => (endHanging = resolve));
      return stored;
    });
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.voiceExamples)).toBeUndefined();
    endHanging();
    await hanging;
  });

  it("erases again what a change ending after the time limit wrote, and keeps what the next patient does", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await writeValue(storageKeys.voiceExamples, { phrases: { p1: ["their take"] } });
    // A recogniser worker re-making the previous patient's examples, slower than the limit.
    let endHanging = () => {};
    const hanging = updateValue(storageKeys.voiceExamples, async (stored) => {
      await new Promise<void>((resolve) => (endHanging = resolve));
      return stored;
    });
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    // The next patient teaches a phrase meanwhile (stored once the slow change has ended).
    const nextPatient = updateValue(storageKeys.voiceExamples, (stored) => ({
      phrases: { ...(stored as { phrases?: object } | undefined)?.phrases, p2: ["next take"] },
    }));
    endHanging();
    await hanging;
    await nextPatient;
    resetStorageForTests();
    expect(await readValue(storageKeys.voiceExamples)).toEqual({ phrases: { p2: ["next take"] } });
  });

  it("erases at once the photos of the patient's phrases as stored, though a change of the boards is held", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const pictures = openPictureStore()!;
    await set("picture-p1", { type: "image/webp", bytes: new ArrayBuffer(4) }, pictures);
    const photo = { set: "picture", id: "picture-p1" };
    await writeValue(storageKeys.talkBoards, {
      ru: [{ id: "p1", text: "Моя кошка", category: "mine", symbol: photo }],
    });
    // The patient's last change of the boards, stored slower than the limit.
    let endHanging = () => {};
    const hanging = updateValue(storageKeys.talkBoards, async (stored) => {
      await new Promise<void>((resolve) => (endHanging = resolve));
      return stored;
    });
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    const erased = await erasing;
    const kept = await get("picture-p1", pictures);
    endHanging();
    await hanging;
    expect(erased).toBe(true);
    expect(kept).toBeUndefined();
  });

  it("tells when erasing again what a change ending after the time limit wrote fails", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await writeValue(storageKeys.voiceExamples, { phrases: { p1: ["their take"] } });
    let endHanging = () => {};
    // The previous patient's answer, learnt from their examples as read before the reset.
    const hanging = updateValue(storageKeys.voiceExamples, async (stored) => {
      await new Promise<void>((resolve) => (endHanging = resolve));
      return { phrases: { ...(stored as { phrases: object }).phrases, p3: ["their answer"] } };
    });
    const lateFailures: string[] = [];
    const erasing = erasePatientData("kk", () => lateFailures.push("not erased"));
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    // The reset ends, and says the tablet is ready for the next person.
    expect(await erasing).toBe(true);
    // The slow change writes the previous patient's examples back, and the device refuses the
    // reset's erasing them again (a passing IndexedDB error).
    const refuse = vi.spyOn(IDBObjectStore.prototype, "delete").mockImplementation(() => {
      throw new DOMException("The transaction was aborted", "AbortError");
    });
    endHanging();
    await hanging;
    await vi.waitFor(() => expect(lateFailures).toEqual(["not erased"]));
    refuse.mockRestore();
    resetStorageForTests();
    // What the kiosk is told about: the previous patient's examples are still there.
    expect(await readValue(storageKeys.voiceExamples)).toEqual({
      phrases: { p1: ["their take"], p3: ["their answer"] },
    });
  });
});

describe("privacy reset of staff leaving kiosk mode, with a change slower than the time limit", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });
  afterEach(() => vi.useRealTimers());

  it("erases again what that change wrote back after staff left, and keeps staff's boards and Talk settings", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const clinicBoards = { kk: [{ id: "c1", text: "Мейірбикені шақырыңыз", category: "people" }] };
    const clinicSettings = {
      language: "kk",
      scanning: { mode: "one-switch", intervalMs: 2500, selectKey: "Space" },
    };
    await writeValue(storageKeys.talkBoards, clinicBoards);
    await writeValue(storageKeys.talkSettings, clinicSettings);
    expect(await keepClinicSetup()).toBe(true);
    // The patient's last phrase added and scanning turned off, stored slower than the limit (a
    // busy disk, a tab the browser froze).
    let endHanging = () => {};
    const hangs = new Promise<void>((resolve) => (endHanging = resolve));
    const hanging = Promise.all([
      updateValue(storageKeys.talkBoards, async (stored) => {
        await hangs;
        const kk = (stored as typeof clinicBoards).kk;
        return { kk: [...kk, { id: "p1", text: "Менің құпиям", category: "mine" }] };
      }),
      updateValue(storageKeys.talkSettings, async (stored) => {
        await hangs;
        return { ...(stored as object), scanning: { mode: "off" } };
      }),
    ]);
    // Staff leave kiosk mode: the session's reset, then the clinic's copy is forgotten.
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    expect(await forgetClinicSetup()).toBe(true);

    // The slow changes end and write the patient's values back; the reset's late turn follows.
    endHanging();
    await hanging;
    // Staff's next changes come after it.
    await Promise.all([
      updateValue(storageKeys.talkBoards, (stored) => stored),
      updateValue(storageKeys.talkSettings, (stored) => stored),
    ]);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual(clinicBoards);
    expect(await readValue(storageKeys.talkSettings)).toEqual(clinicSettings);
  });
});

describe("kiosk mode turned on again while the exit's slow change is still held", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => vi.useRealTimers());

  type Phrase = { id: string; text: string; category: string };
  const clinicBoards = { kk: [{ id: "c1", text: "Мейірбикені шақырыңыз", category: "people" }] };
  const clinicSettings = { language: "kk", rate: "normal" };
  // What staff add and change after leaving kiosk mode, before they turn it on again.
  const staffPhrase = { id: "s1", text: "Дәрігерді шақырыңыз", category: "people" };
  const staffBoards = { kk: [...clinicBoards.kk, staffPhrase] };
  const staffSettings = { language: "kk", rate: "slow" };
  const addPhrase = (phrase: Phrase) => (stored: unknown) => ({
    kk: [...(stored as { kk: Phrase[] }).kk, phrase],
  });

  /**
   * The clinic's set-up kept; a patient's phrase and settings stored slower than the limit; staff
   * leave kiosk mode meanwhile. Resolves to what ends that change.
   */
  async function leaveWithAChangeHeld() {
    await writeValue(storageKeys.talkBoards, clinicBoards);
    await writeValue(storageKeys.talkSettings, clinicSettings);
    expect(await keepClinicSetup()).toBe(true);
    let endHanging = () => {};
    const hangs = new Promise<void>((resolve) => (endHanging = resolve));
    const hanging = Promise.all([
      updateValue(storageKeys.talkBoards, async (stored) => {
        await hangs;
        return addPhrase({ id: "p1", text: "Менің құпиям", category: "mine" })(stored);
      }),
      updateValue(storageKeys.talkSettings, async (stored) => {
        await hangs;
        return { ...(stored as object), rate: "fast" };
      }),
    ]);
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    expect(await forgetClinicSetup()).toBe(true);
    return async () => {
      endHanging();
      await hanging;
    };
  }

  /**
   * Staff change the boards and Talk's settings, then turn kiosk mode on again. Resolves to the
   * storing of their changes, which waits behind the held change.
   */
  async function changeAndTurnOnAgain() {
    const staffChanges = Promise.all([
      updateValue(storageKeys.talkBoards, addPhrase(staffPhrase)),
      updateValue(storageKeys.talkSettings, (stored) => ({ ...(stored as object), rate: "slow" })),
    ]);
    const keeping = keepClinicSetup();
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await keeping).toBe(true);
    return { staffChanges };
  }

  /** Once every change asked for so far is stored. */
  const storedSoFar = () =>
    Promise.all([
      updateValue(storageKeys.talkBoards, (stored) => stored),
      updateValue(storageKeys.talkSettings, (stored) => stored),
    ]);

  it("keeps staff's changes in the clinic's set-up: the next reset puts them back", async () => {
    const endChange = await leaveWithAChangeHeld();
    const { staffChanges } = await changeAndTurnOnAgain();
    await endChange();
    await staffChanges;
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual(staffBoards);

    // The first patient changes the boards and settings; the reset after them.
    await updateValue(
      storageKeys.talkBoards,
      addPhrase({ id: "p2", text: "Мен", category: "mine" }),
    );
    await updateValue(storageKeys.talkSettings, (stored) => ({
      ...(stored as object),
      rate: "fast",
    }));
    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual(staffBoards);
    expect(await readValue(storageKeys.talkSettings)).toEqual(staffSettings);
  });

  it("a reset between patients while that change is still held puts back staff's set-up, changes and all", async () => {
    const endChange = await leaveWithAChangeHeld();
    const { staffChanges } = await changeAndTurnOnAgain();
    // The first patient adds a phrase (stored behind the held change too); the reset after them
    // erases without waiting for it.
    const patientPhrase = updateValue(
      storageKeys.talkBoards,
      addPhrase({ id: "p2", text: "Мен", category: "mine" }),
    );
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);

    await endChange();
    await Promise.all([staffChanges, patientPhrase, storedSoFar()]);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual(staffBoards);
    expect(await readValue(storageKeys.talkSettings)).toEqual(staffSettings);
  });

  it("staff leaving again before that change ends keep their boards and settings, and no clinic copy stays", async () => {
    const endChange = await leaveWithAChangeHeld();
    const { staffChanges } = await changeAndTurnOnAgain();
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    expect(await forgetClinicSetup()).toBe(true);

    await endChange();
    await Promise.all([staffChanges, storedSoFar()]);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual(staffBoards);
    expect(await readValue(storageKeys.talkSettings)).toEqual(staffSettings);
    // A copy left behind would keep the clinic's photos from ever being erased.
    expect(await readValue(storageKeys.talkClinicBoards)).toBeUndefined();
    expect(await readValue(storageKeys.talkClinicSettings)).toBeUndefined();
  });

  const picture = { type: "image/webp", bytes: new ArrayBuffer(4) };
  /** A phrase given a photo: the photo is kept on the device at once, the phrase behind it. */
  async function withPhoto(id: string, text: string) {
    await set(`picture-${id}`, picture, openPictureStore()!);
    return { id, text, category: "people", symbol: { set: "picture", id: `picture-${id}` } };
  }
  const photoKept = async (id: string) =>
    (await get(`picture-${id}`, openPictureStore()!)) !== undefined;
  const staffPhoto = {
    id: "s2",
    text: "Менің дәрігерім",
    category: "people",
    symbol: { set: "picture", id: "picture-s2" },
  };

  /** As `changeAndTurnOnAgain`, staff giving a phrase a photo first. */
  async function givePhotoAndTurnOnAgain() {
    const photoChange = updateValue(
      storageKeys.talkBoards,
      addPhrase(await withPhoto(staffPhoto.id, staffPhoto.text)),
    );
    const { staffChanges } = await changeAndTurnOnAgain();
    return { staffChanges: Promise.all([photoChange, staffChanges]) };
  }

  it.each([
    ["a reset between patients while that change is still held", false],
    ["staff leaving again before that change ends", true],
  ])("%s keeps the photo staff gave a phrase", async (_, leaveAgain) => {
    const endChange = await leaveWithAChangeHeld();
    const { staffChanges } = await givePhotoAndTurnOnAgain();
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    if (leaveAgain) expect(await forgetClinicSetup()).toBe(true);

    await endChange();
    await Promise.all([staffChanges, storedSoFar()]);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual({
      kk: [...clinicBoards.kk, staffPhoto, staffPhrase],
    });
    expect(await photoKept("s2")).toBe(true);
  });

  it("a reset while that change is still held erases the photo the patient gave a phrase, and keeps the next patient's", async () => {
    const endChange = await leaveWithAChangeHeld();
    const { staffChanges } = await changeAndTurnOnAgain();
    // The first patient gives a phrase a photo (the phrase stored behind the held change); the
    // reset after them erases without waiting for it.
    const patientPhoto = updateValue(
      storageKeys.talkBoards,
      addPhrase(await withPhoto("p2", "Менің мысығым")),
    );
    const erasing = erasePatientData("kk");
    await vi.advanceTimersByTimeAsync(changeLockWaitMs);
    expect(await erasing).toBe(true);
    // The next patient gives a phrase a photo too, stored after the reset's late turn.
    const nextPhoto = await withPhoto("n1", "Менің қызым");
    const nextPatient = updateValue(storageKeys.talkBoards, addPhrase(nextPhoto));

    await endChange();
    await Promise.all([staffChanges, patientPhoto, nextPatient, storedSoFar()]);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toEqual({ kk: [...staffBoards.kk, nextPhoto] });
    expect(await photoKept("p2")).toBe(false);
    expect(await photoKept("n1")).toBe(true);
  });
});

describe("privacy reset on a device whose databases never answer", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("ends within the time limit and says the patient's data was not erased", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("indexedDB", { open: () => ({}) });
    resetStorageForTests();

    const erased = erasePatientData("kk");
    // 3 s for the device's store (the clinic's boards are read from it first), then 3 s for the
    // pictures' database.
    await vi.advanceTimersByTimeAsync(6000);
    expect(await erased).toBe(false);
  });
});

describe("privacy reset of the Talk screen", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  const clinicBoards = { ru: [{ id: "c1", text: "Позовите медсестру", category: "people" }] };
  const patientBoards = {
    ru: [...clinicBoards.ru, { id: "p1", text: "Мой секрет", category: "mine" }],
  };

  it("erases what the patient said and puts back the clinic's boards", async () => {
    await writeValue(storageKeys.talkBoards, clinicBoards);
    expect(await keepClinicSetup()).toBe(true);
    await writeValue(storageKeys.talkBoards, patientBoards);
    await writeValue(storageKeys.talkHistory, [{ id: "h", text: "Мой секрет", saidAt: 1 }]);
    await writeValue(storageKeys.talkSettings, { language: "ru", rate: "slow" });

    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();

    expect(await readValue(storageKeys.talkBoards)).toEqual(clinicBoards);
    expect(await readValue(storageKeys.talkHistory)).toBeUndefined();
    expect(await readValue(storageKeys.talkSettings)).toBeUndefined();
  });

  it("puts back Talk's settings as staff left them, without My voice's pace", async () => {
    const clinic = {
      language: "kk",
      rate: "slow",
      pitch: "normal",
      turnForListener: true,
      scanning: { mode: "one-switch", intervalMs: 2500, selectKey: "Space" },
      boardLook: { symbols: { kk: "pictures" }, phoneColumns: 3 },
    };
    // Staff's own teaching before kiosk mode is not the patients' pace either.
    const staffPace = {
      pauseMs: null,
      takeMs: null,
      habits: [{ longestPauseMs: 900, speechMs: 2100 }],
      slowestMs: 2100,
    };
    await writeValue(storageKeys.talkSettings, { ...clinic, takePace: staffPace });
    expect(await keepClinicSetup()).toBe(true);
    // The patient turns scanning off, reads the board in words, and teaches My voice their pace.
    await writeValue(storageKeys.talkSettings, {
      ...clinic,
      language: "ru",
      scanning: { mode: "off" },
      boardLook: { symbols: { kk: "words" }, phoneColumns: 5 },
      takePace: {
        pauseMs: 3000,
        takeMs: 15_000,
        habits: [{ longestPauseMs: 2400, speechMs: 7000 }],
        slowestMs: 7000,
      },
    });

    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkSettings)).toEqual(clinic);

    // Kiosk mode ends: the clinic's copy goes, and the tablet keeps the settings it has.
    expect(await forgetClinicSetup()).toBe(true);
    expect(await readValue(storageKeys.talkClinicSettings)).toBeUndefined();
    expect(await readValue(storageKeys.talkSettings)).toEqual(clinic);
  });

  it("puts back the Recognition page's choices as staff left them", async () => {
    await writeValue(storageKeys.recognitionSettings, { onlyOnDevice: true });
    expect(await keepClinicSetup()).toBe(true);
    await writeValue(storageKeys.recognitionSettings, { onlyOnDevice: false });
    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.recognitionSettings)).toEqual({ onlyOnDevice: true });
  });

  it("goes back to the default Recognition choices when staff never made any", async () => {
    expect(await keepClinicSetup()).toBe(true);
    await writeValue(storageKeys.recognitionSettings, { onlyOnDevice: false });
    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.recognitionSettings)).toBeUndefined();
  });

  it("goes back to the starter boards when the clinic never changed them", async () => {
    expect(await keepClinicSetup()).toBe(true);
    await writeValue(storageKeys.talkBoards, patientBoards);
    expect(await erasePatientData("kk")).toBe(true);
    resetStorageForTests();
    expect(await readValue(storageKeys.talkBoards)).toBeUndefined();
    expect(await forgetClinicSetup()).toBe(true);
  });

  it("erases the photos the patient gave phrases, and keeps those on the clinic's boards", async () => {
    const pictures = openPictureStore()!;
    const picture = { type: "image/webp", bytes: new ArrayBuffer(4) };
    await set("picture-clinic", picture, pictures);
    await set("picture-patient", picture, pictures);
    const withPicture = (id: string, text: string) => ({
      id,
      text,
      category: "mine",
      symbol: { set: "picture", id: `picture-${id}` },
    });
    await writeValue(storageKeys.talkBoards, { ru: [withPicture("clinic", "Мой врач")] });
    expect(await keepClinicSetup()).toBe(true);
    await writeValue(storageKeys.talkBoards, {
      ru: [withPicture("clinic", "Мой врач"), withPicture("patient", "Моя кошка")],
    });

    expect(await erasePatientData("kk")).toBe(true);
    expect(await get("picture-patient", pictures)).toBeUndefined();
    expect(await get("picture-clinic", pictures)).toEqual(picture);

    // Kiosk mode ends on a board without the clinic's photo (a patient had deleted its phrase):
    // the photo kept for the clinic goes with it.
    await writeValue(storageKeys.talkBoards, { ru: [] });
    expect(await forgetClinicSetup()).toBe(true);
    expect(await get("picture-clinic", pictures)).toBeUndefined();
    await set("picture-clinic", picture, pictures);

    // Without clinic boards (the starter boards), every photo goes.
    expect(await erasePatientData("kk")).toBe(true);
    expect(await get("picture-clinic", pictures)).toBeUndefined();
  });
});
