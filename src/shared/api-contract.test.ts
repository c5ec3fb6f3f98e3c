import { describe, expect, it } from "vitest";
import { apiPaths, apiPrefix, pathPrefixPattern, routePath } from "./api-contract.ts";

describe("the API's paths", () => {
  it("become Fastify routes with `:name` for each `{name}`", () => {
    expect(routePath(apiPaths.staffRequest)).toBe("/api/staff/requests/:id");
    expect(routePath("/a/{first}/b/{second}")).toBe("/a/:first/b/:second");
  });

  it("stay as they are without parameters", () => {
    expect(routePath(apiPaths.staffRequestsCsv)).toBe("/api/staff/requests.csv");
  });

  it("lie below the API prefix, except the speech service the spec placed at the root", () => {
    const outside = Object.values(apiPaths).filter((path) => !path.startsWith(apiPrefix));
    expect(outside).toEqual([apiPaths.speech]);
  });
});

describe("a path prefix pattern", () => {
  it("matches the paths below the prefix and nothing else", () => {
    const api = pathPrefixPattern(apiPrefix);
    expect(api.test("/api/requests")).toBe(true);
    expect(api.test("/apix")).toBe(false);
    expect(api.test("/contact?next=/api/")).toBe(false);
  });

  it("takes the prefix's characters literally", () => {
    const csv = pathPrefixPattern(apiPaths.staffRequestsCsv);
    expect(csv.test("/api/staff/requests.csv")).toBe(true);
    expect(csv.test("/api/staff/requestsXcsv")).toBe(false);
  });
});
