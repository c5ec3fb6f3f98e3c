import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

describe("readConfig", () => {
  it("has working defaults", () => {
    expect(readConfig({})).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      rateLimitPerMinute: 60,
      rateLimitSharedWaitMs: 1000,
      trustProxy: false,
    });
  });

  it("reads TRUST_PROXY as the proxies' addresses and CIDR ranges", () => {
    expect(readConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: "127.0.0.1" }).trustProxy).toBe("127.0.0.1");
    expect(readConfig({ TRUST_PROXY: " 10.0.0.0/8, ::1 " }).trustProxy).toBe("10.0.0.0/8,::1");
  });

  it("refuses settings that would let any client choose its address", () => {
    for (const value of ["true", "*", "1", "proxy.local", "10.0.0.0/8,all", "1 2"]) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
  });

  it("refuses ranges wider than /8 for IPv4 and /16 for IPv6, which take in any client", () => {
    for (const value of [
      "0.0.0.0/0",
      "::/0",
      "127.0.0.1,0.0.0.0/0",
      "128.0.0.0/1",
      "10.0.0.0/7",
      "2000::/3",
      "fc00::/15",
      "::ffff:0.0.0.0/96",
    ]) {
      expect(() => readConfig({ TRUST_PROXY: value }), value).toThrow(
        /^TRUST_PROXY must name the proxies' own addresses, not a range as wide as/,
      );
    }
    // The widest private networks are still taken.
    expect(readConfig({ TRUST_PROXY: "10.0.0.0/8,fc00::/16,::ffff:10.0.0.0/104" }).trustProxy).toBe(
      "10.0.0.0/8,fc00::/16,::ffff:10.0.0.0/104",
    );
  });

  it("refuses a rate limit that is not a positive whole number", () => {
    expect(() => readConfig({ RATE_LIMIT_PER_MINUTE: "-5" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
