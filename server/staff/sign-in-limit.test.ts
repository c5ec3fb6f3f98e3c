import { describe, expect, it } from "vitest";
import { memoryFailureCounter, signInLimiter, type SignInAttempt } from "./sign-in-limit.ts";

const limits = { perClient: 3, overall: 5, windowMs: 60_000 };

function setUp() {
  let time = 1_000_000;
  const begin = signInLimiter(
    memoryFailureCounter(() => time),
    limits,
  );
  return { begin, pass: (ms: number) => (time += ms) };
}

async function fail(attempt: Promise<SignInAttempt>) {
  const started = await attempt;
  if (started.refused) return started.refused;
  return started.failed();
}

describe("sign-in limit", () => {
  it("keeps a bounded number of counts, and the count for everyone is never dropped", async () => {
    const time = 1_000_000;
    const counter = memoryFailureCounter(() => time, 10);
    const begin = signInLimiter(counter, limits);
    const outcomes = [];
    // A guess spread over fifty networks, far more than the counter keeps.
    for (let client = 1; client <= 50; client++) {
      outcomes.push(await fail(begin(`2001:db8:${client.toString(16)}::1`)));
    }
    expect(counter.size).toBeLessThanOrEqual(10);
    expect(outcomes.slice(0, 4)).toEqual([null, null, null, null]);
    // The fifth reaches the limit for everyone, and from then on all are refused, however many
    // addresses came and went.
    for (const outcome of outcomes.slice(4)) expect(outcome).toMatchObject({ scope: "everyone" });
  });

  it("counts wrong passwords only: right ones never lock a client out", async () => {
    const { begin } = setUp();
    for (let i = 0; i < 10; i++) {
      const attempt = await begin("10.0.0.1");
      expect(attempt.refused).toBeNull();
      if (!attempt.refused) await attempt.succeeded();
    }
    expect(await fail(begin("10.0.0.1"))).toBeNull();
  });

  it("locks a client after its limit of wrong passwords, until the window ends", async () => {
    const { begin, pass } = setUp();
    expect(await fail(begin("10.0.0.1"))).toBeNull();
    expect(await fail(begin("10.0.0.1"))).toBeNull();
    expect(await fail(begin("10.0.0.1"))).toEqual({ scope: "client", msLeft: 60_000 });
    pass(10_000);
    expect((await begin("10.0.0.1")).refused).toEqual({ scope: "client", msLeft: 50_000 });
    expect((await begin("10.0.0.2")).refused).toBeNull();
    pass(50_000);
    expect((await begin("10.0.0.1")).refused).toBeNull();
  });

  it("locks everyone once all clients together reach the overall limit", async () => {
    const { begin } = setUp();
    for (let i = 1; i <= 4; i++) expect(await fail(begin(`10.0.0.${i}`))).toBeNull();
    expect(await fail(begin("10.0.0.5"))).toEqual({ scope: "everyone", msLeft: 60_000 });
    expect((await begin("10.0.0.6")).refused).toEqual({ scope: "everyone", msLeft: 60_000 });
  });

  it("holds a computer that signed in before to a limit of its own only", async () => {
    const { begin } = setUp();
    for (let i = 1; i <= 5; i++) await fail(begin(`10.0.0.${i}`));
    expect((await begin("10.0.0.9")).refused).toEqual({ scope: "everyone", msLeft: 60_000 });
    expect(await fail(begin("10.0.0.9", { knownDevice: "desk" }))).toBeNull();
    expect(await fail(begin("10.0.0.9", { knownDevice: "desk" }))).toBeNull();
    expect(await fail(begin("10.0.0.9", { knownDevice: "desk" }))).toEqual({
      scope: "client",
      msLeft: 60_000,
    });
    expect((await begin("10.0.0.9", { knownDevice: "desk" })).refused).toEqual({
      scope: "client",
      msLeft: 60_000,
    });
    // Another known computer behind the same address is not held to the first one's limit.
    expect((await begin("10.0.0.9", { knownDevice: "office" })).refused).toBeNull();
  });

  it("does not hold a known computer to the limit of the address it shares", async () => {
    const { begin } = setUp();
    // A visitor on the clinic's network, which reaches the server from one public address.
    for (let i = 0; i < 3; i++) await fail(begin("10.0.0.1"));
    expect((await begin("10.0.0.1")).refused).toEqual({ scope: "client", msLeft: 60_000 });
    expect((await begin("10.0.0.1", { knownDevice: "desk" })).refused).toBeNull();
  });

  it("lets no more parallel guesses through than the limit", async () => {
    const { begin } = setUp();
    const attempts = await Promise.all(Array.from({ length: 20 }, () => begin("10.0.0.1")));
    expect(attempts.filter((attempt) => attempt.refused === null)).toHaveLength(3);
  });
});
