/**
 * The lesson player's state: which lesson is selected and whether its video has been started.
 * Plain functions, so the rules (wrap-around, when the embed loads, vertical videos) are tested
 * without a browser; the components only render the state and call these.
 */

export type LessonPlayerState = {
  /** Index of the selected lesson in the lesson list. */
  readonly index: number;
  /** How many lessons there are (at least one). */
  readonly count: number;
  /** True once the user pressed Play: only then is the video embed loaded. */
  readonly playing: boolean;
};

/** A short, vertical video: an 11-character YouTube id with the duration "0:60". */
export const shortLessonDuration = "0:60";
export const youtubeIdLength = 11;

export function createLessonPlayer(count: number, index = 0): LessonPlayerState {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`A lesson player needs at least one lesson, got ${count}`);
  }
  return { index: isIndexIn(index, count) ? index : 0, count, playing: false };
}

/** Selects a lesson; the video of a newly selected lesson waits for Play again. */
export function selectLesson(state: LessonPlayerState, index: number): LessonPlayerState {
  if (!isIndexIn(index, state.count) || index === state.index) return state;
  return { ...state, index, playing: false };
}

/** The next lesson; after the last comes the first. */
export function nextLesson(state: LessonPlayerState): LessonPlayerState {
  return selectLesson(state, (state.index + 1) % state.count);
}

/** The previous lesson; before the first comes the last. */
export function previousLesson(state: LessonPlayerState): LessonPlayerState {
  return selectLesson(state, (state.index - 1 + state.count) % state.count);
}

export function playLesson(state: LessonPlayerState): LessonPlayerState {
  return state.playing ? state : { ...state, playing: true };
}

export function isVerticalLesson(lesson: { youtubeId: string; duration: string }): boolean {
  return lesson.youtubeId.length === youtubeIdLength && lesson.duration === shortLessonDuration;
}

function isIndexIn(index: number, count: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < count;
}
