import { describe, expect, it } from "vitest";
import { postgresMigrationsBefore, sqliteMigrationsBefore } from "./legacy-schema-fixture.ts";
import {
  latestSchemaVersion,
  migrations,
  pendingMigrations,
  sqliteVersionForUserVersion,
} from "./schema.ts";

/** SQL compared as the database reads it: the indentation of a template literal is not part of it. */
const statement = (sql: string) => sql.replace(/\s+/g, " ").trim();

describe("pendingMigrations", () => {
  it("gives a new database every migration its dialect has, in order", () => {
    expect(pendingMigrations("postgres", 0).map(statement)).toEqual(
      postgresMigrationsBefore.map(statement),
    );
    expect(pendingMigrations("sqlite", 0).map(statement)).toEqual(
      sqliteMigrationsBefore.map(statement),
    );
  });

  it("gives only the migrations after the database's version", () => {
    expect(pendingMigrations("postgres", 8).map(statement)).toEqual([
      "CREATE INDEX requests_by_received_at_seq ON requests (received_at, seq)",
      "DROP INDEX requests_by_received_at",
    ]);
    expect(pendingMigrations("sqlite", 2).map(statement)).toEqual(
      sqliteMigrationsBefore.slice(2).map(statement),
    );
  });

  it("leaves out what a store has no use for: SQLite keeps no rate limits or GIN indexes", () => {
    expect(pendingMigrations("sqlite", 6)).toEqual([]);
    expect(pendingMigrations("postgres", 6)).toHaveLength(4);
  });

  it("has nothing for a database that is up to date", () => {
    expect(pendingMigrations("sqlite", latestSchemaVersion)).toEqual([]);
    expect(pendingMigrations("postgres", latestSchemaVersion)).toEqual([]);
  });

  it("refuses a database made by a newer server", () => {
    expect(() => pendingMigrations("sqlite", latestSchemaVersion + 1)).toThrow(
      /schema version 11, newer than this server \(10\)/,
    );
    expect(() => pendingMigrations("postgres", 99)).toThrow(/newer than this server/);
  });
});

describe("the versions of the runners before one list", () => {
  it("are PostgreSQL's own: its list is this list's PostgreSQL side, entry for entry", () => {
    expect(migrations.map((migration) => statement(migration.postgres))).toEqual(
      postgresMigrationsBefore.map(statement),
    );
  });

  it("map each SQLite count to the version after the same migration", () => {
    expect(sqliteVersionForUserVersion).toHaveLength(sqliteMigrationsBefore.length + 1);
    sqliteMigrationsBefore.forEach((sql, index) => {
      const version = sqliteVersionForUserVersion[index + 1]!;
      expect(statement(migrations[version - 1]!.sqlite)).toBe(statement(sql));
      // Nothing SQLite runs lies between the previous count's version and this one's.
      const skipped = migrations.slice(sqliteVersionForUserVersion[index], version - 1);
      expect(skipped.map((migration) => migration.sqlite)).toEqual(skipped.map(() => ""));
    });
  });
});
