import { describe, expect, it } from "vitest";
import {
  createLessonPlayer,
  isVerticalLesson,
  nextLesson,
  playLesson,
  previousLesson,
  selectLesson,
} from "@/features/lessons/lesson-player";

describe("lesson player", () => {
  it("starts on the first lesson, not playing", () => {
    expect(createLessonPlayer(16)).toEqual({ index: 0, count: 16, playing: false });
    expect(createLessonPlayer(16, 5).index).toBe(5);
  });

  it("starts on the first lesson when asked for one that does not exist", () => {
    expect(createLessonPlayer(3, 7).index).toBe(0);
    expect(createLessonPlayer(3, -1).index).toBe(0);
  });

  it("refuses an empty lesson list", () => {
    expect(() => createLessonPlayer(0)).toThrow(RangeError);
  });

  it("selects a lesson by index", () => {
    const state = selectLesson(createLessonPlayer(16), 9);
    expect(state.index).toBe(9);
  });

  it("ignores an index outside the list", () => {
    const state = createLessonPlayer(16, 4);
    expect(selectLesson(state, 16)).toBe(state);
    expect(selectLesson(state, -1)).toBe(state);
    expect(selectLesson(state, 1.5)).toBe(state);
    expect(selectLesson(state, Number.NaN)).toBe(state);
  });

  it("goes to the next lesson and wraps from the last to the first", () => {
    let state = createLessonPlayer(3);
    state = nextLesson(state);
    expect(state.index).toBe(1);
    state = nextLesson(state);
    expect(state.index).toBe(2);
    state = nextLesson(state);
    expect(state.index).toBe(0);
  });

  it("goes to the previous lesson and wraps from the first to the last", () => {
    let state = createLessonPlayer(3);
    state = previousLesson(state);
    expect(state.index).toBe(2);
    state = previousLesson(state);
    expect(state.index).toBe(1);
    state = previousLesson(state);
    expect(state.index).toBe(0);
  });

  it("stays put with a single lesson", () => {
    const state = playLesson(createLessonPlayer(1));
    expect(nextLesson(state)).toBe(state);
    expect(previousLesson(state)).toBe(state);
  });

  it("plays only when asked, and a different lesson waits for Play again", () => {
    const idle = createLessonPlayer(16);
    expect(idle.playing).toBe(false);
    const playing = playLesson(idle);
    expect(playing.playing).toBe(true);
    expect(playLesson(playing)).toBe(playing);
    expect(selectLesson(playing, 0)).toBe(playing);
    expect(selectLesson(playing, 3).playing).toBe(false);
    expect(nextLesson(playing).playing).toBe(false);
    expect(previousLesson(playing).playing).toBe(false);
  });

  it("never mutates the state it is given", () => {
    const state = Object.freeze(createLessonPlayer(5));
    expect(() => playLesson(nextLesson(previousLesson(selectLesson(state, 2))))).not.toThrow();
    expect(state).toEqual({ index: 0, count: 5, playing: false });
  });
});

describe("vertical lessons", () => {
  it("are 11-character ids lasting 0:60", () => {
    expect(isVerticalLesson({ youtubeId: "CyFFo5e0HNw", duration: "0:60" })).toBe(true);
  });

  it("are not longer videos", () => {
    expect(isVerticalLesson({ youtubeId: "CyFFo5e0HNw", duration: "1:00" })).toBe(false);
    expect(isVerticalLesson({ youtubeId: "CyFFo5e0HNw", duration: "12:40" })).toBe(false);
  });

  it("are not ids of another length", () => {
    expect(isVerticalLesson({ youtubeId: "CyFFo5e0HN", duration: "0:60" })).toBe(false);
    expect(isVerticalLesson({ youtubeId: "CyFFo5e0HNwx", duration: "0:60" })).toBe(false);
  });
});
