import { afterEach, describe, expect, it, vi } from "vitest";
import { contentRequestId } from "@/shared/contact-request-id";
import { randomUuid } from "@/shared/uuid";

// A version 4 UUID, which the server's `format: "uuid"` takes.
const randomForm = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const fields = {
  name: "Aigerim Sadykova",
  email: "aigerim@example.kz",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys with ten patients.",
};

describe("randomUuid", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("makes a new version 4 UUID each time", () => {
    const ids = new Set(Array.from({ length: 100 }, randomUuid));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(randomForm);
  });

  it("works where only getRandomValues is there (a page over plain http)", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    expect(randomUuid()).toMatch(randomForm);
  });
});

describe("contentRequestId", () => {
  // Pages and servers of different versions make the same id from the same words, so a request
  // the browser posted and the app sends again is still stored once.
  it("makes the ids it always made", async () => {
    expect(await contentRequestId(fields, "kk", "0b6f6c8e-3c1a-4f43-9a51-2f8d0f6f1a77")).toBe(
      "4238b2cf-7c8d-8cde-8390-74f680ebbee8",
    );
    expect(await contentRequestId(fields, "ru", 2_964_000)).toBe(
      "7b1ff147-ca05-8b3a-b900-143bafbbe5c2",
    );
  });
});
