/**
 * Staff sessions without server state, so that any node behind the load balancer accepts them:
 * the cookie holds its expiry and a random id, signed with HMAC-SHA256. The key is
 * `STAFF_SESSION_SECRET` when set, otherwise derived from the password hash, so changing the
 * password ends every session. The same settings on every node make their sessions valid on all.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const sessionCookie = "dauys_staff";
export const sessionHours = 8;

export function sessionKey(passwordHash: string, secret: string | undefined): Buffer {
  return createHash("sha256")
    .update(secret ? `secret:${secret}` : `password-hash:${passwordHash}`)
    .digest();
}

const sign = (key: Buffer, body: string) =>
  createHmac("sha256", key).update(body).digest("base64url");

export function createSession(key: Buffer, now = Date.now()): string {
  const body = `${now + sessionHours * 3_600_000}.${randomBytes(16).toString("base64url")}`;
  return `${body}.${sign(key, body)}`;
}

export function isValidSession(key: Buffer, token: string | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const last = token.lastIndexOf(".");
  if (last < 0) return false;
  const body = token.slice(0, last);
  const given = Buffer.from(token.slice(last + 1));
  const expected = Buffer.from(sign(key, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expires = Number(body.split(".")[0]);
  return Number.isFinite(expires) && expires > now;
}
