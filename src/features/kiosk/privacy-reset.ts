/**
 * What a privacy reset erases on a shared clinic tablet: everything one patient typed, said or
 * made (the recognized text, the last audio, the contact form's draft), the notice that their
 * saved requests were sent (a count only, but theirs, not the next patient's), and their choice
 * of interface language, which goes back to the kiosk's default.
 *
 * Kept on purpose: the outbox (`dauys.outbox`), because a contact request is a lead that must
 * reach the clinic's team; the kiosk setting; and pilot access, which belongs to the device.
 */
import type { LanguageCode } from "@/lib/i18n";
import { removeValue, storageKeys, writeValue } from "@/lib/storage";

export const perPatientKeys = [
  storageKeys.recognitionDraft,
  storageKeys.lastAudio,
  storageKeys.contactDraft,
  storageKeys.sentNotice,
] as const;

/** Erases the per-patient data; resolves to false when something could not be erased. */
export async function erasePatientData(kioskLanguage: LanguageCode): Promise<boolean> {
  const results = await Promise.all([
    ...perPatientKeys.map((key) => removeValue(key)),
    writeValue(storageKeys.language, kioskLanguage),
  ]);
  return results.every(Boolean);
}
