import { describe, expect, it } from "vitest";
import { categoryByName, setWordsIn } from "@/features/talk/backup/board-language-words";
import { boardCategories } from "@/features/talk/board/board";
import { speechLanguages } from "@/shared/speech-options";

describe("an Open Board set's words", () => {
  it("are in the board's language, whatever the interface's", async () => {
    const russian = await setWordsIn("ru");
    expect(russian.categoryLabel("feelings")).toBe("Самочувствие");
    expect(russian.moreLabel).toBe("Ещё");
    const kazakh = await setWordsIn("kk");
    expect(kazakh.categoryLabel("feelings")).toBe("Көңіл-күй");
    expect(kazakh.moreLabel).toBe("Тағы");
    // A long category's further pages are named as pages of it, not numbered groups.
    expect((await setWordsIn("en")).pageLabel("Needs", 2)).toBe("Needs, page 2");
    expect(russian.pageLabel("Самочувствие", 3)).toBe("Самочувствие, страница 3");
    expect(kazakh.pageLabel("Көңіл-күй", 2)).toBe("Көңіл-күй, бет: 2");
  });

  it("read back, a further page's name in each of the six languages is its category's", async () => {
    const categoryFor = await categoryByName();
    for (const language of speechLanguages) {
      const words = await setWordsIn(language);
      for (const category of boardCategories) {
        const page = words.pageLabel(words.categoryLabel(category), 12);
        expect(page, language).not.toBe(words.categoryLabel(category));
        expect(categoryFor(page), page).toBe(category);
      }
    }
    expect(categoryFor("Needs, page two")).toBeUndefined();
    expect(categoryFor("Food, page 2")).toBeUndefined();
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
