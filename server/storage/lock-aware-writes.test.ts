/**
 * A serving connection's writes to a SQLite file another process holds locked: the first waits
 * for the lock, those after it try it once (busy_timeout 0) for a while, and the connection
 * waits again once that while has passed. Read from the connection itself, not timed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lockAwareWrites } from "./requests-db.ts";

afterEach(() => {
  vi.useRealTimers();
});

function lockedFile() {
  const path = join(mkdtempSync(join(tmpdir(), "dauys-lock-test-")), "requests.db");
  const serving = new DatabaseSync(path);
  serving.exec("CREATE TABLE notes (text TEXT); PRAGMA busy_timeout = 250");
  const other = new DatabaseSync(path);
  other.exec("BEGIN IMMEDIATE");
  const busyTimeout = () =>
    (serving.prepare("PRAGMA busy_timeout").get() as Record<string, number>)["timeout"];
  const insert = serving.prepare("INSERT INTO notes (text) VALUES (?)");
  const close = () => {
    other.close();
    serving.close();
  };
  return { serving, other, busyTimeout, insert, close };
}

describe("writes to a file another process holds locked", () => {
  it("stop waiting for the lock once one found it held, and store once it has gone", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { serving, other, busyTimeout, insert, close } = lockedFile();
    try {
      const write = lockAwareWrites(serving);
      expect(busyTimeout()).toBe(250);
      expect(() => write(() => insert.run("first"))).toThrow(/locked/);
      // Refused: the next writes try the lock once, and are refused at once.
      expect(busyTimeout()).toBe(0);
      for (let i = 0; i < 3; i++) {
        expect(() => write(() => insert.run("again"))).toThrow(/locked/);
        expect(busyTimeout()).toBe(0);
      }
      other.exec("ROLLBACK");
      // The lock has gone: stored at once.
      expect(Number(write(() => insert.run("stored")).changes)).toBe(1);
      // A while after the last refusal, the connection waits for a lock again.
      vi.advanceTimersByTime(5_001);
      write(() => insert.run("later"));
      expect(busyTimeout()).toBe(250);
    } finally {
      close();
    }
  });

  it("leave other errors as they are", () => {
    const { serving, other, busyTimeout, close } = lockedFile();
    try {
      other.exec("ROLLBACK");
      const write = lockAwareWrites(serving);
      expect(() => write(() => serving.exec("INSERT INTO nowhere VALUES (1)"))).toThrow(
        /no such table/,
      );
      expect(busyTimeout()).toBe(250);
    } finally {
      close();
    }
  });
});
