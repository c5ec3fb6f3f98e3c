/**
 * The staff password, kept by the operator as a hash only (`STAFF_PASSWORD_HASH`, made by
 * `npm run --silent staff:hash`): scrypt from node:crypto, with its salt and cost in the string,
 * `scrypt$<N>$<r>$<p>$<salt, base64url>$<key, base64url>`. Checked in constant time.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

const keyLength = 32;
const cost = { N: 2 ** 15, r: 8, p: 1 };
// scrypt needs 128 × N × r bytes; the default cap (32 MiB) is just below N = 2^15.
const maxmem = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost.N, cost.r, cost.p);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")]
    .map(String)
    .join("$");
}

/** The parts of a stored hash, or null when it is not one this server made. */
export function parsePasswordHash(hash: string) {
  const [kind, N, r, p, salt, key] = hash.trim().split("$");
  const numbers = [N, r, p].map(Number);
  if (kind !== "scrypt" || !salt || !key || numbers.some((n) => !Number.isInteger(n) || n < 1))
    return null;
  return {
    N: numbers[0]!,
    r: numbers[1]!,
    p: numbers[2]!,
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parsePasswordHash(hash);
  if (!parsed || parsed.key.length !== keyLength) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}
