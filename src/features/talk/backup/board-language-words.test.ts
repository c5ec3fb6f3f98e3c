import { describe, expect, it } from "vitest";
import { categoryByName, setWordsIn } from "@/features/talk/backup/board-language-words";

describe("an Open Board set's words", () => {
  it("are in the board's language, whatever the interface's", async () => {
    const russian = await setWordsIn("ru");
    expect(russian.categoryLabel("feelings")).toBe("Самочувствие");
    expect(russian.moreLabel).toBe("Ещё");
    const kazakh = await setWordsIn("kk");
    expect(kazakh.categoryLabel("feelings")).toBe("Көңіл-күй");
    expect(kazakh.moreLabel).toBe("Тағы");
  });

  it("read back, a category's name in any of the six languages, or its code, is its category", async () => {
    const categoryFor = await categoryByName();
    expect(categoryFor("Самочувствие")).toBe("feelings");
    expect(categoryFor("көңіл-күй")).toBe("feelings");
    expect(categoryFor("Needs")).toBe("needs");
    expect(categoryFor("clinic")).toBe("clinic");
    expect(categoryFor("Food")).toBeUndefined();
  });
});
