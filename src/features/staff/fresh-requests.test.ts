import { describe, expect, it } from "vitest";
import { withFreshFirstPage } from "@/features/staff/fresh-requests";
import type { StaffRequest } from "@/features/staff/staff-api";

const request = (id: string, handledAt: string | null = null): StaffRequest => ({
  id,
  name: `Name ${id}`,
  email: `${id}@example.kz`,
  subject: `Subject ${id}`,
  message: "Hello",
  language: "kk",
  createdAt: "2026-12-03T10:00:00.000Z",
  receivedAt: "2026-12-03T10:00:01.000Z",
  handledAt,
});

describe("the inbox brought up to date", () => {
  it("with only the first page shown, takes the fresh page whole", () => {
    const shown = { requests: [request("b"), request("a")], next: null };
    const fresh = { requests: [request("c"), request("b", "2026-12-03T11:00:00.000Z")], next: "a" };
    expect(withFreshFirstPage(shown, fresh, 1)).toEqual({ page: fresh, added: 1 });
  });

  it("after Show more, puts the new requests on top and keeps the older ones shown", () => {
    const shown = { requests: [request("d"), request("c"), request("b"), request("a")], next: "z" };
    const fresh = {
      requests: [request("f"), request("e"), request("d", "2026-12-03T11:00:00.000Z")],
      next: "d",
    };
    expect(withFreshFirstPage(shown, fresh, 2)).toEqual({
      page: {
        requests: [
          request("f"),
          request("e"),
          request("d", "2026-12-03T11:00:00.000Z"),
          request("c"),
          request("b"),
          request("a"),
        ],
        next: "z",
      },
      added: 2,
    });
  });

  it("counts nothing new when nothing came", () => {
    const shown = { requests: [request("a")], next: null };
    expect(withFreshFirstPage(shown, shown, 1).added).toBe(0);
  });
});
