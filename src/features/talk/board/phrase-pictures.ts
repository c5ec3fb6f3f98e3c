/**
 * The user's own pictures for phrases (a photo taken or chosen on the device), kept in IndexedDB
 * in a database of their own ("dauys-pictures", store "pictures", src/lib/picture-database.ts) so that reading the boards or
 * the settings never reads a picture. The board keeps only a picture's id (`PhraseSymbol` with set
 * "picture"). A picture is kept as its bytes and type rather than as a Blob: some browsers have
 * refused Blobs in IndexedDB, none refuses an ArrayBuffer.
 *
 * This module reads them, which every board with a picture does at once; keeping and erasing them
 * (phrase-picture-writes.ts) comes with the parts that change a board, not with the page.
 *
 * Without IndexedDB (some private modes), when its database does not open within 3 s or when a
 * write fails (quota), `savePicture` reports the failure as every other write is reported
 * (src/lib/storage.ts) and gives no id: the phrase is then kept without its picture, and the app
 * goes on working.
 */
import { get } from "idb-keyval";
import { openPictureStore } from "@/lib/picture-database";

export type StoredPicture = { type: string; bytes: ArrayBuffer };

/** The picture kept under `id`, or undefined when there is none (or it cannot be read). */
export async function readPicture(id: string): Promise<Blob | undefined> {
  const idb = openPictureStore();
  if (!idb) return undefined;
  try {
    const stored = await get<StoredPicture>(id, idb);
    return stored ? new Blob([stored.bytes], { type: stored.type }) : undefined;
  } catch {
    return undefined;
  }
}
