/**
 * The SQLite inbox reader: the same pages, searches and CSV batches as the server's own
 * connection, read in a worker thread so that the event loop (and a public POST) is free while a
 * search runs, and the same 503 answer as before when the read fails or takes too long.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRequestsDb, requestsDbPath, type NewRequest } from "./requests-db.ts";
import { openSqliteInboxReader } from "./sqlite-inbox-reader.ts";
import { isStoreUnavailable } from "./store-unavailable.ts";

const closers: (() => unknown)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function openBoth() {
  const dataDir = mkdtempSync(join(tmpdir(), "dauys-inbox-reader-"));
  const db = openRequestsDb(dataDir);
  const reader = openSqliteInboxReader(requestsDbPath(dataDir));
  closers.push(
    () => db.close(),
    () => reader.close(),
  );
  return { db, reader, dataDir };
}

let counter = 0;
function request(overrides: Partial<NewRequest> = {}): NewRequest {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    name: "Айгерим Садыкова",
    email: "aigerim@example.kz",
    subject: "Pilot",
    message: "We would like to try Dauys in our clinic.",
    language: "ru",
    createdAt: "2025-03-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("SQLite inbox reader", () => {
  it("reads the pages, searches and batches the server's connection reads, writes included", async () => {
    const { db, reader } = openBoth();
    for (let day = 1; day <= 9; day++) {
      db.save(
        request({ name: day % 3 ? "Bakyt" : "Дильноза", message: `визит ${day}` }),
        `2025-03-0${day}T10:00:00.000Z`,
      );
    }
    for (const query of [
      { words: [], limit: 4 },
      { words: [], before: 6, limit: 10 },
      { words: ["дильно"], limit: 10 },
      { words: ["bakyt", "визит"], before: 8, limit: 3 },
      { words: ["nobody"], limit: 10 },
    ]) {
      expect(await reader.page(query)).toEqual(db.page(query));
    }
    expect(await reader.batchAfter({ receivedAt: "", seq: 0 }, 4)).toEqual(
      db.batchAfter({ receivedAt: "", seq: 0 }, 4),
    );
    // A request stored a moment ago on the server's connection is in the next read.
    const late = request({ name: "Зарина" });
    db.save(late, "2025-03-10T10:00:00.000Z");
    expect((await reader.page({ words: ["зарина"], limit: 10 })).map((row) => row.id)).toEqual([
      late.id,
    ]);
  });

  it("leaves the event loop free while it reads", async () => {
    const { db, reader } = openBoth();
    db.save(request(), "2025-03-01T10:00:00.000Z");
    const order: string[] = [];
    const read = reader.page({ words: ["pilot"], limit: 10 }).then(() => order.push("read"));
    // On the server's own connection the read would be done before anything else could run.
    setImmediate(() => order.push("other work"));
    await read;
    expect(order).toEqual(["other work", "read"]);
  });

  it("answers a read that takes too long as the store being away, then reads again", async () => {
    const { db, reader } = openBoth();
    db.save(request(), "2025-03-01T10:00:00.000Z");
    // The thread alone takes longer than 1 ms to start: this read cannot make it in time.
    const late = await reader.page({ words: [], limit: 10 }, { timeoutMs: 1 }).catch((e) => e);
    expect(late).toBeInstanceOf(Error);
    expect(isStoreUnavailable(late)).toBe(true);
    // The stopped thread is replaced by the next read.
    expect(await reader.page({ words: [], limit: 10 })).toHaveLength(1);
  });

  it("answers a file it cannot open as the store being away", async () => {
    const reader = openSqliteInboxReader(join(tmpdir(), "no-such-dir-dauys", "dauys.sqlite"));
    closers.push(() => reader.close());
    const failure = await reader.page({ words: [], limit: 10 }).catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(isStoreUnavailable(failure)).toBe(true);
  });

  it("refuses reads once closed", async () => {
    const { reader } = openBoth();
    await reader.close();
    expect(isStoreUnavailable(await reader.page({ words: [], limit: 1 }).catch((e) => e))).toBe(
      true,
    );
  });
});
