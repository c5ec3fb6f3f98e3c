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

  it("refuses a rate limit that is not a positive whole number", () => {
    expect(() => readConfig({ RATE_LIMIT_PER_MINUTE: "-5" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
