/**
 * Where each lesson's video was left, kept on the device (`dauys.lesson-places`): a patient who
 * watched fourteen minutes of a lesson and closed the app, or whose phone dropped the page in the
 * background, is offered to go on from there next time, as within one visit. A lesson watched to
 * its end, or started again with Play, has no place. A kiosk's privacy reset erases the places
 * with the patient's data. Without IndexedDB, or when a write fails (storage.ts reports it), the
 * places last as long as the page.
 */
import { useEffect, useMemo, useState } from "react";
import { readValue, storageKeys, writeValue } from "@/lib/storage";

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
export function createPeriodicSave<T>(save: (value: T) => unknown, everyMs: number) {
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const next = pending;
    pending = null;
    if (next) save(next.value);
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

/** Resolves to false when the places could not be kept on the device. */
export function writeLessonPlaces(places: LessonPlaces): Promise<boolean> {
  return writeValue(storageKeys.lessonPlaces, Object.fromEntries(places));
}

/**
 * The places of the lessons, as stored and as changed during this visit, and the function that
 * changes one (`undefined`: none). Until the stored places have been read nothing is written, so
 * an early change cannot write over them. The whole value is written without reading it again:
 * a kiosk's privacy reset erases it right after the page is left, and a write that waited for a
 * read could land after the erasing and keep the patient's places for the next one.
 */
export function useLessonPlaces(): [
  LessonPlaces,
  (youtubeId: string, seconds: number | undefined) => void,
] {
  const [stored, setStored] = useState<LessonPlaces | null>(null);
  const [changes, setChanges] = useState<PlaceChanges>(() => new Map());
  const [saver] = useState(() => createPeriodicSave(writeLessonPlaces, placeSaveEveryMs));

  useEffect(() => {
    let left = false;
    void readLessonPlaces().then((places) => {
      if (!left) setStored(places);
    });
    return () => {
      left = true;
    };
  }, []);

  useEffect(() => {
    if (stored && changes.size > 0) saver.schedule(withChanges(stored, changes));
  }, [stored, changes, saver]);

  useEffect(() => {
    const flush = () => saver.flush();
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", flush);
      flush();
    };
  }, [saver]);

  const places = useMemo(() => withChanges(stored ?? new Map(), changes), [stored, changes]);
  const change = (youtubeId: string, seconds: number | undefined) =>
    setChanges((now) => {
      if (now.has(youtubeId) && now.get(youtubeId) === seconds) return now;
      return new Map(now).set(youtubeId, seconds);
    });
  return [places, change];
}
