import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readConfig } from "../config.ts";
import { checkPasswordHash, hashPassword, parsePasswordHash, verifyPassword } from "./password.ts";

const salt = randomBytes(16).toString("base64url");
const key = randomBytes(32).toString("base64url");
const made = (N: number | string, r = 8, p = 1, parts = { salt, key }) =>
  `scrypt$${N}$${r}$${p}$${parts.salt}$${parts.key}`;

describe("STAFF_PASSWORD_HASH at start-up", () => {
  it("accepts what staff:hash makes, and the password still signs in", async () => {
    const hash = await hashPassword("Tulpar-2026-clinic");
    expect(readConfig({ STAFF_PASSWORD_HASH: ` ${hash}\n` }).staffPasswordHash).toBe(hash);
    expect(await verifyPassword("Tulpar-2026-clinic", hash)).toBe(true);
    expect(await verifyPassword("tulpar-2026-clinic", hash)).toBe(false);
  });

  it("accepts every power of two from 2^14 whose memory fits", () => {
    expect(() => checkPasswordHash(made(2 ** 14))).not.toThrow();
    expect(parsePasswordHash(made(2 ** 20, 1))).toMatchObject({ N: 2 ** 20, r: 1 });
  });

  it.each([
    ["N = 3", made(3), /N must be a power of two from 2\^14 to 2\^20, not 3/],
    ["N = 16", made(16), /N must be a power of two from 2\^14 to 2\^20, not 16/],
    ["N = 2^21", made(2 ** 21, 1), /not 2097152/],
    ["N not a power of two", made(40_000), /not 40000/],
    ["N = 2^20 with r = 8 (1 GiB)", made(2 ** 20), /need 1024 MiB a sign-in, more than 128 MiB/],
    ["r = 0", made(2 ** 15, 0), /r must be 1 to 32/],
    ["p = 100", made(2 ** 15, 8, 100), /p must be 1 to 16/],
    ["a 16-byte key", made(2 ** 15, 8, 1, { salt, key: key.slice(0, 22) }), /key must be 32 bytes/],
    ["a salt that is not base64url", made(2 ** 15, 8, 1, { salt: "@@@@", key }), /salt/],
    ["a 4-byte salt", made(2 ** 15, 8, 1, { salt: "AAAAAA", key }), /salt/],
    ["another algorithm", `bcrypt$2$b$10$${salt}$${key}`, /not of the form/],
    ["a missing part", `scrypt$32768$8$1$${salt}`, /not of the form/],
  ])("stops the server with the reason: %s", (_name, hash, reason) => {
    expect(() => readConfig({ STAFF_PASSWORD_HASH: hash })).toThrow(reason);
    expect(() => readConfig({ STAFF_PASSWORD_HASH: hash })).toThrow(
      /^STAFF_PASSWORD_HASH cannot be used/,
    );
  });
});
