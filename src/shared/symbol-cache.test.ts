import { afterEach, describe, expect, it, vi } from "vitest";
import { openMojiUrl } from "@/shared/openmoji";
import { keptSymbolCodes, symbolCacheName } from "@/shared/symbol-cache";

const origin = "https://dauys.example";
const precacheName = `workbox-precache-v2-${origin}/`;

/** The parts of Cache Storage the check uses, holding these URLs in these caches. */
function fakeCaches(held: Record<string, string[]>) {
  const requests = (name: string) =>
    (held[name] ?? []).map((path) => new Request(new URL(path, origin)));
  return {
    has: async (name: string) => name in held,
    open: async (name: string) => ({ keys: async () => requests(name) }),
    match: async (path: string, options?: { ignoreSearch?: boolean }) => {
      const wanted = new URL(path, origin);
      const found = Object.keys(held)
        .flatMap(requests)
        .some(({ url }) => {
          const kept = new URL(url);
          if (options?.ignoreSearch) kept.search = "";
          return kept.href === wanted.href;
        });
      return found ? new Response("<svg/>") : undefined;
    },
  };
}

describe("the symbols kept on the device", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are those the service worker kept once shown, and the precached starters", async () => {
    vi.stubGlobal(
      "caches",
      fakeCaches({
        [symbolCacheName]: [openMojiUrl("1F431"), openMojiUrl("1F436")],
        // Workbox keys a precached file by its URL with its revision in the search.
        [precacheName]: [`${openMojiUrl("1F6BD")}?__WB_REVISION__=0123456789abcdef`],
        "lesson-thumbnails": ["/symbols/openmoji-17/1F680.svg"],
      }),
    );
    const kept = await keptSymbolCodes();
    expect([...kept!].sort()).toEqual(["1F431", "1F436", "1F6BD"]);
  });

  it("leave out the pictures of an older OpenMoji folder", async () => {
    vi.stubGlobal(
      "caches",
      fakeCaches({ [symbolCacheName]: ["/symbols/openmoji-15/1F431.svg", openMojiUrl("1F436")] }),
    );
    expect([...(await keptSymbolCodes())!]).toEqual(["1F436"]);
  });

  it("are none on a device whose worker kept nothing yet", async () => {
    vi.stubGlobal("caches", fakeCaches({}));
    expect((await keptSymbolCodes())?.size).toBe(0);
  });

  it("cannot be told where the device refuses its caches", async () => {
    vi.stubGlobal("caches", undefined);
    expect(await keptSymbolCodes()).toBeNull();
    vi.stubGlobal("caches", {
      has: () => Promise.reject(new DOMException("Refused", "SecurityError")),
    });
    expect(await keptSymbolCodes()).toBeNull();
  });
});
