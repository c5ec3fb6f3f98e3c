/**
 * Staff sessions: a cookie signed by @fastify/cookie that names a session kept in the shared
 * store (server/staff/session-store.ts), so that every node accepts it, signing out ends it on
 * all of them, and a session left alone for `idleMinutes` ends by itself.
 *
 * The signing key is derived from `STAFF_SESSION_SECRET` (random, 32 bytes or more) and the
 * password hash together: the hash alone (seen in an environment dump, say) cannot make a cookie,
 * and changing the password ends every session. A cookie carries its sign-in time and expiry,
 * and one whose expiry lies beyond sign-in + `sessionHours` is refused even when signed.
 */
import { hkdfSync, randomBytes } from "node:crypto";
import { cookieNames } from "../../src/shared/api-contract.ts";

export const sessionCookie = cookieNames.staffSession;
export const sessionHours = 8;
export const idleMinutes = 30;
const sessionMs = sessionHours * 3_600_000;
/** How far a node's clock may be behind the one that signed the cookie. */
const clockSkewMs = 60_000;

export type Session = { id: string; signedInAt: number; expiresAt: number };

/**
 * The secret's bytes, or why it cannot sign sessions: it must be written as hex or base64
 * (`openssl rand -base64 32`) and hold at least 32 bytes that do not repeat a short pattern.
 */
export function readSessionSecret(secret: string | undefined): Buffer | { problem: string } {
  const text = secret?.trim() ?? "";
  if (text === "") return { problem: "STAFF_SESSION_SECRET is not set" };
  const bytes = /^(?:[0-9a-f]{2})+$/i.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)
      ? Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64")
      : undefined;
  const example = "make one with `openssl rand -base64 32`";
  if (!bytes) return { problem: `STAFF_SESSION_SECRET must be hex or base64 (${example})` };
  if (bytes.length < 32) {
    return {
      problem: `STAFF_SESSION_SECRET holds ${bytes.length} bytes, fewer than 32 (${example})`,
    };
  }
  // 32 random bytes have about 30 different values; a typed pattern has a handful.
  if (new Set(bytes).size < 16) {
    return { problem: `STAFF_SESSION_SECRET does not look random (${example})` };
  }
  return bytes;
}

/** The cookie signing key: from the secret and the password hash together. */
export function sessionKey(secret: Buffer, passwordHash: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", secret, Buffer.from(passwordHash.trim()), "dauys staff session v1", 32),
  );
}

export function newSession(now = Date.now()): Session {
  return { id: randomBytes(18).toString("base64url"), signedInAt: now, expiresAt: now + sessionMs };
}

/** The cookie's value before signing. */
export function sessionCookieValue(session: Session): string {
  return `${session.id}.${session.signedInAt}.${session.expiresAt}`;
}

/**
 * The session an unsigned cookie value names, or null when it is malformed, expired, signed in
 * the future or given a longer life than a sign-in gets.
 */
export function readSessionCookie(value: string | null, now = Date.now()): Session | null {
  const match = /^([A-Za-z0-9_-]{24})\.(\d{13})\.(\d{13})$/.exec(value ?? "");
  if (!match) return null;
  const session = { id: match[1]!, signedInAt: Number(match[2]), expiresAt: Number(match[3]) };
  const valid =
    session.signedInAt <= now + clockSkewMs &&
    session.expiresAt > now &&
    session.expiresAt - session.signedInAt <= sessionMs;
  return valid ? session : null;
}

export const deviceCookie = cookieNames.staffDevice;
/** How long a computer that signed in stays known; each sign-in starts it again. */
export const deviceDays = 180;
const deviceMs = deviceDays * 86_400_000;

/** The device cookie's value before signing: a random id and when it was given. */
export function deviceCookieValue(now = Date.now()): string {
  return `${randomBytes(12).toString("base64url")}.${now}`;
}

/** The id in an unsigned device cookie value, when well formed and within its life; else null. */
export function knownDeviceId(value: string | null, now = Date.now()): string | null {
  const match = /^([A-Za-z0-9_-]{16})\.(\d{13})$/.exec(value ?? "");
  if (!match) return null;
  const issuedAt = Number(match[2]);
  return issuedAt <= now + clockSkewMs && now - issuedAt < deviceMs ? match[1]! : null;
}
