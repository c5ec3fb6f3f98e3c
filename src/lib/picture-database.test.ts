import { describe, expect, it } from "vitest";
import { pictureIdsIn } from "@/lib/picture-database";

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
