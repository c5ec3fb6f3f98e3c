/**
 * The staff password, kept by the operator as a hash only (`STAFF_PASSWORD_HASH`, made by
 * `npm run --silent staff:hash`): scrypt from node:crypto, with its salt and cost in the string,
 * `scrypt$<N>$<r>$<p>$<salt, base64url>$<key, base64url>`. Checked in constant time.
 *
 * A hash is checked in full when the server starts (`checkPasswordHash`), so a hash no sign-in
 * could ever match (a cost scrypt refuses, a key of the wrong length) stops the server with a
 * reason instead of answering every sign-in with an error or "wrong password".
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";

const keyLength = 32;
const cost = { N: 2 ** 15, r: 8, p: 1 };
/** The most memory one sign-in may take: scrypt needs about 128 × N × r bytes. */
export const maxScryptMemory = 128 * 1024 * 1024;
// Node refuses a cost whose memory reaches maxmem; scrypt also needs a little beside 128 × N × r.
const maxmem = maxScryptMemory + 1024 * 1024;
const costLimits = { minLogN: 14, maxLogN: 20, maxR: 32, maxP: 16, minSaltBytes: 16 };

export type PasswordHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function derive(password: string, hash: Omit<PasswordHash, "key">): Promise<Buffer> {
  const { salt, N, r, p } = hash;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, { salt, ...cost });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")]
    .map(String)
    .join("$");
}

/** Strict base64url: `Buffer.from` would quietly skip characters that do not belong. */
function base64url(text: string | undefined): Buffer | undefined {
  if (!text || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64url");
  return bytes.toString("base64url") === text ? bytes : undefined;
}

/**
 * The parts of a stored hash, or the reason it cannot be used: its form, a cost scrypt runs
 * within `maxScryptMemory` (N a power of two from 2^14 to 2^20), a salt of 16 bytes or more and
 * a 32-byte key. Cheap: it does not run scrypt.
 */
export function parsePasswordHash(hash: string): PasswordHash | { problem: string } {
  const parts = hash.trim().split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") {
    return { problem: "it is not of the form scrypt$N$r$p$salt$key" };
  }
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^[1-9]\d{0,9}$/.test(part!) ? +part! : 0));
  const logN = Math.log2(N!);
  if (!Number.isInteger(logN) || logN < costLimits.minLogN || logN > costLimits.maxLogN) {
    return { problem: `N must be a power of two from 2^14 to 2^20, not ${parts[1]}` };
  }
  if (!r || r > costLimits.maxR) return { problem: `r must be 1 to 32, not ${parts[2]}` };
  if (!p || p > costLimits.maxP) return { problem: `p must be 1 to 16, not ${parts[3]}` };
  if (128 * N! * r > maxScryptMemory) {
    const needs = (128 * N! * r) / 2 ** 20;
    return {
      problem: `N = ${N} and r = ${r} need ${needs} MiB a sign-in, more than ${maxScryptMemory / 2 ** 20} MiB`,
    };
  }
  const salt = base64url(parts[4]);
  if (!salt || salt.length < costLimits.minSaltBytes) {
    return { problem: "the salt must be at least 16 bytes in base64url" };
  }
  const key = base64url(parts[5]);
  if (key?.length !== keyLength) {
    return { problem: `the key must be ${keyLength} bytes in base64url` };
  }
  return { N: N!, r, p, salt, key };
}

/**
 * The hash, checked in full for start-up: its parts (`parsePasswordHash`) and one real scrypt
 * run with its cost. Throws with the reason when the inbox could not work with it.
 */
export function checkPasswordHash(hash: string): string {
  const parsed = parsePasswordHash(hash);
  const explain = (problem: string) =>
    new Error(
      `STAFF_PASSWORD_HASH cannot be used: ${problem}. Make one with \`npm run --silent staff:hash\`.`,
    );
  if ("problem" in parsed) throw explain(parsed.problem);
  try {
    scryptSync("start-up check", parsed.salt, keyLength, { ...parsed, maxmem });
  } catch (error) {
    throw explain(`scrypt refused its cost (${(error as Error).message})`);
  }
  return hash.trim();
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parsePasswordHash(hash);
  if ("problem" in parsed) return false;
  const key = await derive(password, parsed);
  return timingSafeEqual(key, parsed.key);
}
