/**
 * A photo for the phrase dialog, made small and kept on the device. That takes a few seconds on an
 * old phone, and meanwhile the user may choose a symbol, remove the picture or cancel the dialog:
 * a photo ready after that is not the phrase's picture, and it is erased rather than left on the
 * device where no phrase uses it (and no clean-up of the boards would ever find it).
 */
import { removePictures, savePicture } from "@/features/talk/board/phrase-picture-writes";
import { resizePicture, type ResizeProblem } from "@/features/talk/board/resize-picture";

/** The photo's id once kept; why it was not; or "overtaken" when something else came first. */
export type PhotoOutcome = { id: string } | ResizeProblem | "not-kept" | "overtaken";

type PhotoSteps = {
  resize: (photo: Blob) => Promise<Blob | ResizeProblem>;
  save: (picture: Blob) => Promise<string | undefined>;
  remove: (ids: readonly string[]) => Promise<void>;
};

export type PhotoKeeper = ReturnType<typeof createPhotoKeeper>;

export function createPhotoKeeper(
  steps: PhotoSteps = { resize: resizePicture, save: savePicture, remove: removePictures },
) {
  let latest = 0;
  return {
    /** Another picture was chosen, or the dialog closed: the photo under way is not used. */
    overtake() {
      latest += 1;
    },
    async keep(photo: Blob): Promise<PhotoOutcome> {
      const mine = ++latest;
      // A file that cannot be read (gone from the device, held in a cloud) is not left "busy".
      const small = await steps.resize(photo).catch(() => "not-a-picture" as const);
      if (mine !== latest) return "overtaken";
      if (typeof small === "string") return small;
      const id = await steps.save(small);
      if (mine !== latest) {
        if (id) await steps.remove([id]);
        return "overtaken";
      }
      return id ? { id } : "not-kept";
    },
  };
}
