/**
 * The sign-in's outcomes as the page reads them from the real server's answers (the app built
 * by server/app.ts, reached through inject instead of the network): "not set up" and "the
 * database is away" are both 503, and the staff must be told which. Also the inbox's own check
 * for new requests, which must not keep a session left open going.
 */
import { DatabaseSync } from "node:sqlite";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../../../server/staff/password.ts";
import { requestsDbPath } from "../../../server/storage/requests-db.ts";
import { buildTestApp, makeTempDirs, testSessionSecret } from "../../../server/test-support.ts";
import { downloadRequestsCsv, listRequests, signIn, signOut, StaffApiError } from "./staff-api";

// The page's address, which the app's API client sends to (Node has no location of its own).
vi.hoisted(() => {
  const address = new URL("https://dauys.test/staff");
  Object.defineProperty(globalThis, "location", { value: address, configurable: true });
});

const unusedSynthesizer = { synthesize: () => Promise.reject(new Error("not used")) };
const password = "Tulpar-2026-clinic";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The page's fetch, answered by the app, with the cookies the app set as a browser keeps them. */
function serveFetchFrom(app: FastifyInstance) {
  const cookies = new Map<string, string>();
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await app.inject({
      method: request.method as "POST",
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(request.headers), ...(cookie && { cookie }) },
      payload: await request.text(),
    });
    for (const { name, value } of answer.cookies) cookies.set(name, value);
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: {
        "content-type": String(answer.headers["content-type"] ?? ""),
        "content-disposition": String(answer.headers["content-disposition"] ?? ""),
        "retry-after": String(answer.headers["retry-after"] ?? ""),
      },
    });
  });
}

async function start(configured: boolean) {
  const { dataDir } = makeTempDirs();
  const app = await buildTestApp(unusedSynthesizer, {
    dataDir,
    ...(configured && {
      staffPasswordHash: await hashPassword(password),
      staffSessionSecret: testSessionSecret,
    }),
  });
  cleanups.push(() => app.close());
  serveFetchFrom(app);
  return { dataDir };
}

describe("staff sign-in outcome", () => {
  it("signs in on a server whose inbox is set up and whose database answers", async () => {
    await start(true);
    expect(await signIn(password)).toBe("signed-in");
    expect(await signIn("not the password")).toBe("wrong-password");
  });

  it("says how long signing in stays refused after too many wrong passwords, as the server counts it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    await start(true);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await signIn("not the password")).toBe("wrong-password");
    }
    expect(await signIn(password)).toEqual({ tooMany: { minutes: 15 } });
    // The lockout runs from the first wrong password: ten minutes on, five are left.
    vi.advanceTimersByTime(10 * 60_000 + 1_000);
    expect(await signIn(password)).toEqual({ tooMany: { minutes: 5 } });
    vi.advanceTimersByTime(5 * 60_000);
    expect(await signIn(password)).toBe("signed-in");
  });

  it("says the inbox is not set up when the server has no staff password", async () => {
    await start(false);
    expect(await signIn(password)).toBe("not-configured");
  });

  it("says the database is away, not that the inbox is not set up, when it cannot store the session", async () => {
    const { dataDir } = await start(true);
    // Another connection holds the write lock: the session cannot be stored (SQLITE_BUSY after
    // the server's 5 s busy timeout), as when the disk or the database is away.
    const holder = new DatabaseSync(requestsDbPath(dataDir));
    holder.exec("BEGIN IMMEDIATE");
    cleanups.push(() => holder.close());
    expect(await signIn(password)).toBe("unavailable");
    holder.exec("ROLLBACK");
    expect(await signIn(password)).toBe("signed-in");
  }, 30_000);
});

describe("the inbox's check for new requests", () => {
  it("does not keep the session going when made in the background, as staff's own reading does", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    await start(true);
    expect(await signIn(password)).toBe("signed-in");
    // Staff read the inbox at minute 10; after that, only the open inbox checks, every minute.
    for (let minute = 1; minute < 40; minute++) {
      vi.advanceTimersByTime(60_000);
      await listRequests("", { inBackground: minute !== 10 });
    }
    vi.advanceTimersByTime(60_000);
    await expect(listRequests("", { inBackground: true })).rejects.toEqual(new StaffApiError(401));
  });
});

describe("the CSV download", () => {
  it("gives the CSV with the server's file name, and says so when the session has ended", async () => {
    await start(true);
    expect(await signIn(password)).toBe("signed-in");
    const csv = await downloadRequestsCsv();
    if (!("file" in csv)) throw new Error(`No CSV: ${csv.problem}`);
    expect(csv.fileName).toMatch(/^dauys-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    expect((await csv.file.text()).split("\r\n")[0]).toContain("handledAt");
    expect(await signOut()).toBe(true);
    expect(await downloadRequestsCsv()).toEqual({ problem: "session-ended" });
  });

  it("tells a busy server, a failed one and a download cut short apart, with no file", async () => {
    // The network's answers, as the server and the connection give them.
    const answer = vi.fn<() => Response>();
    vi.stubGlobal("fetch", async () => answer());
    answer.mockReturnValueOnce(
      Response.json(
        { error: "unavailable", message: "The node makes as many CSV downloads as it can." },
        { status: 503, headers: { "retry-after": "5" } },
      ),
    );
    expect(await downloadRequestsCsv()).toEqual({ problem: "busy" });
    answer.mockReturnValueOnce(
      Response.json({ error: "internal_error", message: "Failed." }, { status: 500 }),
    );
    expect(await downloadRequestsCsv()).toEqual({ problem: "failed" });
    // The server stops sending half-way (its next rows did not come in time).
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("id,receivedAt\r\n"));
        controller.error(new TypeError("network error"));
      },
    });
    answer.mockReturnValueOnce(
      new Response(cut, { status: 200, headers: { "content-type": "text/csv" } }),
    );
    expect(await downloadRequestsCsv()).toEqual({ problem: "connection" });
    answer.mockImplementationOnce(() => {
      throw new TypeError("Failed to fetch");
    });
    expect(await downloadRequestsCsv()).toEqual({ problem: "connection" });
  });
});
