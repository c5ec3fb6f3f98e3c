/** Server settings from the environment; the README lists them. */
import { resolve } from "node:path";
import { checkPasswordHash } from "./staff/password.ts";
import { defaultSharedWaitMs } from "./storage/postgres-rate-limit.ts";

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  rateLimitPerMinute: number;
  /**
   * With `databaseUrl`: how long a request waits for the rate-limit count all nodes share before
   * this node counts it alone (server/storage/postgres-rate-limit.ts).
   */
  rateLimitSharedWaitMs: number;
  /** Public submissions (contact requests) one node accepts a minute from all clients together. */
  publicRequestsPerMinute: number;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For): `false` (none, the
   * default) or their addresses and CIDR ranges, comma-separated. Without it, every client
   * behind an HTTPS proxy shares one rate limit.
   */
  trustProxy: false | string;
  /** PostgreSQL (`postgres://…`) shared by several nodes; unset: SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  /** The staff inbox's password as `npm run staff:hash` makes it; unset: no staff inbox. */
  staffPasswordHash: string | undefined;
  /**
   * With the password hash, signs staff sessions (the same on every node): at least 32 random
   * bytes in hex or base64. Unset or weak: the staff inbox stays off (server/staff/session.ts).
   */
  staffSessionSecret: string | undefined;
};

/** PUBLIC_REQUESTS_PER_MINUTE when unset: ten a second, far above a clinic's real traffic. */
export const defaultPublicRequestsPerMinute = 600;

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return parsed;
}

/**
 * The shortest prefix a trusted range may have: 10.0.0.0/8 is the widest private network. A wider
 * one (0.0.0.0/0, ::/0, 128.0.0.0/1) takes in much of the internet, whose clients could then choose
 * their own address in X-Forwarded-For. An IPv4 range written as IPv6 (::ffff:10.0.0.0/104)
 * counts by its IPv4 part.
 */
const shortestPrefix = { ipv4: 8, ipv6: 16, ipv4InIpv6: 96 + 8 };

function tooWide(address: string): boolean {
  const [ip = "", prefix] = address.split("/");
  if (prefix === undefined) return false;
  const shortest = !ip.includes(":")
    ? shortestPrefix.ipv4
    : ip.includes(".")
      ? shortestPrefix.ipv4InIpv6
      : shortestPrefix.ipv6;
  return Number(prefix) < shortest;
}

function trustedProxies(value: string | undefined): false | string {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  const addresses = text.split(",").map((address) => address.trim());
  // Trusting every address would let any client choose its own rate-limit identity.
  if (
    addresses.some(
      (address) => !/^(\d{1,3}(\.\d{1,3}){3}|[\da-fA-F]*:[\da-fA-F:.]*)(\/\d{1,3})?$/.test(address),
    )
  ) {
    throw new Error(`TRUST_PROXY must list the proxies' addresses or CIDR ranges, got "${value}"`);
  }
  const wide = addresses.find(tooWide);
  if (wide) {
    throw new Error(
      `TRUST_PROXY must name the proxies' own addresses, not a range as wide as "${wide}": ` +
        `any client in it could choose its address (at most /${shortestPrefix.ipv4} for IPv4, ` +
        `/${shortestPrefix.ipv6} for IPv6), got "${value}"`,
    );
  }
  return addresses.join(",");
}

/** A hash no sign-in could match stops the server: checked in full, one scrypt run included. */
function staffPasswordHash(value: string | undefined): string | undefined {
  return value ? checkPasswordHash(value) : undefined;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInteger(env.PORT, 8080, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir: resolve(env.DATA_DIR || "./data"),
    distDir: resolve(env.DIST_DIR || "./dist"),
    rateLimitPerMinute: positiveInteger(env.RATE_LIMIT_PER_MINUTE, 60, "RATE_LIMIT_PER_MINUTE"),
    rateLimitSharedWaitMs: positiveInteger(
      env.RATE_LIMIT_SHARED_WAIT_MS,
      defaultSharedWaitMs,
      "RATE_LIMIT_SHARED_WAIT_MS",
    ),
    publicRequestsPerMinute: positiveInteger(
      env.PUBLIC_REQUESTS_PER_MINUTE,
      defaultPublicRequestsPerMinute,
      "PUBLIC_REQUESTS_PER_MINUTE",
    ),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    databaseUrl: env.DATABASE_URL || undefined,
    staffPasswordHash: staffPasswordHash(env.STAFF_PASSWORD_HASH),
    staffSessionSecret: env.STAFF_SESSION_SECRET || undefined,
  };
}
