/**
 * The user's own pictures for phrases (a photo taken or chosen on the device), kept in IndexedDB
 * in a database of their own ("dauys-pictures", store "pictures", src/lib/picture-database.ts) so that reading the boards or
 * the settings never reads a picture. The board keeps only a picture's id (`PhraseSymbol` with set
 * "picture"). A picture is kept as its bytes and type rather than as a Blob: some browsers have
 * refused Blobs in IndexedDB, none refuses an ArrayBuffer.
 *
 * Without IndexedDB (some private modes), when its database does not open within 3 s or when a
 * write fails (quota), `savePicture` reports the failure as every other write is reported
 * (src/lib/storage.ts) and gives no id: the phrase is then kept without its picture, and the app
 * goes on working.
 */
import { clear, delMany, get, set, type UseStore } from "idb-keyval";
import { openPictureStore, pictureIdsIn } from "@/lib/picture-database";
import { readValue, reportStorageFailure, storageKeys } from "@/lib/storage";

type StoredPicture = { type: string; bytes: ArrayBuffer };

let store: UseStore | null | undefined;

function getStore(): UseStore | null {
  if (store === undefined) store = openPictureStore();
  return store;
}

/** Keeps a picture on the device; resolves to its new id, or undefined when it could not be kept. */
export async function savePicture(picture: Blob): Promise<string | undefined> {
  const idb = getStore();
  if (!idb) {
    reportStorageFailure(new Error("IndexedDB is not available"), storageKeys.pictures);
    return undefined;
  }
  const id = `picture-${crypto.randomUUID()}`;
  try {
    const stored: StoredPicture = { type: picture.type, bytes: await picture.arrayBuffer() };
    await set(id, stored, idb);
    return id;
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
    return undefined;
  }
}

/** The picture kept under `id`, or undefined when there is none (or it cannot be read). */
export async function readPicture(id: string): Promise<Blob | undefined> {
  const idb = getStore();
  if (!idb) return undefined;
  try {
    const stored = await get<StoredPicture>(id, idb);
    return stored ? new Blob([stored.bytes], { type: stored.type }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Erases the pictures with these ids (ids that are not kept are ignored), but never those of the
 * clinic's boards on a kiosk tablet: a patient who deletes or changes a clinic phrase changes it
 * until the privacy reset puts the clinic's boards back, with their photos.
 */
export async function removePictures(ids: readonly string[]): Promise<void> {
  const idb = getStore();
  if (!idb || ids.length === 0) return;
  const clinics = pictureIdsIn(await readValue<unknown>(storageKeys.talkClinicBoards));
  const erased = ids.filter((id) => !clinics.has(id));
  if (erased.length === 0) return;
  try {
    await delMany(erased, idb);
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
  }
}

/** Erases every picture of the user's (a privacy reset, a board reset to the starter phrases). */
export async function removeAllPictures(): Promise<void> {
  const idb = getStore();
  if (!idb) return;
  try {
    await clear(idb);
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
  }
}

/** For tests: forget the cached store handle, so a new fake IndexedDB is used. */
export function resetPicturesForTests() {
  store = undefined;
}
