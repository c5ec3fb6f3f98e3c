import { IDBFactory } from "fake-indexeddb";
import { get, set } from "idb-keyval";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openPictureStore, pictureIdsIn } from "@/lib/picture-database";

describe("picture references", () => {
  it("finds every picture a stored board refers to, and nothing else", () => {
    const boards = {
      ru: [
        { id: "a", text: "Кошка", symbol: { set: "picture", id: "picture-1" } },
        { id: "b", text: "Да", symbol: { set: "openmoji", code: "1F44D" } },
        { id: "c", text: "Нет" },
      ],
      kk: [{ id: "d", text: "Мысық", symbol: { set: "picture", id: "picture-2" } }],
    };
    expect([...pictureIdsIn(boards)].sort()).toEqual(["picture-1", "picture-2"]);
    expect(pictureIdsIn(undefined).size).toBe(0);
    expect(pictureIdsIn({ set: "picture", id: 7 }).size).toBe(0);
  });
});

describe("the pictures' database", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is opened once for the page: a clinic's day of privacy resets leaves no connection behind", async () => {
    const factory = new IDBFactory();
    const open = vi.spyOn(factory, "open");
    vi.stubGlobal("indexedDB", factory);
    for (let reset = 0; reset < 30; reset++) {
      const store = openPictureStore()!;
      await set("picture-1", { type: "image/png" }, store);
      expect(await get("picture-1", store)).toEqual({ type: "image/png" });
    }
    expect(open).toHaveBeenCalledTimes(1);
  });

  it("fails every use within 3 s when the database never answers, instead of waiting for good", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    vi.stubGlobal("indexedDB", { open: () => ({}) });
    const store = openPictureStore()!;
    let failed = false;
    store("readonly", () => undefined).catch(() => {
      failed = true;
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(failed).toBe(true);
  });
});
