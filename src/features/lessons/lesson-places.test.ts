import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPeriodicSave,
  createPlaceSaver,
  placeSaveEveryMs,
  placesFromStored,
  readLessonPlaces,
} from "@/features/lessons/lesson-places";
import { onStorageError, resetStorageForTests, storageKeys } from "@/lib/storage";

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
      new Map([
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
      new Map([
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
    savesA.schedule(new Map([["lesson-3", 840]]));
    await savesA.flush();
    savesB.schedule(new Map([["lesson-5", 95]]));
    await savesB.flush();
    // Tab A's lesson plays on; tab B's is watched to its end.
    savesA.schedule(new Map([["lesson-3", 900]]));
    await savesA.flush();
    savesB.schedule(new Map([["lesson-5", undefined]]));
    await savesB.flush();

    const device = await openTab();
    expect(await device.readLessonPlaces()).toEqual(new Map([["lesson-3", 900]]));
  });

  it("followed in an open tab: another tab's saves show there without a new visit", async () => {
    const [shown, saving] = [await openTab(), await openTab()];
    const seen: Map<string, number>[] = [];
    const stop = shown.followLessonPlaces((places) => seen.push(places));
    await vi.waitFor(() => expect(seen).toEqual([new Map()]));

    const saves = saving.createPlaceSaver();
    saves.schedule(new Map([["lesson-5", 95]]));
    await saves.flush();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(new Map([["lesson-5", 95]])));
    // Watched to its end there: the place goes here too.
    saves.schedule(new Map([["lesson-5", undefined]]));
    await saves.flush();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(new Map()));
    stop();
  });

  it("read what is stored leniently: anything but a place in seconds is left out", () => {
    expect(placesFromStored(undefined)).toEqual(new Map());
    expect(placesFromStored([840])).toEqual(new Map());
    expect(placesFromStored({ a: 840.7, b: "840", c: -1, d: Number.NaN, e: 0, f: null })).toEqual(
      new Map([["a", 840]]),
    );
  });

  it("without IndexedDB, last as long as the page, and the failed write is reported", async () => {
    vi.stubGlobal("indexedDB", undefined);
    resetStorageForTests();
    const failures: string[] = [];
    const stop = onStorageError((_error, key) => failures.push(key));
    const saver = createPlaceSaver();
    saver.schedule(new Map([["qVqS7xkuSU4", 840]]));
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
