import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPeriodicSave,
  createPlaceSaver,
  placeSaveEveryMs,
  placesFromStored,
  placesShown,
  readLessonPlaces,
  withChanges,
  withPlaceReached,
  withSavedChanges,
  type Place,
  type TimedPlaces,
} from "@/features/lessons/lesson-places";
import {
  onStorageError,
  readValue,
  resetStorageForTests,
  storageKeys,
  writeValue,
} from "@/lib/storage";

/** A page's changes: each lesson's place (`undefined`: none), reached at `at`. */
function reached(places: [string, number | undefined][], at = Date.now()): TimedPlaces {
  return places.reduce<TimedPlaces>(
    (changes, [youtubeId, seconds]) => withPlaceReached(new Map(), changes, youtubeId, seconds, at),
    new Map(),
  );
}

/** A tab of the app: its own copies of the modules, on the device's one database. */
async function openTab() {
  vi.resetModules();
  return import("@/features/lessons/lesson-places");
}

describe("the places where lessons were left", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are kept on the device: the next visit finds them, with the last visit's changes made", async () => {
    const firstVisit = createPlaceSaver();
    firstVisit.schedule(
      reached([
        ["qVqS7xkuSU4", 840],
        ["ndxE81HS0tk", 95],
      ]),
    );
    await firstVisit.flush();
    // The app closed and opened again: read from IndexedDB itself, not this page's copy.
    resetStorageForTests();
    expect(await readLessonPlaces()).toEqual(
      new Map([
        ["qVqS7xkuSU4", 840],
        ["ndxE81HS0tk", 95],
      ]),
    );

    // This visit: one lesson watched on, one started again from its beginning (or played to its
    // end), one new; lessons this visit did not touch keep their place.
    const secondVisit = createPlaceSaver();
    secondVisit.schedule(
      reached([
        ["qVqS7xkuSU4", 901],
        ["ndxE81HS0tk", undefined],
        ["Xk2pq9Lm3Tz", 40],
      ]),
    );
    await secondVisit.flush();
    resetStorageForTests();
    expect(await readLessonPlaces()).toEqual(
      new Map([
        ["qVqS7xkuSU4", 901],
        ["Xk2pq9Lm3Tz", 40],
      ]),
    );
  });

  it("saved in two tabs, each keep their lesson's place", async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    // Both tabs show Recovery, each with the places stored when it opened (none yet).
    expect(await tabA.readLessonPlaces()).toEqual(new Map());
    expect(await tabB.readLessonPlaces()).toEqual(new Map());
    const [savesA, savesB] = [tabA.createPlaceSaver(), tabB.createPlaceSaver()];
    // Tab A saves lesson 3's place, then tab B lesson 5's.
    savesA.schedule(reached([["lesson-3", 840]]));
    await savesA.flush();
    savesB.schedule(reached([["lesson-5", 95]]));
    await savesB.flush();
    // Tab A's lesson plays on; tab B's is watched to its end.
    savesA.schedule(reached([["lesson-3", 900]]));
    await savesA.flush();
    savesB.schedule(reached([["lesson-5", undefined]]));
    await savesB.flush();

    const device = await openTab();
    expect(await device.readLessonPlaces()).toEqual(new Map([["lesson-3", 900]]));
  });

  it("changed in two tabs: the place watched last shows in both, and is the one kept", async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    // What each tab shows: the places as stored (followed), with its own changes made on them.
    let storedA: TimedPlaces = new Map();
    let storedB: TimedPlaces = new Map();
    const stops = [
      tabA.followLessonPlaces((places) => (storedA = places)),
      tabB.followLessonPlaces((places) => (storedB = places)),
    ];
    const [savesA, savesB] = [tabA.createPlaceSaver(), tabB.createPlaceSaver()];
    let changesA: TimedPlaces = new Map();
    let changesB: TimedPlaces = new Map();
    const shownA = () => placesShown(withChanges(storedA, changesA)).get("lesson-3");
    const shownB = () => placesShown(withChanges(storedB, changesB)).get("lesson-3");

    // Lesson 3 watched to 5:00 in tab A, then on to 10:00 in tab B.
    changesA = withPlaceReached(storedA, changesA, "lesson-3", 300, 1_000);
    savesA.schedule(changesA);
    await savesA.flush();
    await vi.waitFor(() => expect(shownB()).toBe(300));
    changesB = withPlaceReached(storedB, changesB, "lesson-3", 600, 2_000);
    savesB.schedule(changesB);
    await savesB.flush();
    // Tab A offers to go on from 10:00, not from its own older 5:00.
    await vi.waitFor(() => expect(shownA()).toBe(600));
    expect(shownB()).toBe(600);

    // Gone on in tab A to 10:10: tab B shows that over its own 10:00.
    changesA = withPlaceReached(storedA, changesA, "lesson-3", 610, 3_000);
    savesA.schedule(changesA);
    await savesA.flush();
    await vi.waitFor(() => expect(shownB()).toBe(610));
    expect(shownA()).toBe(610);

    // Tab A reached 10:20 but had not saved it yet when the lesson was watched to its end in tab
    // B: A's later save of its older place does not bring a place back, in either tab.
    changesA = withPlaceReached(storedA, changesA, "lesson-3", 620, 4_000);
    savesA.schedule(changesA);
    changesB = withPlaceReached(storedB, changesB, "lesson-3", undefined, 5_000);
    savesB.schedule(changesB);
    await savesB.flush();
    await vi.waitFor(() => expect(shownA()).toBeUndefined());
    await savesA.flush();
    const device = await openTab();
    expect(await device.readLessonPlaces()).toEqual(new Map());
    await vi.waitFor(() => expect(storedB.get("lesson-3")).toEqual({ at: 5_000 }));
    expect([shownA(), shownB()]).toEqual([undefined, undefined]);
    for (const stop of stops) stop();
  });

  it("reached again in a tab after another tab's later place showed there: the later again", () => {
    // What tab A shows of lesson 3: tab B watched it to 10:00 after A's own last change.
    const storedInA: TimedPlaces = new Map([["lesson-3", { seconds: 600, at: 2_000 }]]);

    // Tab A saw the lesson end. Play, pressed there now, starts it from its beginning (the
    // player starts at the place shown), not from B's 10:00.
    const ended = reached([["lesson-3", undefined]], 1_000);
    expect(placesShown(withChanges(storedInA, ended)).get("lesson-3")).toBe(600);
    const playedAgain = withPlaceReached(storedInA, ended, "lesson-3", undefined, 3_000);
    expect(placesShown(withChanges(storedInA, playedAgain)).get("lesson-3")).toBeUndefined();

    // Tab A had paused the lesson at 0:42; its video, played and paused there again within that
    // second, is left at 0:42.
    const paused = reached([["lesson-3", 42]], 1_000);
    const pausedAgain = withPlaceReached(storedInA, paused, "lesson-3", 42, 3_000);
    expect(placesShown(withChanges(storedInA, pausedAgain)).get("lesson-3")).toBe(42);
    // The player says where it is four times a second: this tab's place, shown, reached again in
    // the same second changes nothing.
    expect(withPlaceReached(storedInA, pausedAgain, "lesson-3", 42, 3_250)).toBe(pausedAgain);
  });

  it("followed in an open tab: another tab's saves show there without a new visit", async () => {
    const [shown, saving] = [await openTab(), await openTab()];
    const seen: Map<string, number>[] = [];
    const stop = shown.followLessonPlaces((places) => seen.push(placesShown(places)));
    await vi.waitFor(() => expect(seen).toEqual([new Map()]));

    const saves = saving.createPlaceSaver();
    saves.schedule(reached([["lesson-5", 95]]));
    await saves.flush();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(new Map([["lesson-5", 95]])));
    // Watched to its end there: the place goes here too.
    saves.schedule(reached([["lesson-5", undefined]]));
    await saves.flush();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(new Map()));
    stop();
  });

  it("read what is stored leniently: anything but a place in seconds is left out", () => {
    expect(placesFromStored(undefined)).toEqual(new Map());
    expect(placesFromStored([840])).toEqual(new Map());
    const stored = placesFromStored({
      a: { seconds: 840.7, at: 5 },
      b: { seconds: "840", at: 5 },
      c: { seconds: -1, at: 5 },
      d: { seconds: 840 },
      e: { at: 5 },
      f: null,
      // Stored before places had a time: older than any place with one.
      g: 95,
      h: "95",
    });
    expect(stored).toEqual(
      new Map<string, Place>([
        ["a", { seconds: 840, at: 5 }],
        ["b", { at: 5 }],
        ["c", { at: 5 }],
        ["e", { at: 5 }],
        ["g", { seconds: 95, at: 0 }],
      ]),
    );
    expect(placesShown(stored)).toEqual(
      new Map([
        ["a", 840],
        ["g", 95],
      ]),
    );
  });

  it("saved, change only the lessons whose place changed: other entries stay as stored, to the letter", async () => {
    // Stored by a later version: an entry with more in it, and one this version cannot read.
    const later = {
      a: { seconds: 840, at: 5, speed: 0.75 },
      b: { seconds: "14:00", at: 6 },
      c: { seconds: 95, at: 7 },
    };
    expect(withSavedChanges(later, reached([["c", 120]], 8))).toEqual({
      a: { seconds: 840, at: 5, speed: 0.75 },
      b: { seconds: "14:00", at: 6 },
      c: { seconds: 120, at: 8 },
    });
    // A place of this page's older than the stored one is not written.
    expect(withSavedChanges(later, reached([["a", 30]], 4))).toEqual(later);
    // A stored value in a form this version does not know is left as it is.
    expect(withSavedChanges([["a", 840]], reached([["a", 30]], 9))).toEqual([["a", 840]]);
    expect(withSavedChanges(undefined, reached([["a", 30]], 9))).toEqual({
      a: { seconds: 30, at: 9 },
    });

    // Through the saver, on the device's database.
    await writeValue(storageKeys.lessonPlaces, later);
    const saver = createPlaceSaver();
    saver.schedule(reached([["c", 120]], 8));
    await saver.flush();
    resetStorageForTests();
    expect(await readValue(storageKeys.lessonPlaces)).toEqual({
      ...later,
      c: { seconds: 120, at: 8 },
    });
  });

  it("without IndexedDB, last as long as the page, and the failed write is reported", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    const saver = createPlaceSaver();
    saver.schedule(reached([["qVqS7xkuSU4", 840]]));
    await saver.flush();
    expect(failures).toEqual([storageKeys.lessonPlaces]);
    expect(await readLessonPlaces()).toEqual(new Map([["qVqS7xkuSU4", 840]]));
    stop();
  });
});

describe("createPeriodicSave", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes a place that keeps changing while the video plays every few seconds, not only once it stops", () => {
    vi.useFakeTimers();
    const saved: number[] = [];
    const saver = createPeriodicSave((seconds: number) => saved.push(seconds), placeSaveEveryMs);
    // A place reported every second for 12 s.
    for (let second = 1; second <= 12; second++) {
      saver.schedule(second);
      vi.advanceTimersByTime(1000);
    }
    expect(saved).toEqual([5, 10]);
    // The page hidden or left: what is pending goes at once, and only once.
    saver.flush();
    saver.flush();
    expect(saved).toEqual([5, 10, 12]);
    vi.advanceTimersByTime(placeSaveEveryMs);
    expect(saved).toEqual([5, 10, 12]);
  });
});
