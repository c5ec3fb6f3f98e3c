/**
 * Keeping and erasing the user's own phrase pictures (phrase-pictures.ts says where and how they
 * are kept). Apart from reading them, which every board needs at once, so that the page's first
 * code does not carry what only adding, editing or importing a phrase does.
 */
import { delMany, set } from "idb-keyval";
import type { StoredPicture } from "@/features/talk/board/phrase-pictures";
import { openPictureStore, pictureIdsIn } from "@/lib/picture-database";
import { readValue, reportStorageFailure, storageKeys } from "@/lib/storage";
import { randomUuid } from "@/shared/uuid";

/** Keeps a picture on the device; resolves to its new id, or undefined when it could not be kept. */
export async function savePicture(picture: Blob): Promise<string | undefined> {
  const idb = openPictureStore();
  if (!idb) {
    reportStorageFailure(new Error("IndexedDB is not available"), storageKeys.pictures);
    return undefined;
  }
  // Not crypto.randomUUID, which a page over plain http (a clinic's own server) does not have.
  const id = `picture-${randomUuid()}`;
  try {
    const stored: StoredPicture = { type: picture.type, bytes: await picture.arrayBuffer() };
    await set(id, stored, idb);
    return id;
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
    return undefined;
  }
}

/**
 * Erases the pictures with these ids (ids that are not kept are ignored), but never those of the
 * clinic's boards on a kiosk tablet: a patient who deletes or changes a clinic phrase changes it
 * until the privacy reset puts the clinic's boards back, with their photos.
 */
export async function removePictures(ids: readonly string[]): Promise<void> {
  const idb = openPictureStore();
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
