/**
 * All IndexedDB access goes through this module (idb-keyval, one database "dauys", one store
 * "keyval"). Keys are the constants below:
 * - `dauys.language`: the interface language code, restored before the first paint.
 * - `dauys.contact-draft`, `dauys.recognition-draft`: what the user is typing, so a reload or a
 *   crash loses nothing.
 * - `dauys.last-audio`: the last generated speech audio with its text and language.
 * - `dauys.outbox`: contact requests waiting to be delivered to the server.
 * - `dauys.pilot-access`, `dauys.kiosk`: device settings.
 *
 * IndexedDB can be missing (some private modes) or fail (quota, a blocked upgrade). The app must
 * keep working then: reads fall back to an in-memory copy, and failed writes are reported to the
 * listeners registered with `onStorageError` so the UI can say that data is not being saved.
 */
import { createStore, del, get, set, type UseStore } from "idb-keyval";

export const storageKeys = {
  language: "dauys.language",
  contactDraft: "dauys.contact-draft",
  recognitionDraft: "dauys.recognition-draft",
  lastAudio: "dauys.last-audio",
  outbox: "dauys.outbox",
  pilotAccess: "dauys.pilot-access",
  kiosk: "dauys.kiosk",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

type StorageErrorListener = (error: unknown, key: StorageKey) => void;

const memory = new Map<StorageKey, unknown>();
const listeners = new Set<StorageErrorListener>();
let store: UseStore | null | undefined;

function getStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === "undefined" ? null : createStore("dauys", "keyval");
    } catch {
      store = null;
    }
  }
  return store;
}

function report(error: unknown, key: StorageKey) {
  for (const listener of listeners) listener(error, key);
}

/** Registers a listener for failed writes; returns a function that removes it. */
export function onStorageError(listener: StorageErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function readValue<T>(key: StorageKey): Promise<T | undefined> {
  const idb = getStore();
  if (idb) {
    try {
      const value = await get<T>(key, idb);
      if (value !== undefined) return value;
    } catch {
      // A failed read is not fatal: fall through to the in-memory copy.
    }
  }
  return memory.get(key) as T | undefined;
}

/** Writes a value; resolves to false (and reports) when it could not be saved on the device. */
export async function writeValue<T>(key: StorageKey, value: T): Promise<boolean> {
  memory.set(key, value);
  const idb = getStore();
  if (!idb) {
    report(new Error("IndexedDB is not available"), key);
    return false;
  }
  try {
    await set(key, value, idb);
    return true;
  } catch (error) {
    report(error, key);
    return false;
  }
}

export async function removeValue(key: StorageKey): Promise<boolean> {
  memory.delete(key);
  const idb = getStore();
  if (!idb) return false;
  try {
    await del(key, idb);
    return true;
  } catch (error) {
    report(error, key);
    return false;
  }
}

/** For tests: forget the in-memory copies and the cached store handle. */
export function resetStorageForTests() {
  memory.clear();
  store = undefined;
}
