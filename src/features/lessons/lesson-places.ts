/**
 * Where each lesson's video was left, kept on the device (`dauys.lesson-places`): a patient who
 * watched fourteen minutes of a lesson and closed the app, or whose phone dropped the page in the
 * background, is offered to go on from there next time, as within one visit. A lesson watched to
 * its end, or started again with Play, has no place. Each save changes only the lessons whose place
 * changed, on the places as stored now (`updateValue`): two tabs each keep their lesson's place. A
 * kiosk's privacy reset erases the places with the patient's data, under the same lock as those
 * saves, so a save under way cannot bring the previous patient's place back. A page shows the
 * places another tab stores while it is open (`followLessonPlaces`). Without IndexedDB, or when a
 * write fails (storage.ts reports it), the places last as long as the page.
 */
import { useEffect, useMemo, useState } from "react";
import { readValue, storageKeys } from "@/lib/storage";
import { onChangeElsewhere, updateValue } from "@/lib/storage-between-tabs";
import { useFlushWhenLeft } from "@/lib/use-flush-when-left";

/** Each lesson's place: its video's YouTube id → seconds into it. */
export type LessonPlaces = ReadonlyMap<string, number>;

/** This visit's changes of places: a number is a new place, `undefined` a place taken away. */
export type PlaceChanges = ReadonlyMap<string, number | undefined>;

/**
 * While a video plays its place changes every second: it is written at most this often, and at
 * once when the page is hidden or left.
 */
export const placeSaveEveryMs = 5000;

/**
 * Writes the latest of a value that keeps changing at most once per `everyMs`: unlike a draft's
 * save after a pause in typing, a place changes for as long as the video plays, and a save that
 * waited for a pause would wait for the whole lesson (lost with a crash or a flat battery).
 * `flush` writes what is pending at once.
 */
export function createPeriodicSave<T, R>(save: (value: T) => R, everyMs: number) {
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const next = pending;
    pending = null;
    return next ? save(next.value) : undefined;
  };
  return {
    schedule(value: T) {
      pending = { value };
      timer ??= setTimeout(flush, everyMs);
    },
    flush,
  };
}

/** The places as stored (an object of whole seconds), read leniently: anything else is dropped. */
export function placesFromStored(value: unknown): Map<string, number> {
  const places = new Map<string, number>();
  if (typeof value !== "object" || value === null || Array.isArray(value)) return places;
  for (const [youtubeId, seconds] of Object.entries(value)) {
    if (typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0) {
      places.set(youtubeId, Math.floor(seconds));
    }
  }
  return places;
}

/** The stored places with this visit's changes made on them: this visit's word wins. */
export function withChanges(stored: LessonPlaces, changes: PlaceChanges): Map<string, number> {
  const places = new Map(stored);
  for (const [youtubeId, seconds] of changes) {
    if (seconds === undefined) places.delete(youtubeId);
    else places.set(youtubeId, seconds);
  }
  return places;
}

export function readLessonPlaces(): Promise<Map<string, number>> {
  return readValue<unknown>(storageKeys.lessonPlaces).then(placesFromStored);
}

/**
 * Calls `show` with the places as stored, now and each time another tab stores them, until the
 * returned function is called. A read overtaken by a later one is not shown.
 */
export function followLessonPlaces(show: (places: Map<string, number>) => void): () => void {
  let reads = 0;
  let stopped = false;
  const read = () => {
    const thisRead = ++reads;
    void readLessonPlaces().then((places) => {
      if (!stopped && thisRead === reads) show(places);
    });
  };
  const stop = onChangeElsewhere(storageKeys.lessonPlaces, read);
  read();
  return () => {
    stopped = true;
    stop();
  };
}

/**
 * Saves this visit's changes of places (`schedule` them as they come) at most every
 * `placeSaveEveryMs`, and at once on `flush`. A save changes only the lessons whose place changed
 * since this page's last save, on the places as stored now: another tab's save of another lesson,
 * or of this one since, stays. A change whose write failed is reported, and made again on the
 * places as stored until a write succeeds (storage.ts). `flush` resolves once its save is made.
 */
export function createPlaceSaver() {
  // Each lesson's place as this page last saved it.
  const saved = new Map<string, number | undefined>();
  return createPeriodicSave(async (changes: PlaceChanges) => {
    const news = new Map(
      [...changes].filter(([id, seconds]) => !saved.has(id) || saved.get(id) !== seconds),
    );
    if (news.size === 0) return;
    for (const [youtubeId, seconds] of news) saved.set(youtubeId, seconds);
    await updateValue(storageKeys.lessonPlaces, (stored) =>
      Object.fromEntries(withChanges(placesFromStored(stored), news)),
    );
  }, placeSaveEveryMs);
}

/**
 * The places of the lessons, as stored (followed as other tabs change them) and as changed during
 * this visit, and the function that changes one (`undefined`: none). Until the stored places have
 * been read nothing is written.
 */
export function useLessonPlaces(): [
  LessonPlaces,
  (youtubeId: string, seconds: number | undefined) => void,
] {
  const [stored, setStored] = useState<LessonPlaces | null>(null);
  const [changes, setChanges] = useState<PlaceChanges>(() => new Map());
  const [saver] = useState(createPlaceSaver);

  useEffect(() => followLessonPlaces(setStored), []);

  useEffect(() => {
    if (stored && changes.size > 0) saver.schedule(changes);
  }, [stored, changes, saver]);

  useFlushWhenLeft(saver.flush);

  const places = useMemo(() => withChanges(stored ?? new Map(), changes), [stored, changes]);
  const change = (youtubeId: string, seconds: number | undefined) =>
    setChanges((now) => {
      if (now.has(youtubeId) && now.get(youtubeId) === seconds) return now;
      return new Map(now).set(youtubeId, seconds);
    });
  return [places, change];
}
