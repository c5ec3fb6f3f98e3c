import { stringifySearchWith } from "@tanstack/react-router";

/**
 * The app's search parameters are typed by people (the kiosk provisioning link), so every value
 * stays the text that was typed. The router's default reads numbers and JSON in them, which turned
 * `pin=1e3` into the number 1000; when a key repeats, the last value counts.
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** The counterpart of `parseSearch`: text goes into the address as it is. */
export const stringifySearch = stringifySearchWith(JSON.stringify);
