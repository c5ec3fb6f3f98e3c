/**
 * Where the user's own phrase pictures are kept: an IndexedDB database of their own, read and
 * written by Talk (features/talk/board/phrase-pictures.ts and phrase-picture-writes.ts). A
 * privacy reset on a clinic tablet erases them (features/kiosk/privacy-reset.ts), keeping those
 * the clinic's boards use, without knowing Talk.
 */
import { createStore, type UseStore } from "idb-keyval";
import { answeredInTime } from "@/lib/storage";

export const picturesDatabase = { name: "dauys-pictures", store: "pictures" } as const;

const opened = new WeakMap<IDBFactory, UseStore | null>();

/**
 * The pictures' store, or null without IndexedDB; opened once for the page (once for each
 * `indexedDB`, which tests replace): idb-keyval never closes a connection, so each opening left
 * one more open, one for every privacy reset of a clinic's day. A database that does not open
 * within the device store's time limit (storage.ts) fails every use instead of leaving it
 * waiting for good (a phrase dialog stuck making a photo smaller, an export or a privacy reset
 * that never ends); each write or erase that fails is reported, as on the device store.
 */
export function openPictureStore(): UseStore | null {
  if (typeof indexedDB === "undefined") return null;
  const known = opened.get(indexedDB);
  if (known !== undefined) return known;
  let store: UseStore | null;
  try {
    store = answeredInTime(createStore(picturesDatabase.name, picturesDatabase.store));
  } catch {
    store = null;
  }
  opened.set(indexedDB, store);
  return store;
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
