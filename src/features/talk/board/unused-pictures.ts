/**
 * The user's pictures a change of the boards stopped using (a phrase deleted, a photo replaced, a
 * board imported in its place) are erased once that change is stored, and only if the boards as
 * stored no longer use them. Erased at once, a write of the boards that then failed (the device's
 * storage full) left the boards read at the next start pointing at pictures that were gone.
 */
import { removePictures } from "@/features/talk/board/phrase-picture-writes";
import { pictureIdsIn } from "@/lib/picture-database";
import { onValueChange, readValue, storageKeys } from "@/lib/storage";

/**
 * Writes of the boards waited through for the stored boards to let the pictures go: a change
 * made before this one may be stored first, and Undo may still bring a phrase back. What is
 * still used after that stays (it is the clinic's, or the user's again).
 */
const writesWaited = 5;

export function removePicturesOnceStored(ids: readonly string[]) {
  let left = [...new Set(ids)];
  if (left.length === 0) return;
  let writes = 0;
  const stop = onValueChange(storageKeys.talkBoards, (saved) => {
    // A failed write leaves the stored boards as they were, pictures and all: the next one may
    // store the change.
    if (!saved) return;
    if (++writes >= writesWaited) stop();
    void readValue<unknown>(storageKeys.talkBoards).then((stored) => {
      const used = pictureIdsIn(stored);
      const unused = left.filter((id) => !used.has(id));
      left = left.filter((id) => used.has(id));
      if (left.length === 0) stop();
      return removePictures(unused);
    });
  });
}
