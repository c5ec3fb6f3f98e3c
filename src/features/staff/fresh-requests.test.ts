import { describe, expect, it } from "vitest";
import { withFreshFirstPage, withNextPage } from "@/features/staff/fresh-requests";
import type { RequestsPage, StaffRequest } from "@/features/staff/staff-api";

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
    expect(withFreshFirstPage(shown, fresh, 1)).toEqual({
      page: fresh,
      added: 1,
      atLeast: false,
      pagesShown: 1,
    });
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
      atLeast: false,
      pagesShown: 2,
    });
  });

  it("after Show more, takes a fresh page that does not reach the list shown whole, with its own next", () => {
    const shown = { requests: [request("d"), request("c"), request("b"), request("a")], next: "z" };
    // More came than a page holds: "e" is on the next page, between this one and "d".
    const fresh = { requests: [request("h"), request("g"), request("f")], next: "f" };
    expect(withFreshFirstPage(shown, fresh, 2)).toEqual({
      page: fresh,
      added: 3,
      atLeast: true,
      pagesShown: 1,
    });
  });

  it("never skips a request, however many come between two checks", () => {
    // A server that pages newest first, 5 at a time; `next` is the last request's place.
    const received = Array.from({ length: 12 }, (_, index) => request(`old-${index}`)).reverse();
    const pageAfter = (after: string | null): RequestsPage => {
      const start = after === null ? 0 : received.findIndex((item) => item.id === after) + 1;
      const requests = received.slice(start, start + 5);
      const last = requests.at(-1);
      const more = last !== undefined && start + 5 < received.length;
      return { requests, next: more ? last.id : null };
    };
    const showMore = (list: RequestsPage) => {
      const page = pageAfter(list.next);
      return { requests: [...list.requests, ...page.requests], next: page.next };
    };
    // Staff show two pages; then 7 requests come, more than a page.
    let list = showMore(pageAfter(null));
    received.unshift(...Array.from({ length: 7 }, (_, index) => request(`new-${index}`)).reverse());
    const update = withFreshFirstPage(list, pageAfter(null), 2);
    list = update.page;
    while (list.next !== null) list = showMore(list);
    expect(list.requests.map((item) => item.id)).toEqual(received.map((item) => item.id));
    // The fresh page held 5 of the 7 that came: said as "5 or more".
    expect(update).toMatchObject({ added: 5, atLeast: true });
  });

  it("counts nothing new when nothing came", () => {
    const shown = { requests: [request("a")], next: null };
    expect(withFreshFirstPage(shown, shown, 1).added).toBe(0);
  });
});

describe("the next page added to the list", () => {
  it("goes under the list it was asked for", () => {
    const shown = { requests: [request("d"), request("c")], next: "c" };
    const page = { requests: [request("b"), request("a")], next: null };
    expect(withNextPage(shown, "c", page)).toEqual({
      requests: [request("d"), request("c"), request("b"), request("a")],
      next: null,
    });
  });

  it("is not added once a check for new requests has put a list with another end in its place", () => {
    // Asked for after "c"; meanwhile three requests came, and the fresh first page (a page holds
    // two here) ends at "e", with "d" and "c" below it.
    const replaced = { requests: [request("g"), request("f")], next: "f" };
    const page = { requests: [request("b"), request("a")], next: null };
    // Added, the list would read g, f, b, a: e, d and c never shown again.
    expect(withNextPage(replaced, "c", page)).toBeNull();
  });
});
