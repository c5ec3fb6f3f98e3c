/**
 * What a privacy reset erases on a shared clinic tablet: everything one patient typed, said or
 * made (the recognized text, the last audio, the contact form's draft, what they said on the Talk
 * screen and its voice settings, the examples My voice learnt their speech from), the notice that their saved requests were sent (a count only,
 * but theirs, not the next patient's), and their choice of interface language, which goes back
 * to the kiosk's default. The Talk boards go back to the clinic's: as staff left them when kiosk
 * mode was turned on, so phrases a patient added, changed or deleted are undone, and the photos
 * a patient gave phrases are erased (those on the clinic's boards stay).
 *
 * Kept on purpose: the outbox (`dauys.outbox`), because a contact request is a lead that must
 * reach the clinic's team; the kiosk setting; and pilot access, which belongs to the device.
 */
import type { LanguageCode } from "@/lib/i18n";
import { erasePicturesExcept, pictureIdsIn } from "@/lib/picture-database";
import { readValue, removeValue, storageKeys, writeValue } from "@/lib/storage";

export const perPatientKeys = [
  storageKeys.recognitionDraft,
  storageKeys.lastAudio,
  storageKeys.contactDraft,
  storageKeys.sentNotice,
  storageKeys.talkHistory,
  storageKeys.talkSettings,
  storageKeys.voiceExamples,
  storageKeys.voiceSettings,
] as const;

/** Erases the per-patient data; resolves to false when something could not be erased. */
export async function erasePatientData(kioskLanguage: LanguageCode): Promise<boolean> {
  const results = await Promise.all([
    ...perPatientKeys.map((key) => removeValue(key)),
    writeValue(storageKeys.language, kioskLanguage),
    restoreClinicBoards(),
  ]);
  return results.every(Boolean);
}

/**
 * Keeps the Talk boards as staff left them (called when kiosk mode is turned on). Boards the
 * clinic never changed are not stored at all: they are the starter boards.
 */
export async function keepClinicBoards(): Promise<boolean> {
  const boards = await readValue<unknown>(storageKeys.talkBoards);
  return boards === undefined
    ? removeValue(storageKeys.talkClinicBoards)
    : writeValue(storageKeys.talkClinicBoards, boards);
}

/** Forgets the clinic's boards when kiosk mode ends; the tablet's boards stay as they are. */
export function forgetClinicBoards(): Promise<boolean> {
  return removeValue(storageKeys.talkClinicBoards);
}

async function restoreClinicBoards(): Promise<boolean> {
  const clinic = await readValue<unknown>(storageKeys.talkClinicBoards);
  const [restored, erased] = await Promise.all([
    clinic === undefined
      ? removeValue(storageKeys.talkBoards)
      : writeValue(storageKeys.talkBoards, clinic),
    erasePicturesExcept(pictureIdsIn(clinic)),
  ]);
  return restored && erased;
}
