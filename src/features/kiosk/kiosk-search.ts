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
 * The router's `validateSearch` for `/`. Each value arrives as the text in the link (see
 * `@/lib/search-params`), so `pin=0123` keeps its zero and `pin=1e3` is no PIN at all.
 *
 * The router lays this result over the search as it came, so every key is in the result, set to
 * undefined when its value is unusable: `pin=12a4` must not reach the page as "12a4", or a typo in
 * a link would lock a tablet in kiosk mode behind a PIN no one can type.
 */
export function validateKioskSearch(search: Record<string, unknown>): KioskSearch {
  if (search.kiosk !== "on") return { kiosk: undefined, pin: undefined, idle: undefined };
  return {
    kiosk: "on",
    pin: typeof search.pin === "string" && isValidPin(search.pin) ? search.pin : undefined,
    idle: parseIdleSeconds(search.idle),
  };
}
