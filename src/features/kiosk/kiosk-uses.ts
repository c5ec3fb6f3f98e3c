/**
 * Who has used a kiosk, and when: what decides that a session whose page was closed is reset when
 * the app opens again, and when a new version of the app may come in.
 *
 * A kiosk's tab is never closed, so an update would wait for good, and patients are not asked to
 * reload the clinic's tablet (features/app-updates/service-worker-notices.tsx). A new version
 * comes in after a privacy reset instead, between two patients, with nothing of anyone's on the
 * screen, and only while nobody has used the tablet since that reset.
 */
import { isKioskActive } from "@/lib/kiosk-flag";
import { readyNewVersion, takeOver } from "@/lib/new-version";

/**
 * When someone last used the tablet, kept through a reload, a crash or a restart: a session whose
 * page was closed is reset when the app opens again once its time has run out, instead of being
 * shown to the next person with the idle time started anew. One number in localStorage, read at
 * once as the session starts. Once a privacy reset has erased what there was, it says "clean"
 * instead, until the next use: a page loaded again then (a new version comes in after the reset)
 * does not count the idle time anew, to ask "Are you still there?" of nobody and reset again.
 */
const lastUseKey = "dauys.kiosk-last-use";
const clean = "clean";
let lastUseWritten = 0;

/** Whether someone has used the tablet since the last privacy reset ended. */
let usedSinceReset = false;

/** A new version took over while someone was using the tablet: it comes at the next reset. */
let newVersionInCharge = false;

/**
 * Staff gave the right PIN, and kiosk mode is ending: an idle reset running meanwhile, which
 * their exit waits for, brings no new version in (its taking over could land before kiosk mode
 * is off, and reload the page under staff reading what the exit says).
 */
let staffLeaving = false;

export function readLastUse(): number | undefined {
  try {
    const at = Number(localStorage.getItem(lastUseKey));
    return Number.isFinite(at) && at > 0 ? at : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the last privacy reset erased everything and nobody has used the tablet since. */
export function isLeftClean(): boolean {
  try {
    return localStorage.getItem(lastUseKey) === clean;
  } catch {
    return false;
  }
}

function keepLastUse(at: number | typeof clean | null) {
  lastUseWritten = typeof at === "number" ? at : 0;
  try {
    if (at === null) localStorage.removeItem(lastUseKey);
    else localStorage.setItem(lastUseKey, String(at));
  } catch {
    // Without it a reload starts the idle time again: the reset still comes, later.
  }
}

/** Someone touched, typed, watched or listened at `at` (kept at most once a second). */
export function noteKioskUse(at: number) {
  usedSinceReset = true;
  if (Math.abs(at - lastUseWritten) >= 1000) keepLastUse(at);
}

/** Kiosk mode turned off: no session is left to reset. */
export function forgetKioskUses() {
  keepLastUse(null);
  staffLeaving = false;
}

/** Staff are leaving kiosk mode (their PIN was right); see `staffLeaving`. */
export function noteStaffExit() {
  staffLeaving = true;
}

/** Leaving kiosk mode failed after the right PIN: kiosk mode goes on, and new versions come in. */
export function staffStayed() {
  staffLeaving = false;
}

/**
 * A privacy reset has ended; `erased` says whether it erased everything. One that could not (a
 * device that refuses the writes) keeps the last use, so that the next start makes the reset
 * again at once; but it leaves a screen with nobody on it all the same, and a new version may come
 * in (it used to wait for a reset that erased, so such a kiosk stayed on the old code for good).
 */
export function privacyResetEnded(erased: boolean) {
  usedSinceReset = false;
  if (erased) keepLastUse(clean);
}

/**
 * A privacy reset that had erased everything failed, later, to erase a value a slow change wrote
 * back (privacy-reset.ts): the tablet is not clean, and a page loaded again counts the idle time
 * from `at`, so that its reset tries again.
 */
export function lateEraseFailed(at: number) {
  if (isLeftClean()) keepLastUse(at);
}

/**
 * Brings in a new version after a privacy reset, unless someone has used the tablet since. The
 * server is asked for one when none waits; one ready only after someone has started using the
 * tablet waits for the next reset.
 */
export async function bringInNewVersionAfterReset(): Promise<void> {
  if (usedSinceReset || staffLeaving) return;
  if (newVersionInCharge) {
    window.location.reload();
    return;
  }
  const next = await readyNewVersion();
  if (!next || usedSinceReset || staffLeaving || !isKioskActive()) return;
  takeOver(next, () => {
    // Its taking over may wait for the old version's work (a picture still loading): the next
    // patient may have started by then, and the page is not loaded again under them. Nor once
    // staff are leaving kiosk mode or have left it: they read what the exit says (that the last
    // patient's data could not be erased, say), and the app's notice offers the new version.
    if (usedSinceReset || staffLeaving || !isKioskActive()) newVersionInCharge = true;
    else window.location.reload();
  });
}

/** For unit tests: a page just opened. */
export function resetKioskUsesForTests() {
  lastUseWritten = 0;
  usedSinceReset = false;
  newVersionInCharge = false;
  staffLeaving = false;
}
