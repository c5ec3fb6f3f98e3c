/**
 * Kiosk mode's state for the whole app: whether it is on (and its setting), whether staff are
 * being asked to choose a PIN, and the latest notice to show. A small external store rather than
 * React state, because start-up (main.tsx) restores it before the first render, the home route
 * provisions it from the link, and the root layout renders it.
 *
 * While kiosk mode is on, `<html data-kiosk="on">` lets one global style hide every link that
 * would leave the app (in index.html), without touching other features' components.
 *
 * What only staff do (set a PIN, check it, keep or forget the clinic's boards) loads when they do
 * it: every page restores the state, few ever change it (issue 22).
 */
import { useSyncExternalStore } from "react";
import { cookieNames } from "@/shared/api-contract";
import type { PinCheck } from "@/features/kiosk/kiosk-pin";
import { isValidPin, type KioskSearch } from "@/features/kiosk/kiosk-search";
import {
  createKioskSetting,
  readKioskSetting,
  saveKioskSetting,
  type KioskSetting,
} from "@/features/kiosk/kiosk-setting";
import type { LanguageCode } from "@/lib/i18n";
import { setPageCookie } from "@/lib/page-cookies";
import { pageCookieValue } from "@/shared/page-cookie";
import { grantPilotAccess } from "@/lib/pilot-access";

export type KioskNoticeKind =
  | "enabled"
  | "enabled-not-saved"
  | "not-loaded"
  | "exited"
  | "ready"
  | "not-erased"
  | "insecure"
  | "lost";

export type KioskSnapshot = {
  status: "loading" | "off" | "on";
  setting: KioskSetting | null;
  /** Staff opened `/?kiosk=on` without a valid PIN: they are asked to choose one. */
  pinSetup: { idleSeconds?: number } | null;
  /** The latest message for the status toast; `id` tells a repeated message apart. */
  notice: { kind: KioskNoticeKind; id: number } | null;
  /**
   * How many privacy resets between patients have started: whatever was left open in the header,
   * staff's dialogs too, is closed by each one. Not by the reset staff leaving kiosk mode make:
   * their exit dialog stays, to say whether kiosk mode could be turned off.
   */
  resets: number;
};

let snapshot: KioskSnapshot = {
  status: "loading",
  setting: null,
  pinSetup: null,
  notice: null,
  resets: 0,
};
const listeners = new Set<() => void>();
let noticeId = 0;

function update(change: Partial<KioskSnapshot>) {
  snapshot = { ...snapshot, ...change };
  if (typeof document !== "undefined") {
    const root = document.documentElement;
    if (snapshot.status === "on") root.dataset.kiosk = "on";
    else delete root.dataset.kiosk;
    if (snapshot.status !== "loading")
      setPageCookie(cookieNames.kiosk, snapshot.status === "on" ? "on" : null);
  }
  for (const listener of listeners) listener();
}

function notice(kind: KioskNoticeKind): KioskSnapshot["notice"] {
  noticeId += 1;
  return { kind, id: noticeId };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getKioskSnapshot(): KioskSnapshot {
  return snapshot;
}

export function useKiosk(): KioskSnapshot {
  return useSyncExternalStore(subscribe, getKioskSnapshot, getKioskSnapshot);
}

/** At start-up, before the first render, so no outside link is ever painted on a kiosk. */
export async function restoreKioskMode(): Promise<void> {
  const setting = await readKioskSetting();
  // A tablet set up before the kiosk granted pilot access itself gets the grant now.
  if (setting) void grantPilotAccess("kiosk");
  // The page cookie mirrors kiosk mode for the server, and clearing the site's data clears both.
  // The cookie saying "on" with no setting to read means the device lost what staff set (its
  // storage was erased for space, could not be read, or never took it): the tablet now runs as
  // an ordinary one, with no privacy reset, and staff must know.
  const lost =
    !setting &&
    typeof document !== "undefined" &&
    pageCookieValue(document.cookie, cookieNames.kiosk) === "on";
  update({ status: setting ? "on" : "off", setting, ...(lost && { notice: notice("lost") }) });
}

/**
 * Turns kiosk mode on with a PIN staff gave (in the link or in the setup dialog). Its code loads
 * now: should it not come (a clinic's patchy connection on the tablet's first visit), kiosk mode
 * stays off and staff are told, in the set-up dialog if it is open, or in a notice.
 */
export async function enableKioskMode(options: {
  pin: string;
  idleSeconds?: number;
  language: LanguageCode;
}): Promise<"on" | "insecure" | "not-loaded"> {
  let code;
  try {
    code = await Promise.all([
      import("@/features/kiosk/kiosk-pin"),
      import("@/features/kiosk/privacy-reset"),
    ]);
  } catch (error) {
    console.warn("Kiosk mode's code did not load:", error);
    if (!snapshot.pinSetup) update({ notice: notice("not-loaded") });
    return "not-loaded";
  }
  const [{ canHashPins }, { keepClinicSetup }] = code;
  if (!canHashPins()) {
    update({ pinSetup: null, notice: notice("insecure") });
    return "insecure";
  }
  const setting = await createKioskSetting(options);
  const saved = await saveKioskSetting(setting);
  await keepClinicSetup();
  update({
    status: "on",
    setting,
    pinSetup: null,
    notice: notice(saved ? "enabled" : "enabled-not-saved"),
  });
  return "on";
}

/**
 * Acts on the provisioning link. On a tablet already in kiosk mode the link is ignored: changing
 * the PIN or the idle time needs staff to exit with the current PIN first, so a patient cannot
 * take over the tablet with a link of their own.
 */
export async function provisionFromLink(search: KioskSearch, language: LanguageCode) {
  if (search.kiosk !== "on" || snapshot.status !== "off") return;
  // A PIN that cannot be typed at the exit would lock the tablet for good: never take one.
  if (search.pin !== undefined && isValidPin(search.pin)) {
    await enableKioskMode({ pin: search.pin, idleSeconds: search.idle, language });
  } else {
    update({ pinSetup: search.idle === undefined ? {} : { idleSeconds: search.idle } });
  }
}

export function cancelPinSetup() {
  update({ pinSetup: null });
}

/** `betweenPatients`: not the reset of staff leaving kiosk mode (see `resets`). */
export function startPrivacyReset(betweenPatients: boolean) {
  update({ resets: snapshot.resets + (betweenPatients ? 1 : 0), notice: null });
}

/** `erased`: whether everything the patient left could be erased from the device. */
export function finishPrivacyReset(erased: boolean) {
  update({ notice: notice(erased ? "ready" : "not-erased") });
}

/**
 * Checks the staff PIN; the right one ends kiosk mode. Wrong tries are counted and stored. Rejects
 * when the PIN was right but kiosk mode could not be turned off (it stays on).
 */
export async function exitKioskMode(pin: string): Promise<PinCheck> {
  // The stored copy is the one to count against (another tab may have counted a try too).
  const setting = (await readKioskSetting()) ?? snapshot.setting;
  if (!setting) {
    update({ status: "off", setting: null });
    return { outcome: "accepted" };
  }
  const [{ checkPin }, { endKioskMode }] = await Promise.all([
    import("@/features/kiosk/kiosk-pin"),
    import("@/features/kiosk/privacy-reset"),
  ]);
  const { check, next } = await checkPin(pin, setting, Date.now());
  if (check.outcome === "accepted") {
    update({ status: "off", setting: null, notice: notice(await endKioskMode()) });
  } else {
    await saveKioskSetting(next);
    update({ setting: next });
  }
  return check;
}
