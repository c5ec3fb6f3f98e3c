/**
 * A draft kept in IndexedDB while the user works on it, shared by the contact form and the
 * Speech Recognition page: restored once when the page opens, saved after each pause in typing
 * (one write per pause, not per key), written at once when the page is hidden or left, and
 * removed on demand (sent, Reset).
 */
import { startTransition, useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { createDebouncedSave } from "@/lib/debounced-save";
import { readValue, removeValue, writeValue, type StorageKey } from "@/lib/storage";
import { useFlushWhenLeft } from "@/lib/use-flush-when-left";

/** How long typing must pause before the draft is written. */
export const draftSaveDelayMs = 400;

export type DraftStatus = "idle" | "saving" | "saved" | "restored" | "failed";

export type StoredDraftOptions<T> = {
  /** The stored value as a draft, or null when it is not one (old format, damaged). */
  parse: (value: unknown) => T | null;
  /**
   * Called once with the stored draft, unless the user has changed something first. False: the
   * page had already begun something else, and the draft did not come back.
   */
  onRestore: (draft: T) => boolean | void;
  /** An empty draft is removed rather than saved, and never restored. */
  isEmpty?: (draft: T) => boolean;
};

/**
 * Writes the latest draft after a pause; the status of a write is reported only when no newer
 * change came while it was being written (that change's own status wins).
 */
function createDraftWriter<T>(key: StorageKey, onStatus: (status: DraftStatus) => void) {
  let changes = 0;
  const saver = createDebouncedSave<T>(async (draft) => {
    const change = changes;
    const saved = await writeValue(key, draft);
    if (change === changes) onStatus(saved ? "saved" : "failed");
  }, draftSaveDelayMs);
  return {
    schedule(draft: T) {
      changes++;
      saver.schedule(draft);
    },
    flush: saver.flush,
    cancel() {
      changes++;
      saver.cancel();
    },
  };
}

export function useStoredDraft<T>(key: StorageKey, options: StoredDraftOptions<T>) {
  const { parse, isEmpty = () => false } = options;
  const [status, setStatus] = useState<DraftStatus>("idle");
  /** True once the stored draft has been read (restored or not): saving may start. */
  const [loaded, setLoaded] = useState(false);
  // Once the user has changed something, a late restore must not overwrite it.
  const touched = useRef(false);
  const [writer] = useState(() => createDraftWriter<T>(key, setStatus));

  const restore = useEffectEvent((value: unknown) => {
    const draft = parse(value);
    if (!touched.current && draft && !isEmpty(draft) && options.onRestore(draft) !== false) {
      setStatus("restored");
      setLoaded(true);
    } else {
      // Nothing comes back, only saving may start: the page need not stop for that.
      startTransition(() => setLoaded(true));
    }
  });

  useEffect(() => {
    let cancelled = false;
    void readValue<unknown>(key).then((value) => {
      if (!cancelled) restore(value);
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  useFlushWhenLeft(writer.flush);

  const save = useCallback(
    (draft: T) => {
      touched.current = true;
      if (isEmpty(draft)) {
        writer.cancel();
        setStatus("idle");
        void removeValue(key);
        return;
      }
      writer.schedule(draft);
      // A failure stays said until a write succeeds: said again after every pause in typing, a
      // screen reader would be interrupted by the same alert each time.
      setStatus((now) => (now === "failed" ? now : "saving"));
    },
    // `isEmpty` is a plain function of the draft; a new one each render changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, writer],
  );

  const clear = useCallback(async () => {
    touched.current = true;
    writer.cancel();
    setStatus("idle");
    await removeValue(key);
  }, [key, writer]);

  return { status, loaded, save, flush: writer.flush, clear };
}
