/**
 * Where each lesson's video was left, kept on the device (`dauys.lesson-places`): a patient who
 * watched fourteen minutes of a lesson and closed the app, or whose phone dropped the page in the
 * background, is offered to go on from there next time, as within one visit. A lesson watched to
 * its end, or started again with Play, has no place. Each save changes only the lessons whose place
 * changed, on the places as stored now (`updateValue`): two tabs each keep their lesson's place.
 * Each place carries the time it was reached: where two tabs changed the same lesson's place, the
 * one watched last wins, in storage and in both tabs. A kiosk's privacy reset erases the places
 * with the patient's data, under the same lock as those saves, so a save under way cannot bring
 * the previous patient's place back. A page shows the places another tab stores while it is open
 * (`followLessonPlaces`). Without IndexedDB, or when a write fails (storage.ts reports it), the
 * places last as long as the page.
 */
import { useEffect, useMemo, useState } from "react";
import { readValue, storageKeys } from "@/lib/storage";
import { onChangeElsewhere, updateValue } from "@/lib/storage-between-tabs";
import { useFlushWhenLeft } from "@/lib/use-flush-when-left";

/** Each lesson's place, as shown: its video's YouTube id → seconds into it. */
export type LessonPlaces = ReadonlyMap<string, number>;

/**
 * A lesson's place and when it was reached (`Date.now()`, the device's clock, which every tab
 * shares). Without `seconds` the lesson has no place (watched to its end, or started again), and
 * that is kept too: another tab's older place of the lesson does not bring it back.
 */
export type Place = { readonly seconds?: number; readonly at: number };

/** Each lesson's place with its time: its video's YouTube id → the place. */
export type TimedPlaces = ReadonlyMap<string, Place>;

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The places as stored (an object of `{ seconds, at }`, whole seconds), read leniently: anything
 * else is dropped. A place stored as a plain number of seconds, as before places had a time, is
 * older than any place with one.
 */
export function placesFromStored(value: unknown): Map<string, Place> {
  const places = new Map<string, Place>();
  if (!isRecord(value)) return places;
  for (const [youtubeId, stored] of Object.entries(value)) {
    const { seconds, at } =
      typeof stored === "number" ? { seconds: stored, at: 0 } : isRecord(stored) ? stored : {};
    if (typeof at !== "number" || !Number.isFinite(at)) continue;
    places.set(
      youtubeId,
      typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
        ? { seconds: Math.floor(seconds), at }
        : { at },
    );
  }
  return places;
}

/**
 * The places as stored with this page's changes made on them: of the two places of a lesson the
 * later one is kept (another tab's newer place shows here, and this page's newer one is stored).
 */
export function withChanges(stored: TimedPlaces, changes: TimedPlaces): Map<string, Place> {
  const places = new Map(stored);
  for (const [youtubeId, place] of changes) {
    if (place.at >= (stored.get(youtubeId)?.at ?? -Infinity)) places.set(youtubeId, place);
  }
  return places;
}

/** The lessons that have a place, and their places in seconds. */
export function placesShown(places: TimedPlaces): Map<string, number> {
  const shown = new Map<string, number>();
  for (const [youtubeId, { seconds }] of places) if (seconds) shown.set(youtubeId, seconds);
  return shown;
}

/**
 * This page's changes with the place of one lesson reached now (`undefined`: none), on the places
 * as stored. The player says where it is four times a second: this page's place reached again is
 * no change while it is the one shown. Once another tab's later place shows instead, it is one:
 * Play pressed on a lesson this page last saw end (no place either way) started the video at the
 * other tab's place, and a video paused here within the second it was at kept that place too.
 */
export function withPlaceReached(
  stored: TimedPlaces,
  changes: TimedPlaces,
  youtubeId: string,
  seconds: number | undefined,
  at = Date.now(),
): TimedPlaces {
  const mine = changes.get(youtubeId);
  const shown = mine && mine.at >= (stored.get(youtubeId)?.at ?? -Infinity);
  if (shown && mine.seconds === seconds) return changes;
  return new Map(changes).set(youtubeId, seconds === undefined ? { at } : { seconds, at });
}

function readTimedPlaces(): Promise<Map<string, Place>> {
  return readValue<unknown>(storageKeys.lessonPlaces).then(placesFromStored);
}

/** The places as stored, in seconds. */
export function readLessonPlaces(): Promise<Map<string, number>> {
  return readTimedPlaces().then(placesShown);
}

/**
 * Calls `show` with the places as stored, now and each time another tab stores them, until the
 * returned function is called. A read overtaken by a later one is not shown.
 */
export function followLessonPlaces(show: (places: Map<string, Place>) => void): () => void {
  let reads = 0;
  let stopped = false;
  const read = () => {
    const thisRead = ++reads;
    void readTimedPlaces().then((places) => {
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
 * since this page's last save, on the places as stored now: another tab's save of another lesson
 * stays, and so does its place of this lesson if it was reached later. A change whose write
 * failed is reported, and made again on the places as stored until a write succeeds (storage.ts).
 * `flush` resolves once its save is made.
 */
export function createPlaceSaver() {
  // Each lesson's place as this page last saved it.
  const saved = new Map<string, Place>();
  return createPeriodicSave(async (changes: TimedPlaces) => {
    const news = new Map([...changes].filter(([id, place]) => saved.get(id) !== place));
    if (news.size === 0) return;
    for (const [youtubeId, place] of news) saved.set(youtubeId, place);
    await updateValue(storageKeys.lessonPlaces, (stored) => withSavedChanges(stored, news));
  }, placeSaveEveryMs);
}

/**
 * The places as stored with `news` written in, where they are later: every other lesson's entry
 * stays as stored, to the letter. A later version may store more in an entry, or store it
 * otherwise, and a tab still open in this version must not undo that (this version's own save,
 * before, rewrote each entry as it read it, and an older version's dropped every timed place). A
 * stored value that is not an object of places is a format this version does not know: it is
 * left as it is, and the places last as long as the page.
 */
export function withSavedChanges(stored: unknown, news: TimedPlaces): unknown {
  if (stored !== undefined && !isRecord(stored)) return stored;
  const kept = withChanges(placesFromStored(stored), news);
  const next: Record<string, unknown> = { ...stored };
  for (const [youtubeId, place] of news) if (kept.get(youtubeId) === place) next[youtubeId] = place;
  return next;
}

/**
 * The places of the lessons, as stored (followed as other tabs change them) and as changed during
 * this visit, the later of the two for each lesson, and the function that changes one
 * (`undefined`: none). Until the stored places have been read nothing is written.
 */
export function useLessonPlaces(): [
  LessonPlaces,
  (youtubeId: string, seconds: number | undefined) => void,
] {
  // One state: a change is made on the places as stored when it comes (`withPlaceReached`). The
  // video's frame keeps the function it was first given, and that render's places with it.
  const [{ stored, changes }, setPlaces] = useState<{
    stored: TimedPlaces | null;
    changes: TimedPlaces;
  }>(() => ({ stored: null, changes: new Map() }));
  const [saver] = useState(createPlaceSaver);

  useEffect(() => followLessonPlaces((read) => setPlaces((now) => ({ ...now, stored: read }))), []);

  useEffect(() => {
    if (stored && changes.size > 0) saver.schedule(changes);
  }, [stored, changes, saver]);

  useFlushWhenLeft(saver.flush);

  const places = useMemo(
    () => placesShown(withChanges(stored ?? new Map(), changes)),
    [stored, changes],
  );
  const change = (youtubeId: string, seconds: number | undefined) =>
    setPlaces((now) => {
      const next = withPlaceReached(now.stored ?? new Map(), now.changes, youtubeId, seconds);
      return next === now.changes ? now : { ...now, changes: next };
    });
  return [places, change];
}
