/**
 * What a privacy reset erases on a shared clinic tablet: everything one patient typed, said or
 * made (the recognized text, the last audio, the lesson last chosen and where the lessons' videos
 * were left, the contact form's draft, what they said or were typing on the Talk screen, the
 * examples My voice learnt their speech from and the pace it learnt), the notice that their saved requests were sent (a count only, but
 * theirs, not the next patient's), and their choice of interface language, which goes back to
 * the kiosk's default. The Talk boards go back to the clinic's: as staff left them when kiosk
 * mode was turned on, so phrases a patient added, changed or deleted are undone, and the photos
 * a patient gave phrases are erased (those on the clinic's boards stay). Talk's settings (the
 * board's look and speech language, the voice, switch scanning) and the Recognition page's
 * choices ("Only recognise on this device") go back to staff's too.
 *
 * Kept on purpose: the outbox (`dauys.outbox`), because a contact request is a lead that must
 * reach the clinic's team; the kiosk setting; and pilot access, which belongs to the device.
 */
import { staffStayed } from "@/features/kiosk/kiosk-uses";
import type { LanguageCode } from "@/lib/i18n";
import { delMany, keys } from "idb-keyval";
import { openPictureStore, pictureIdsIn } from "@/lib/picture-database";
import { revokePilotAccess } from "@/lib/pilot-access";
import {
  isDeviceStoreMissing,
  outboxLock,
  readValue,
  removeValue,
  reportStorageFailure,
  storageKeys,
  valueChangeLock,
  withDeviceLock,
  writeValue,
  type StorageKey,
} from "@/lib/storage";

export const perPatientKeys = [
  storageKeys.recognitionDraft,
  storageKeys.lastAudio,
  storageKeys.lastLesson,
  storageKeys.lessonPlaces,
  storageKeys.contactDraft,
  storageKeys.sentNotice,
  storageKeys.talkHistory,
  storageKeys.talkDraft,
  storageKeys.voiceExamples,
  storageKeys.voiceSettings,
] as const;

/**
 * Ends the open kiosk session now, as its countdown would (kiosk-session.tsx sets it while kiosk
 * mode is on): the patient's "I have finished".
 */
let finishSession: (() => void) | null = null;

export function setFinishSession(finish: typeof finishSession) {
  finishSession = finish;
}

export function finishSessionNow() {
  finishSession?.();
}

/**
 * The open kiosk session's privacy reset (kiosk-session.tsx sets it while kiosk mode is on);
 * resolves to false when something of the patient's could not be erased.
 */
let openSessionReset: (() => Promise<boolean>) | null = null;

export function setOpenSessionReset(reset: typeof openSessionReset) {
  openSessionReset = reset;
}

/**
 * Ends kiosk mode once staff gave the PIN. The patient's session is reset first: left behind,
 * their data stayed on the tablet, and turning kiosk mode on again made their boards the
 * clinic's setup. Then the setting and the clinic's setup go. Returns what staff are told.
 * Rejects when the device kept the setting, which would turn kiosk mode on again at the next
 * start: kiosk mode then goes on as it was, the clinic's setup with it, and staff are asked to
 * try again (exit-kiosk-dialog.tsx).
 */
export async function endKioskMode(): Promise<"exited" | "not-erased"> {
  try {
    const erased = openSessionReset ? await openSessionReset() : true;
    if (!(await removeKioskSetting())) throw new Error("The device kept the kiosk setting");
    await forgetClinicSetup();
    return erased ? "exited" : "not-erased";
  } catch (error) {
    // Kiosk mode stays on: the mark that staff are leaving (set as the session's reset began)
    // would hold off every new version until the page was loaded again.
    staffStayed();
    throw error;
  }
}

/**
 * Removes the kiosk setting (kiosk-setting.ts), here rather than beside it: every page reads the
 * setting, and only staff leaving kiosk mode remove it. Resolves to false when the setting stays on
 * the device (its database refused the removal): kiosk mode would come back at the next start, so
 * it goes on, pilot access with it. A device without its database never stored the setting, and
 * nothing comes back.
 */
export async function removeKioskSetting(): Promise<boolean> {
  const removed = (await removeValue(storageKeys.kiosk)) || isDeviceStoreMissing();
  if (removed) await revokePilotAccess("kiosk");
  return removed;
}

/**
 * Erases the per-patient data; resolves to false when something could not be erased. A value
 * erased again later, once a change that outlasted the time limit has ended (`atChangeTurn`),
 * may fail to be erased after this has resolved: `onLateFailure` is told then.
 */
export async function erasePatientData(
  kioskLanguage: LanguageCode,
  onLateFailure: () => void = () => {},
): Promise<boolean> {
  const atTurn = (
    key: StorageKey,
    erase: (held: boolean) => Promise<boolean>,
    eraseAgain?: () => Promise<boolean>,
  ) => atChangeTurn(key, onLateFailure, erase, eraseAgain);
  // The clinic's set-up, read by the first erase; the late one reads it again (`readLater`).
  const clinicBoards = readOnce(storageKeys.talkClinicBoards);
  const clinicTalkSettings = readOnce(storageKeys.talkClinicSettings);
  // The photos kept when the boards were put back at the limit, for the late turn to judge.
  let keptAtLimit: readonly string[] = [];
  const results = await Promise.all([
    ...perPatientKeys.map((key) =>
      // A delivery adds its news to the news it read, under the outbox's lock: erased outside
      // it, the previous patient's news could come back with the next request sent.
      key === storageKeys.sentNotice
        ? withDeviceLock(outboxLock, () => removeValue(key))
        : atTurn(key, () => removeValue(key)),
    ),
    writeValue(storageKeys.language, kioskLanguage),
    atTurn(
      storageKeys.talkBoards,
      async (held) => {
        if (!held) return restoreClinicBoards(clinicBoards);
        // A photo nothing stored uses may be on a phrase the held change, or one asked after it,
        // is storing: staff who left kiosk mode and turned it on again during the hold gave
        // phrases photos behind it, and erased now, those phrases came back without them. The
        // photos of the patient's phrases as stored go now, the others at the late turn.
        const patients = pictureIdsIn(await readValue<unknown>(storageKeys.talkBoards));
        return restoreClinicBoards(clinicBoards, (kept) => {
          keptAtLimit = kept;
          return kept.filter((id) => patients.has(id));
        });
      },
      // Late, of the photos only those kept at the limit: those the next patient may have given
      // phrases by then stay. The clinic's copy read then uses staff's photos given behind the
      // held change.
      () =>
        restoreClinicBoards(
          readLater(storageKeys.talkClinicBoards, clinicBoards),
          () => keptAtLimit,
        ),
    ),
    atTurn(
      storageKeys.talkSettings,
      () => restoreClinicValue(storageKeys.talkSettings, clinicTalkSettings),
      () =>
        restoreClinicValue(
          storageKeys.talkSettings,
          readLater(storageKeys.talkClinicSettings, clinicTalkSettings),
        ),
    ),
    restoreClinicValue(
      storageKeys.recognitionSettings,
      readOnce(storageKeys.recognitionClinicSettings),
    ),
  ]);
  return results.every(Boolean);
}

/**
 * The values Talk, My voice and the Recovery lessons change on the value as stored, one change at
 * a time across tabs (`updateValue`, lib/storage-between-tabs.ts, under the lock
 * `valueChangeLock` names). A change being stored as the reset begins (the boards or the history
 * after the patient's last tap, My voice's examples after a take it was checking, or re-made
 * after an update, a lesson's place as the page is left) reads the value before the erasing and
 * writes it after: the previous patient's history, voice or place came back for the next one.
 * The reset erases these under the same lock, after that change.
 */
const changedUnderLock = new Set<StorageKey>([
  storageKeys.lessonPlaces,
  storageKeys.talkBoards,
  storageKeys.talkHistory,
  storageKeys.talkSettings,
  storageKeys.voiceExamples,
  storageKeys.voiceSettings,
]);

/**
 * How long the reset waits for a change under way. Re-making My voice's examples takes seconds;
 * a change that never ends (a recogniser worker that hangs) must not hold the reset for good:
 * after this, the value is erased without the lock, as before.
 */
export const changeLockWaitMs = 15_000;

/**
 * Runs `run` at the value's turn under its change lock, after every change asked before, or,
 * told that a change is `held`, without the lock after `changeLockWaitMs`. A change still held
 * then is stored after what `run` did: a patient's change writes back what it read before the
 * reset erased it, and staff's changes are missing from the clinic's copy kept at the limit. So
 * the turn, whenever it comes, runs again (`runAgain`, where it differs): the reset erases again
 * (`erasePatientData`), and the clinic's copy is kept again (`keepClinicSetup`). It is safe for
 * the next patient: the locks are taken in the order asked for, and the reset asked before
 * anything they did, so their changes are made after it. The reset has ended by then: should that
 * late run fail, the previous patient's value stays, and `onLateFailure` is told.
 */
function atChangeTurn(
  key: StorageKey,
  onLateFailure: () => void,
  run: (held: boolean) => Promise<boolean>,
  runAgain = () => run(false),
): Promise<boolean> {
  if (!changedUnderLock.has(key)) return run(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve(run(true));
    }, changeLockWaitMs);
  });
  const locked = withDeviceLock(valueChangeLock(key), async () => {
    clearTimeout(timer);
    if (!timedOut) return run(false);
    const ranAgain = await runAgain();
    if (!ranAgain) onLateFailure();
    return ranAgain;
  });
  return Promise.race([locked, late]);
}

/**
 * Talk's settings without what is the patient's own: My voice's take pace (talk-settings.ts),
 * learnt from how they speak or chosen for it, goes with the examples it was learnt from. The
 * rest is how staff set the tablet up for their patients, and a patient who cannot tap could not
 * turn switch scanning back on.
 */
function clinicTalkSettings(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const clinic: Record<string, unknown> = { ...value };
  delete clinic.takePace;
  return clinic;
}

/**
 * What staff set up and each privacy reset puts back: the value under `key`, kept under `copy`
 * (only its `clinicPart` where part of it is personal).
 */
const clinicSetup: {
  key: StorageKey;
  copy: StorageKey;
  clinicPart?: (value: unknown) => unknown;
}[] = [
  { key: storageKeys.talkBoards, copy: storageKeys.talkClinicBoards },
  {
    key: storageKeys.talkSettings,
    copy: storageKeys.talkClinicSettings,
    clinicPart: clinicTalkSettings,
  },
  // "Only recognise on this device": a patient who turned it off must not send the next
  // patient's voice to the browser's service.
  { key: storageKeys.recognitionSettings, copy: storageKeys.recognitionClinicSettings },
];

/**
 * Keeps the Talk boards and settings and the Recognition page's choices as staff left them
 * (called when kiosk mode is turned on). What the clinic never changed is not stored at all: the
 * starter boards, the default settings and choices.
 *
 * The boards and Talk's settings are copied at their turn, after every change asked before (as
 * the reset erases them, `atChangeTurn`). Staff who left kiosk mode while a patient's change
 * was held past the limit made their own changes behind it: copied at once, the clinic's copy
 * lacked them, and the first reset between patients took them off the tablet. Should the turn
 * not come within the limit, they are copied then, and again at the turn.
 */
export async function keepClinicSetup(): Promise<boolean> {
  const kept = await Promise.all(
    clinicSetup.map(({ key, copy, clinicPart = (value) => value }) =>
      atChangeTurn(
        key,
        () => {},
        async () => {
          const value = await readValue<unknown>(key);
          return value === undefined ? removeValue(copy) : writeValue(copy, clinicPart(value));
        },
      ),
    ),
  );
  return kept.every(Boolean);
}

/**
 * Forgets the clinic's setup when kiosk mode ends; the tablet's boards and choices stay. A copy
 * still waiting for its turn (`keepClinicSetup`) would come back after this: the boards' and Talk
 * settings' copies are forgotten again at the value's turn, after it, without holding the exit up.
 */
export async function forgetClinicSetup(): Promise<boolean> {
  const clinics = pictureIdsIn(await readValue<unknown>(storageKeys.talkClinicBoards));
  const removed = await Promise.all(
    clinicSetup.map(({ key, copy }) => {
      if (changedUnderLock.has(key))
        void withDeviceLock(valueChangeLock(key), () => removeValue(copy));
      return removeValue(copy);
    }),
  );
  // The clinic's photos were kept while kiosk mode was on (phrase-picture-writes.ts); those the
  // boards no longer use go now. The patient's went with the reset before this; a photo nothing
  // stored uses yet may be on a phrase still being stored behind a held change (staff's, given
  // after they last left kiosk mode), and the reset's late turn judges those.
  const used = pictureIdsIn(await readValue<unknown>(storageKeys.talkBoards));
  const erased = await erasePictures((kept) =>
    kept.filter((id) => clinics.has(id) && !used.has(id)),
  );
  return removed.every(Boolean) && erased;
}

/** Reads `key` when first called; later calls give that same reading. */
function readOnce(key: StorageKey): () => Promise<unknown> {
  let reading: Promise<unknown> | undefined;
  return () => (reading ??= readValue<unknown>(key));
}

/**
 * The clinic's copy for a reset's late turn, read at that turn: staff who left kiosk mode and
 * turned it on again while a change was held kept a copy then, and again at the value's turn,
 * with the changes they made meanwhile (`keepClinicSetup`); that copy is the one to put back. None
 * is stored when staff left kiosk mode since, and forgot it: the copy the reset first read is put
 * back then, or the late erase would remove the clinic's boards and settings from the tablet.
 * (Where the clinic never changed them, no copy was ever stored, and none is put back.)
 */
function readLater(copy: StorageKey, first: () => Promise<unknown>): () => Promise<unknown> {
  return async () => (await readValue<unknown>(copy)) ?? (await first());
}

/** Puts back the clinic's value of `key` (`readCopy` reads it), or removes one it never set. */
async function restoreClinicValue(
  key: StorageKey,
  readCopy: () => Promise<unknown>,
): Promise<boolean> {
  const clinic = await readCopy();
  return clinic === undefined ? removeValue(key) : writeValue(key, clinic);
}

/**
 * Puts back the clinic's boards (`readCopy` reads them) and erases the photos they do not use,
 * of those `among` chooses from the photos kept (all of them unless told).
 */
async function restoreClinicBoards(
  readCopy: () => Promise<unknown>,
  among = (kept: string[]): readonly string[] => kept,
): Promise<boolean> {
  const clinic = await readCopy();
  const clinics = pictureIdsIn(clinic);
  const [restored, pictures] = await Promise.all([
    clinic === undefined
      ? removeValue(storageKeys.talkBoards)
      : writeValue(storageKeys.talkBoards, clinic),
    erasePictures((kept) => among(kept).filter((id) => !clinics.has(id))),
  ]);
  return restored && pictures;
}

/**
 * Erases the kept pictures `which` chooses from their ids; resolves to false when they could not
 * be erased. Here, not beside the pictures' store: Talk's first screen opens that store, and this
 * is the reset's alone.
 */
async function erasePictures(which: (kept: string[]) => string[]): Promise<boolean> {
  const store = openPictureStore();
  if (!store) return true;
  try {
    await delMany(which(await keys<string>(store)), store);
    return true;
  } catch (error) {
    reportStorageFailure(error, storageKeys.pictures);
    return false;
  }
}
