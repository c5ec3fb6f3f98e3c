/**
 * The staff PIN: kept only as a salted PBKDF2-SHA-256 hash (Web Crypto), checked in constant
 * time, with a limit on wrong attempts. A 4-digit PIN is easy to guess offline whatever the hash,
 * so the lockout, stored with the setting so that a reload does not lift it, is what stops a
 * patient from trying PINs until one works.
 */

/** PBKDF2 rounds: about a tenth of a second on a low-end tablet, once per PIN check. */
export const pinHashIterations = 200_000;

/** Wrong PINs allowed before the exit dialog locks. */
export const maxWrongPins = 5;

/** How long the exit dialog stays locked after too many wrong PINs. */
export const pinLockoutMs = 5 * 60 * 1000;

export type PinHash = { pinHash: string; salt: string; pinIterations: number };

export type PinAttempts = { failedAttempts: number; lockedUntil: number | null };

export type PinCheck =
  | { outcome: "accepted" }
  | { outcome: "refused"; attemptsLeft: number }
  | { outcome: "locked"; until: number };

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Web Crypto exists only in a secure context (https or localhost). */
export function canHashPins(): boolean {
  return typeof crypto !== "undefined" && typeof crypto.subtle?.deriveBits === "function";
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(pin), "PBKDF2", false, [
    "deriveBits",
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

/** Hashes a new PIN with a fresh random salt. */
export async function hashPin(pin: string, iterations = pinHashIterations): Promise<PinHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(pin, salt, iterations);
  return { pinHash: toBase64(hash), salt: toBase64(salt), pinIterations: iterations };
}

export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  const expected = fromBase64(stored.pinHash);
  const actual = await derive(pin, fromBase64(stored.salt), stored.pinIterations);
  if (actual.length !== expected.length) return false;
  // Every byte is compared, so the time taken says nothing about how much of the PIN was right.
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i]! ^ expected[i]!;
  return difference === 0;
}

/** The end of the current lockout, or null when PINs may be tried now. */
export function lockedUntil(attempts: PinAttempts, now: number): number | null {
  return attempts.lockedUntil !== null && attempts.lockedUntil > now ? attempts.lockedUntil : null;
}

/**
 * Checks a PIN against the stored hash and the attempt limit; returns the outcome and the attempt
 * record to store. During a lockout even the right PIN is refused, or the lockout would not stop
 * anyone from guessing.
 */
export async function checkPin<T extends PinHash & PinAttempts>(
  pin: string,
  stored: T,
  now: number,
): Promise<{ check: PinCheck; next: T }> {
  const locked = lockedUntil(stored, now);
  if (locked !== null) return { check: { outcome: "locked", until: locked }, next: stored };

  if (await verifyPin(pin, stored)) {
    return {
      check: { outcome: "accepted" },
      next: { ...stored, failedAttempts: 0, lockedUntil: null },
    };
  }
  const failedAttempts = stored.failedAttempts + 1;
  if (failedAttempts >= maxWrongPins) {
    const until = now + pinLockoutMs;
    return {
      check: { outcome: "locked", until },
      // The count starts again after the lockout: five more tries, then another lockout.
      next: { ...stored, failedAttempts: 0, lockedUntil: until },
    };
  }
  return {
    check: { outcome: "refused", attemptsLeft: maxWrongPins - failedAttempts },
    next: { ...stored, failedAttempts, lockedUntil: null },
  };
}
