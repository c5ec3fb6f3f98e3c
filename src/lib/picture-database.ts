/**
 * Where the user's own phrase pictures are kept: an IndexedDB database of their own, read and
 * written by Talk (features/talk/board/phrase-pictures.ts). A privacy reset on a clinic tablet
 * erases them here, keeping those the clinic's boards use, without knowing Talk.
 */
import { createStore, delMany, keys, type UseStore } from "idb-keyval";
import { answeredInTime, reportStorageFailure, storageKeys } from "@/lib/storage";

export const picturesDatabase = { name: "dauys-pictures", store: "pictures" } as const;

/**
 * The pictures' store, or null without IndexedDB. A database that does not open within the
 * device store's time limit (storage.ts) fails every use instead of leaving it waiting for good (a
 * phrase dialog stuck making a photo smaller, an export or a privacy reset that never ends), and
 * is reported as a failed write is: nothing can be kept in it.
 */
export function openPictureStore(): UseStore | null {
  try {
    return typeof indexedDB === "undefined"
      ? null
      : answeredInTime(createStore(picturesDatabase.name, picturesDatabase.store), (error) =>
          reportStorageFailure(error, storageKeys.pictures),
        );
  } catch {
    return null;
  }
}

/**
 * The ids of the pictures a stored value (boards as Talk keeps them) refers to: every
 * `{ set: "picture", id }` in it, however deep.
 */
export function pictureIdsIn(value: unknown): Set<string> {
  const ids = new Set<string>();
  const visit = (item: unknown) => {
    if (Array.isArray(item)) item.forEach(visit);
    else if (typeof item === "object" && item !== null) {
      const record = item as Record<string, unknown>;
      if (record.set === "picture" && typeof record.id === "string") ids.add(record.id);
      else Object.values(record).forEach(visit);
    }
  };
  visit(value);
  return ids;
}

/** Erases every kept picture but these; resolves to false when they could not be erased. */
export async function erasePicturesExcept(keep: ReadonlySet<string>): Promise<boolean> {
  const store = openPictureStore();
  if (!store) return true;
  try {
    const all = await keys<string>(store);
    await delMany(
      all.filter((id) => !keep.has(id)),
      store,
    );
    return true;
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
    return false;
  }
}
