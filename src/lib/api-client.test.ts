import { describe, expect, it } from "vitest";
import { errorFields } from "@/lib/api-client";

describe("the fields of an error answer", () => {
  it("are the server's code and message", () => {
    expect(errorFields({ error: "invalid_request", message: '"text" must not be empty.' })).toEqual(
      { error: "invalid_request", message: '"text" must not be empty.' },
    );
  });

  it("are missing from an answer that is not the server's JSON", () => {
    expect(errorFields("<html>Bad gateway</html>")).toEqual({});
    expect(errorFields(null)).toEqual({});
    expect(errorFields(undefined)).toEqual({});
    expect(errorFields({ status: 502 })).toEqual({});
  });

  it("give a message that is not text as text", () => {
    expect(errorFields({ message: 42 })).toEqual({ message: "42" });
  });
});
