import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createPeriodicSave,
  placeSaveEveryMs,
  placesFromStored,
  readLessonPlaces,
  withChanges,
  writeLessonPlaces,
} from "@/features/lessons/lesson-places";
import { onStorageError, resetStorageForTests, storageKeys } from "@/lib/storage";

describe("the places where lessons were left", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are kept on the device: the next visit finds them, with the last visit's changes made", async () => {
    expect(
      await writeLessonPlaces(
        new Map([
          ["qVqS7xkuSU4", 840],
          ["ndxE81HS0tk", 95],
        ]),
      ),
    ).toBe(true);
    // The app closed and opened again: read from IndexedDB itself, not this page's copy.
    resetStorageForTests();
    const stored = await readLessonPlaces();
    expect(stored).toEqual(
      new Map([
        ["qVqS7xkuSU4", 840],
        ["ndxE81HS0tk", 95],
      ]),
    );

    // This visit: one lesson watched on, one started again from its beginning (or played to its
    // end), one new; lessons this visit did not touch keep their place.
    const changes = new Map([
      ["qVqS7xkuSU4", 901],
      ["ndxE81HS0tk", undefined],
      ["Xk2pq9Lm3Tz", 40],
    ]);
    expect(await writeLessonPlaces(withChanges(stored, changes))).toBe(true);
    resetStorageForTests();
    expect(await readLessonPlaces()).toEqual(
      new Map([
        ["qVqS7xkuSU4", 901],
        ["Xk2pq9Lm3Tz", 40],
      ]),
    );
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
    expect(await writeLessonPlaces(new Map([["qVqS7xkuSU4", 840]]))).toBe(false);
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
