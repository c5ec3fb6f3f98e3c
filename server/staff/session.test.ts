import { describe, expect, it } from "vitest";
import {
  newSession,
  readSessionCookie,
  readSessionSecret,
  sessionCookieValue,
  sessionKey,
} from "./session.ts";

const hour = 3_600_000;

describe("STAFF_SESSION_SECRET", () => {
  it("takes 32 random bytes or more, in base64, base64url or hex", () => {
    for (const secret of [
      "q0t0UJ3mLr1XyF3wq8k9m6Yc2n1HfEo7Vb4Zs5aPd+I=",
      "q0t0UJ3mLr1XyF3wq8k9m6Yc2n1HfEo7Vb4Zs5aPd-I",
      "ab4f0c9d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d",
    ]) {
      expect(readSessionSecret(secret)).toBeInstanceOf(Buffer);
    }
  });

  it.each([
    [undefined, /is not set/],
    ["   ", /is not set/],
    ["short-secret", /fewer than 32/],
    ["q0t0UJ3mLr1XyF3wq8k9m6Yc2n1HfEo7", /holds 24 bytes, fewer than 32/],
    ["0".repeat(64), /does not look random/],
    ["abcd".repeat(16), /does not look random/],
    ["my clinic's session secret, long enough!", /must be hex or base64/],
  ])("refuses %j", (secret, reason) => {
    expect(readSessionSecret(secret)).toEqual({ problem: expect.stringMatching(reason) });
  });

  it("signs with a key from the secret and the password hash together", () => {
    const secret = readSessionSecret("q0t0UJ3mLr1XyF3wq8k9m6Yc2n1HfEo7Vb4Zs5aPd+I=") as Buffer;
    const other = readSessionSecret(
      "ab4f0c9d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d",
    ) as Buffer;
    const key = sessionKey(secret, "scrypt$32768$8$1$salt$one");
    expect(key).toHaveLength(32);
    expect(sessionKey(secret, "scrypt$32768$8$1$salt$one")).toEqual(key);
    expect(sessionKey(secret, "scrypt$32768$8$1$salt$two")).not.toEqual(key);
    expect(sessionKey(other, "scrypt$32768$8$1$salt$one")).not.toEqual(key);
  });
});

describe("session cookie", () => {
  const now = Date.UTC(2026, 10, 27, 9);

  it("reads back a new session for 8 hours, then no more", () => {
    const session = newSession(now);
    const value = sessionCookieValue(session);
    expect(readSessionCookie(value, now)).toEqual(session);
    expect(readSessionCookie(value, now + 8 * hour - 1)).toEqual(session);
    expect(readSessionCookie(value, now + 8 * hour)).toBeNull();
  });

  it("refuses an expiry beyond sign-in + 8 h, and a sign-in in the future", () => {
    const session = newSession(now);
    const longer = { ...session, expiresAt: session.signedInAt + 8 * hour + 1 };
    expect(readSessionCookie(sessionCookieValue(longer), now)).toBeNull();
    const century = { ...session, expiresAt: session.signedInAt + 100 * 365 * 24 * hour };
    expect(readSessionCookie(sessionCookieValue(century), now)).toBeNull();
    const future = { ...session, signedInAt: now + hour, expiresAt: now + 2 * hour };
    expect(readSessionCookie(sessionCookieValue(future), now)).toBeNull();
  });

  it("refuses malformed values", () => {
    const { id } = newSession(now);
    for (const value of [
      null,
      "",
      "abc",
      `${id}.${now}`,
      `${id}.x.${now}`,
      `a.${now}.${now + 1}`,
    ]) {
      expect(readSessionCookie(value, now)).toBeNull();
    }
  });
});
