import { describe, expect, it } from "vitest";
import { articleCategories, articles, categoryLabels } from "@/features/lessons/articles";
import { isVerticalLesson } from "@/features/lessons/lesson-player";
import { lessonLevels, lessons, levelLabels } from "@/features/lessons/lessons";
import { brand } from "@/lib/brand";

const youtubeIdPattern = /^[A-Za-z0-9_-]{11}$/;

describe("lessons", () => {
  it("are 16, with unique ids and unique videos", () => {
    expect(lessons).toHaveLength(16);
    expect(new Set(lessons.map((lesson) => lesson.id)).size).toBe(16);
    expect(new Set(lessons.map((lesson) => lesson.youtubeId)).size).toBe(16);
  });

  it("have 11-character YouTube ids", () => {
    for (const lesson of lessons) expect(lesson.youtubeId).toMatch(youtubeIdPattern);
  });

  it("have a known level, a duration and texts", () => {
    for (const lesson of lessons) {
      expect(lessonLevels).toContain(lesson.level);
      expect(lesson.duration).toMatch(/^\d+:\d{2}$/);
      expect(lesson.title.message?.trim()).toBeTruthy();
      expect(lesson.description.message?.trim()).toBeTruthy();
    }
  });

  it("1 to 6 come from the academy and 7 to 16 from the product", () => {
    const academy = lessons.slice(0, 6).map((lesson) => lesson.instructor);
    for (const instructor of academy) {
      expect(instructor).toEqual(expect.objectContaining({ message: "Personal Growth Academy" }));
    }
    for (const lesson of lessons.slice(6)) expect(lesson.instructor).toBe(brand.name);
  });

  it("from the product are mostly vertical one-minute shorts", () => {
    const product = lessons.slice(6);
    const shorts = product.filter(isVerticalLesson);
    expect(shorts.length).toBeGreaterThan(product.length / 2);
    expect(lessons.slice(0, 6).filter(isVerticalLesson)).toEqual([]);
  });

  it("use YouTube's thumbnail of their own video when they have one", () => {
    for (const lesson of lessons) {
      if (lesson.thumbnail) {
        expect(lesson.thumbnail).toBe(`https://i.ytimg.com/vi/${lesson.youtubeId}/hqdefault.jpg`);
      }
    }
  });

  it("have a label for every level", () => {
    expect(Object.keys(levelLabels).sort()).toEqual([...lessonLevels].sort());
  });
});

describe("articles", () => {
  it("are 6, with unique ids", () => {
    expect(articles).toHaveLength(6);
    expect(new Set(articles.map((article) => article.id)).size).toBe(6);
  });

  it("belong to the five known categories", () => {
    expect([...articleCategories]).toEqual([
      "basics",
      "exercises",
      "technologies",
      "psychology",
      "support",
    ]);
    for (const article of articles) expect(articleCategories).toContain(article.category);
    expect(Object.keys(categoryLabels).sort()).toEqual([...articleCategories].sort());
  });

  it("have a positive reading time and texts", () => {
    for (const article of articles) {
      expect(Number.isInteger(article.readTime) && article.readTime > 0).toBe(true);
      expect(article.title.message?.trim()).toBeTruthy();
      expect(article.excerpt.message?.trim()).toBeTruthy();
    }
  });
});
