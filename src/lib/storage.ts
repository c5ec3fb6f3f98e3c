/**
 * All IndexedDB access goes through this module (idb-keyval, one database "dauys", one store
 * "keyval", named in src/shared/api-contract.ts with the keys that code outside this module reads
 * too). Keys are the constants below:
 * - `dauys.language`: the interface language code, restored before the first paint.
 * - `dauys.contact-draft`, `dauys.recognition-draft`, `dauys.talk-draft`: what the user is typing
 *   (Talk's: in its "Type to speak" box), so a reload or a crash loses nothing.
 * - `dauys.last-audio`: the last generated speech audio with its text and language.
 * - `dauys.last-lesson`: the Recovery lesson last chosen, shown when the page opens again.
 * - `dauys.lesson-places`: where each Recovery lesson's video was left, to go on from there.
 * - `dauys.outbox`: contact requests waiting to be delivered to the server.
 * - `dauys.sent-notice`: requests delivered after they had to wait, until the user has closed the
 *   news that they were sent (a privacy reset on a clinic tablet erases it too).
 * - `dauys.pilot-access`, `dauys.kiosk`: device settings.
 * - `dauys.recognition-settings`: the Recognition page's choices for this device ("Only
 *   recognise on this device"); `dauys.recognition-clinic-settings`: on a kiosk tablet, those
 *   choices as staff left them when kiosk mode was turned on; each privacy reset puts them back.
 * - `dauys.talk-boards`, `dauys.talk-history`, `dauys.talk-settings`: the Talk screen's phrase
 *   boards (only the languages the user changed), what was said, and the voice settings.
 * - `dauys.talk-clinic-boards`, `dauys.talk-clinic-settings`: on a kiosk tablet, the boards and
 *   the settings (without My voice's pace, which is the patient's) as staff left them when kiosk
 *   mode was turned on; each privacy reset puts them back.
 * - `dauys.voice-examples`, `dauys.voice-settings`: My voice's examples of the user saying their
 *   phrases (features, and recordings only if the user agreed to keep them), and that choice.
 * - Not here: the kiosk's last use (`dauys.kiosk-last-use`) is one number in localStorage, read
 *   synchronously as a kiosk session starts (features/kiosk/kiosk-session.tsx).
 * - `dauys.pictures` names no value here: the user's own phrase pictures are blobs in a database of
 *   their own ("dauys-pictures", see features/talk/board/phrase-pictures.ts), so a big picture is
 *   never read with the settings; a failed write there is reported under this key.
 *
 * IndexedDB can be missing (some private modes) or fail (quota, a blocked upgrade). The app must
 * keep working then: reads fall back to an in-memory copy, and failed writes are reported to the
 * listeners registered with `onStorageError` so the UI can say that data is not being saved. A
 * value other tabs change too is changed with `changeValue`: when its read or write fails, the
 * change is not written on a copy, but made again on the value as stored each time it is read,
 * until a write succeeds.
 * `onValueChange` tells this page's listeners that a key was written or removed here, so a part
 * of the UI showing a value learns when another part changes or erases it. `withDeviceLock` runs
 * read-modify-writes of a value one at a time across tabs (the outbox's, and those of
 * storage-between-tabs.ts).
 */
import { createStore, get, promisifyRequest, type UseStore } from "idb-keyval";
import { deviceDatabase, sharedStorageKeys } from "@/shared/api-contract";

export const storageKeys = {
  language: sharedStorageKeys.language,
  contactDraft: "dauys.contact-draft",
  recognitionDraft: "dauys.recognition-draft",
  talkDraft: "dauys.talk-draft",
  lastAudio: "dauys.last-audio",
  lastLesson: "dauys.last-lesson",
  lessonPlaces: "dauys.lesson-places",
  outbox: sharedStorageKeys.outbox,
  sentNotice: "dauys.sent-notice",
  pilotAccess: "dauys.pilot-access",
  kiosk: "dauys.kiosk",
  recognitionSettings: "dauys.recognition-settings",
  recognitionClinicSettings: "dauys.recognition-clinic-settings",
  talkBoards: "dauys.talk-boards",
  talkHistory: "dauys.talk-history",
  talkSettings: "dauys.talk-settings",
  talkClinicBoards: "dauys.talk-clinic-boards",
  talkClinicSettings: "dauys.talk-clinic-settings",
  voiceExamples: "dauys.voice-examples",
  voiceSettings: "dauys.voice-settings",
  pictures: "dauys.pictures",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

type StorageErrorListener = (error: unknown, key: StorageKey) => void;
/** `saved`: whether the change reached IndexedDB (and so the app's other tabs). */
type ValueChangeListener = (saved: boolean) => void;

const memory = new Map<StorageKey, unknown>();
// Keys whose latest change here did not reach IndexedDB: for them the in-memory copy is newer.
const unsaved = new Set<StorageKey>();
/** A change of a stored value (undefined when there is none), made on it as stored now. */
export type ValueChange<T> = (stored: unknown) => T | Promise<T>;
// Of those keys, the ones last changed by `changeValue`: the changes whose writes failed, in order.
const unsavedChanges = new Map<StorageKey, ValueChange<unknown>[]>();
const listeners = new Set<StorageErrorListener>();
const changeListeners = new Map<StorageKey, Set<ValueChangeListener>>();
let store: UseStore | null | undefined;

function getStore(): UseStore | null {
  if (store === undefined) {
    try {
      store =
        typeof indexedDB === "undefined"
          ? null
          : answeredInTime(createStore(deviceDatabase.name, deviceDatabase.store));
    } catch {
      store = null;
    }
  }
  return store;
}

/**
 * Whether this context works without the device's database: the browser has none, or it did not
 * open (in time). What is read then comes from memory only, so "nothing stored" may be untrue.
 */
export function isDeviceStoreMissing(): boolean {
  return getStore() === null;
}

/**
 * Some browsers at times never answer the opening of a database: no success, no error. Without a
 * limit the app would wait for good to start, and every save would hang. A database that has not
 * opened after 3 s counts as missing for the rest of the page's life, as in a browser without
 * IndexedDB; so does one that failed to open: every use of the store returned fails (so writes
 * are reported), and the device store's reads come from memory. The pictures' database
 * (picture-database.ts) is opened with the same limit.
 */
export function answeredInTime(open: UseStore): UseStore {
  const opened = new Promise((resolve, reject) => {
    setTimeout(reject, 3000);
    open("readonly", resolve).catch(reject);
  });
  const limited: UseStore = (mode, callback) => opened.then(() => open(mode, callback));
  opened.catch(() => {
    if (store === limited) store = null;
  });
  return limited;
}

// The first failed write, for listeners that register after it (the notices load after start-up).
let firstFailure: { error: unknown; key: StorageKey } | undefined;

/** Tells the listeners that data under `key` could not be saved (for stores kept elsewhere). */
export function reportStorageFailure(error: unknown, key: StorageKey) {
  firstFailure ??= { error, key };
  for (const listener of listeners) listener(error, key);
}

/**
 * Registers a listener for failed writes, told at once if a write has already failed; returns a
 * function that removes it.
 */
export function onStorageError(listener: StorageErrorListener): () => void {
  if (firstFailure) listener(firstFailure.error, firstFailure.key);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `listener` after this page wrote or removed `key`, whether or not IndexedDB took it.
 * Changes made by other tabs or the service worker are not seen here (see storage-between-tabs.ts).
 */
export function onValueChange(key: StorageKey, listener: ValueChangeListener): () => void {
  const forKey = changeListeners.get(key) ?? new Set<ValueChangeListener>();
  changeListeners.set(key, forKey);
  forKey.add(listener);
  return () => forKey.delete(listener);
}

function changed(key: StorageKey, saved: boolean) {
  if (saved) unsaved.delete(key);
  else unsaved.add(key);
  for (const listener of changeListeners.get(key) ?? []) listener(saved);
}

/**
 * The value as stored, with this page's changes IndexedDB did not take made again on it
 * (`changeValue`); rejects when IndexedDB fails the read, for a caller that must not take that as
 * "nothing stored" (My voice, whose examples a user taught one by one).
 */
export async function readStoredValue<T>(key: StorageKey): Promise<T | undefined> {
  const changes = unsavedChanges.get(key);
  // This page's last write or removal of the key did not reach IndexedDB: what it holds is older
  // than what this page meant. A removal that failed (a patient's data at a kiosk's privacy
  // reset) must not bring the old value back.
  if (unsaved.has(key) && !changes) return memory.get(key) as T | undefined;
  const idb = getStore();
  if (!idb) return memory.get(key) as T | undefined;
  try {
    // Another tab or the service worker may have removed or changed the key since this page
    // last wrote it: what IndexedDB says wins over an old in-memory copy.
    let value = await get<unknown>(key, idb);
    for (const change of changes ?? []) value = await change(value);
    return value as T | undefined;
  } catch (error) {
    // A database that did not open is missing: memory is all there is, as without IndexedDB.
    if (isDeviceStoreMissing()) return memory.get(key) as T | undefined;
    throw error;
  }
}

/** The value as stored (`readStoredValue`); after a failed read, this page's in-memory copy. */
export const readValue = <T>(key: StorageKey): Promise<T | undefined> =>
  readStoredValue<T>(key).catch(() => memory.get(key) as T | undefined);

/** Writes a value; resolves to false (and reports) when it could not be saved on the device. */
// What would be hard to make again: contact requests waiting to go, the boards a user or staff
// made, the voice examples a patient taught, and the kiosk setting.
const keptUnderPressure = new Set<StorageKey>([
  storageKeys.outbox,
  storageKeys.kiosk,
  storageKeys.talkBoards,
  storageKeys.talkClinicBoards,
  storageKeys.voiceExamples,
]);
let persistenceAsked = false;

/**
 * Asks the browser, once a page, to keep this site's data when the device runs short of space.
 * Without it, IndexedDB is "best effort": a phone or clinic tablet low on storage may erase it,
 * and with it a patient's taught voice and boards. Chromium answers by itself (an installed app
 * is kept); Firefox asks the user.
 */
function askToKeepData() {
  if (persistenceAsked || typeof navigator === "undefined") return;
  persistenceAsked = true;
  // `persist` is missing from TypeScript's DOM types, and from some browsers.
  const storage = navigator.storage as
    (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
  if (typeof storage?.persist !== "function") return;
  storage
    .persisted()
    .then((kept) => kept || storage.persist?.())
    .catch((error: unknown) => console.warn("Persistent storage was not granted:", error));
}

export async function writeValue<T>(key: StorageKey, value: T): Promise<boolean> {
  if (keptUnderPressure.has(key)) askToKeepData();
  memory.set(key, value);
  unsavedChanges.delete(key);
  const saved = await setInIndexedDb(key, value);
  changed(key, saved);
  return saved;
}

/**
 * Makes `change` on the value as stored now (`readStoredValue`) and writes the result, which it
 * resolves to with whether it was saved. Call it one at a time across tabs (`withDeviceLock`). A
 * write that fails keeps the change, to be made again on the value as stored, where this page's
 * copy would erase what other tabs stored meanwhile.
 */
export async function changeValue<T>(
  key: StorageKey,
  change: ValueChange<T>,
): Promise<{ value: T; saved: boolean }> {
  const earlier = unsavedChanges.get(key) ?? [];
  // A read that failed is no "nothing stored": the change is made on this page's copy, and not
  // written, as a write that failed; what is stored stays until a read and a write succeed.
  let read = true;
  const stored = await readStoredValue(key).catch((error: unknown) => {
    read = false;
    reportStorageFailure(error, key);
    return memory.get(key);
  });
  const value = await change(stored);
  // A change that changes nothing (it gives back the value it was given), with nothing of this
  // page's waiting to be written, writes nothing: a write failing on a full disk would report a
  // change never made, and other tabs would read the value again for nothing.
  if (read && value === stored && !earlier.length && !unsaved.has(key)) {
    memory.set(key, value);
    return { value, saved: true };
  }
  const saved = read && (await writeValue(key, value));
  if (!read) {
    memory.set(key, value);
    changed(key, false);
  }
  // Without IndexedDB there is only this page's copy, which has every change already.
  if (!saved && !isDeviceStoreMissing()) unsavedChanges.set(key, [...earlier, change]);
  return { value, saved };
}

export async function removeValue(key: StorageKey): Promise<boolean> {
  memory.delete(key);
  unsavedChanges.delete(key);
  const removed = await deleteFromIndexedDb(key);
  changed(key, removed);
  return removed;
}

/**
 * Writes (`put`) or deletes `key` in one transaction committed at once, where idb-keyval's `set`
 * and `del` let it commit by itself once nothing more is asked of it. A write begun as the page is
 * left (a draft written at `pagehide`, use-flush-when-left.ts) is otherwise dropped with the page:
 * in Chromium, every one of 12 reloads lost it; committed at once, none did.
 */
function changeNow(idb: UseStore, change: (store: IDBObjectStore) => void): Promise<void> {
  return idb("readwrite", (objectStore) => {
    const { transaction } = objectStore;
    change(objectStore);
    // Not in browsers before Chromium 76, Firefox 74 and Safari 15: there it commits by itself.
    if ("commit" in transaction) transaction.commit();
    return promisifyRequest(transaction);
  });
}

async function setInIndexedDb(key: StorageKey, value: unknown): Promise<boolean> {
  const idb = getStore();
  if (!idb) {
    reportStorageFailure(new Error("IndexedDB is not available"), key);
    return false;
  }
  try {
    await changeNow(idb, (objectStore) => objectStore.put(value, key));
    return true;
  } catch (error) {
    reportStorageFailure(error, key);
    return false;
  }
}

async function deleteFromIndexedDb(key: StorageKey): Promise<boolean> {
  const idb = getStore();
  if (!idb) return false;
  try {
    await changeNow(idb, (objectStore) => objectStore.delete(key));
    return true;
  } catch (error) {
    reportStorageFailure(error, key);
    return false;
  }
}

/**
 * The lock under which the contact outbox and the news of its requests sent later are changed,
 * by every tab and the service worker (features/contact/outbox-store.ts). A kiosk's privacy reset
 * erases that news under it too: a delivery adding its news to the list it had read would
 * otherwise bring the erased news back, the previous patient's "sent" count with it.
 */
export const outboxLock = "dauys-outbox";

/**
 * The lock under which a value several tabs change is changed (`updateValue`,
 * storage-between-tabs.ts). A kiosk's privacy reset erases such values under it too
 * (features/kiosk/privacy-reset.ts), after a change under way. Here, not beside `updateValue`:
 * the reset's module then needs no other chunk.
 */
export const valueChangeLock = (key: StorageKey) => `dauys-storage:${key}`;

// Where the browser has no Web Locks: the last task of each name in this page.
const localLocks = new Map<string, Promise<unknown>>();

/**
 * Runs read-modify-writes of one stored value one at a time, across the app's tabs and its
 * service worker (a Web Lock of that name), so none writes over another's change. Where the
 * browser has no Web Locks, they still run one at a time within this page.
 */
export async function withDeviceLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return locks.request(name, task);
  const run = (localLocks.get(name) ?? Promise.resolve()).then(task);
  localLocks.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}

/** For tests: forget the in-memory copies and the cached store handle. */
export function resetStorageForTests() {
  persistenceAsked = false;
  memory.clear();
  unsaved.clear();
  unsavedChanges.clear();
  store = undefined;
  firstFailure = undefined;
}
