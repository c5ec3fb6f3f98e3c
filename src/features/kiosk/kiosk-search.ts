/**
 * The provisioning link's search parameters: `/?kiosk=on&pin=NNNN&idle=SECONDS`. Staff open it
 * once on a clinic tablet; the app then removes it from the address bar and the history.
 */

export const pinPattern = /^\d{4,8}$/;

export const idleSecondsRange = { min: 10, max: 3600, default: 120 } as const;

export type KioskSearch = {
  /** "on": turn kiosk mode on (with `pin`, or by asking staff to choose one). */
  kiosk?: "on";
  /** 4 to 8 digits; left out when the link's PIN is missing or malformed. */
  pin?: string;
  /** Seconds without input before the privacy countdown, within `idleSecondsRange`. */
  idle?: number;
};

export function isValidPin(value: string): boolean {
  return pinPattern.test(value);
}

/** A whole number of seconds within the allowed range; undefined when `value` is not a number. */
export function parseIdleSeconds(value: unknown): number | undefined {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(number)) return undefined;
  return Math.min(idleSecondsRange.max, Math.max(idleSecondsRange.min, Math.round(number)));
}

/**
 * The router's `validateSearch` for `/`. The router has already tried `JSON.parse` on each value,
 * so `pin=1234` arrives as the number 1234 while `pin=0123` stays a string: both are read as text.
 * Anything else in the search is dropped.
 */
export function validateKioskSearch(search: Record<string, unknown>): KioskSearch {
  if (search.kiosk !== "on") return {};
  const result: KioskSearch = { kiosk: "on" };
  const pin =
    typeof search.pin === "number" && Number.isSafeInteger(search.pin)
      ? String(search.pin)
      : search.pin;
  if (typeof pin === "string" && isValidPin(pin)) result.pin = pin;
  const idle = parseIdleSeconds(search.idle);
  if (idle !== undefined) result.idle = idle;
  return result;
}
