import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import {
  contactFieldNames,
  isContactFieldsEmpty,
  type ContactFields,
} from "@/shared/contact-validation";
import { readValue, removeValue, storageKeys, writeValue } from "@/lib/storage";

export type DraftStatus = "idle" | "saving" | "saved" | "restored" | "failed";

/** How long typing must pause before the draft is written (one write per pause, not per key). */
export const draftSaveDelayMs = 400;

function isDraft(value: unknown): value is ContactFields {
  if (typeof value !== "object" || value === null) return false;
  return contactFieldNames.every(
    (field) => typeof (value as Record<string, unknown>)[field] === "string",
  );
}

/**
 * Keeps the contact form's draft in IndexedDB (`dauys.contact-draft`): restored once on mount,
 * saved after each pause in typing, written at once when the page is hidden or left, and removed
 * when the message is sent.
 */
export function useContactDraft(onRestore: (draft: ContactFields) => void) {
  const [status, setStatus] = useState<DraftStatus>("idle");
  const timer = useRef<number | undefined>(undefined);
  const unsaved = useRef<ContactFields | null>(null);
  // Once the user has typed, a late restore must not overwrite what they typed.
  const touched = useRef(false);

  const restore = useEffectEvent((draft: ContactFields) => {
    onRestore(draft);
    setStatus("restored");
  });

  useEffect(() => {
    let cancelled = false;
    void readValue<unknown>(storageKeys.contactDraft).then((draft) => {
      if (!cancelled && !touched.current && isDraft(draft) && !isContactFieldsEmpty(draft)) {
        restore(draft);
      }
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    const draft = unsaved.current;
    if (!draft) return;
    unsaved.current = null;
    const saved = await writeValue(storageKeys.contactDraft, draft);
    // A newer change may have arrived while writing; its own status wins.
    if (!unsaved.current) setStatus(saved ? "saved" : "failed");
  }, []);

  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("pagehide", onHide);
      void flush();
    };
  }, [flush]);

  const save = useCallback(
    (fields: ContactFields) => {
      touched.current = true;
      window.clearTimeout(timer.current);
      if (isContactFieldsEmpty(fields)) {
        unsaved.current = null;
        setStatus("idle");
        void removeValue(storageKeys.contactDraft);
        return;
      }
      unsaved.current = fields;
      setStatus("saving");
      timer.current = window.setTimeout(() => void flush(), draftSaveDelayMs);
    },
    [flush],
  );

  const clear = useCallback(async () => {
    touched.current = true;
    window.clearTimeout(timer.current);
    unsaved.current = null;
    setStatus("idle");
    await removeValue(storageKeys.contactDraft);
  }, []);

  return { status, save, clear };
}
