/**
 * The lesson a user last chose, kept on the device (`dauys.last-lesson`): Recovery opened again
 * without a lesson in its address (the menu's link, the installed app reopened) shows it, so a
 * patient working through the lessons goes on where they were instead of finding the first one
 * and looking for theirs among sixteen. A kiosk's privacy reset erases it with the patient's data.
 */
import { useEffect } from "react";
import { readValue, storageKeys, writeValue } from "@/lib/storage";

/**
 * Keeps the lesson in the address, once the page is `live`; while the address has none, shows
 * the one kept by calling `show` with its id (unless `isLesson` says it is gone).
 */
export function useRememberedLesson(
  live: boolean,
  inAddress: number | undefined,
  isLesson: (id: number) => boolean,
  show: (id: number) => void,
) {
  useEffect(() => {
    if (!live) return;
    if (inAddress !== undefined) {
      if (isLesson(inAddress)) void writeValue(storageKeys.lastLesson, inAddress);
      return;
    }
    let chosenMeanwhile = false;
    void readValue<unknown>(storageKeys.lastLesson).then((id) => {
      if (!chosenMeanwhile && typeof id === "number" && isLesson(id)) show(id);
    });
    return () => {
      chosenMeanwhile = true;
    };
    // `isLesson` and `show` act on the page as it is when the kept lesson comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, inAddress]);
}
