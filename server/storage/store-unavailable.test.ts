import { describe, expect, it } from "vitest";
import { isStoreUnavailable } from "./store-unavailable.ts";

const withCode = (message: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(message), fields);

describe("isStoreUnavailable", () => {
  it("recognises a database that is away, stalled, shutting down or read-only", () => {
    for (const error of [
      new Error("Query read timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      withCode("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" }),
      withCode("canceling statement due to statement timeout", { code: "57014" }),
      withCode("terminating connection due to administrator command", { code: "57P01" }),
      withCode("the database system is starting up", { code: "57P03" }),
      withCode("connection failure", { code: "08006" }),
      withCode("cannot execute INSERT in a read-only transaction", { code: "25006" }),
      withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 }),
      withCode("database or disk is full", { code: "ERR_SQLITE_ERROR", errcode: 13 }),
      withCode("disk I/O error", { code: "ERR_SQLITE_ERROR", errcode: 10 | (3 << 8) }),
    ]) {
      expect(isStoreUnavailable(error), error.message).toBe(true);
    }
  });

  it("leaves other faults alone: they are the server's own, answered 500", () => {
    for (const error of [
      new Error("Cannot read properties of undefined"),
      withCode('relation "requests" does not exist', { code: "42P01" }),
      withCode("duplicate key value", { code: "23505" }),
      withCode("no such table: requests", { code: "ERR_SQLITE_ERROR", errcode: 1 }),
      "a string thrown",
      undefined,
    ]) {
      expect(isStoreUnavailable(error)).toBe(false);
    }
  });
});
