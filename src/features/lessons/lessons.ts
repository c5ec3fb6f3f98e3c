/**
 * The video lessons of the Speech Recovery page.
 *
 * To publish the company's real videos, edit only this file: put each video's 11-character
 * YouTube id (the part after `watch?v=` or `/shorts/`) in `youtube("…")` or `youtubeId`, and its
 * title, description, duration and level beside it. `youtube(id)` also takes the video's
 * thumbnail from YouTube; a lesson given only a `youtubeId` (no `thumbnail`) shows the local
 * placeholder image. Vertical shorts are recognised by their "0:60" duration (see
 * `isVerticalLesson`). After changing texts, run `npm run extract` and translate the new
 * entries in every catalog.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { brand } from "@/lib/brand";
import { thumbnailOrigin } from "@/shared/lesson-thumbnails";

export const lessonLevels = ["beginner", "intermediate", "advanced"] as const;
export type LessonLevel = (typeof lessonLevels)[number];

export type Lesson = {
  id: number;
  /** The YouTube video id: 11 characters. */
  youtubeId: string;
  title: MessageDescriptor;
  description: MessageDescriptor;
  /** As shown to the user: "m:ss", or "0:60" for a one-minute vertical short. */
  duration: string;
  level: LessonLevel;
  /** A translatable name (an organisation) or a proper name shown as it is. */
  instructor: MessageDescriptor | string;
  /** Image URL; without one the card and the player show the local placeholder. */
  thumbnail?: string;
};

/** The video id plus the thumbnail YouTube serves for it. */
function youtube(youtubeId: string): Pick<Lesson, "youtubeId" | "thumbnail"> {
  return { youtubeId, thumbnail: `${thumbnailOrigin}/vi/${youtubeId}/hqdefault.jpg` };
}

const academy = msg`Personal Growth Academy`;
const product = brand.name;

export const lessons: readonly Lesson[] = [
  {
    id: 1,
    ...youtube("qVqS7xkuSU4"),
    title: msg`Breathing basics for clear speech`,
    description: msg`Learn calm, deep breathing from the diaphragm: the foundation of a steady, audible voice.`,
    duration: "12:40",
    level: "beginner",
    instructor: academy,
  },
  {
    id: 2,
    ...youtube("ndxE81HS0tk"),
    title: msg`Relaxing the face and jaw`,
    description: msg`Gentle massage and stretching that ease tension in the face, jaw and neck before practice.`,
    duration: "9:15",
    level: "beginner",
    instructor: academy,
  },
  {
    id: 3,
    ...youtube("dAUbc78CJMc"),
    title: msg`A morning voice warm-up`,
    description: msg`A ten-minute routine of humming, yawning and sighing that wakes up the voice for the day.`,
    duration: "10:05",
    level: "beginner",
    instructor: academy,
  },
  {
    id: 4,
    ...youtube("w1Z650rgmbg"),
    title: msg`Rhythm and pace of speech`,
    description: msg`Speak at a pace listeners can follow: pauses, stress and tapping out the rhythm of a phrase.`,
    duration: "14:20",
    level: "intermediate",
    instructor: academy,
  },
  {
    id: 5,
    ...youtube("TtXf2hM6GRE"),
    title: msg`Confidence in conversation`,
    description: msg`Ways to handle anxiety, ask for patience and keep talking when words come slowly.`,
    duration: "18:30",
    level: "intermediate",
    instructor: academy,
  },
  {
    id: 6,
    ...youtube("v-Ct8XtxZQs"),
    title: msg`Expressive intonation`,
    description: msg`Make questions, requests and feelings heard through the melody of your voice.`,
    duration: "16:10",
    level: "advanced",
    instructor: academy,
  },
  {
    id: 7,
    ...youtube("CyFFo5e0HNw"),
    title: msg`Lip exercises in one minute`,
    description: msg`Smile, pucker and puff: a quick set that strengthens the lips for the sounds P, B and M.`,
    duration: "0:60",
    level: "beginner",
    instructor: product,
  },
  {
    id: 8,
    ...youtube("0Ipl5R1HSOo"),
    title: msg`Tongue warm-up`,
    description: msg`Reach, circle and click: one minute that makes the tongue more agile before speaking.`,
    duration: "0:60",
    level: "beginner",
    instructor: product,
  },
  {
    id: 9,
    ...youtube("OhtzvgQmcFM"),
    title: msg`Breathing through a straw`,
    description: msg`A long, even exhale through a straw trains the breath control that longer phrases need.`,
    duration: "0:60",
    level: "beginner",
    instructor: product,
  },
  {
    id: 10,
    ...youtube("Fm4j4x1300Q"),
    title: msg`Clear vowels: A, O, U`,
    description: msg`Open the mouth wide and hold each vowel: the basis of speech that others understand.`,
    duration: "0:60",
    level: "beginner",
    instructor: product,
  },
  {
    id: 11,
    ...youtube("yT7yOgciLqI"),
    title: msg`Plosive sounds: P, B, T, D`,
    description: msg`Build up air and release it sharply to make the explosive consonants crisp.`,
    duration: "0:60",
    level: "intermediate",
    instructor: product,
  },
  {
    id: 12,
    ...youtube("Ie2hhZO6dss"),
    title: msg`Hissing sounds: S, Sh, Z`,
    description: msg`Find the right tongue position for hissing and hushing sounds, slowly and then faster.`,
    duration: "0:60",
    level: "intermediate",
    instructor: product,
  },
  {
    id: 13,
    ...youtube("e3o4GHi2je8"),
    title: msg`The R sound step by step`,
    description: msg`From tongue vibration to whole words: a short path to a clear rolled R.`,
    duration: "0:60",
    level: "advanced",
    instructor: product,
  },
  {
    id: 14,
    ...youtube("G63n1XYyFgY"),
    title: msg`Reading aloud slowly`,
    description: msg`Read a short text with a speech therapist, syllable by syllable, then in whole phrases.`,
    duration: "4:30",
    level: "intermediate",
    instructor: product,
  },
  {
    id: 15,
    youtubeId: "UruPo8dY2ac",
    title: msg`Tongue twisters for clarity`,
    description: msg`Short tongue twisters, slow at first and then faster, for precise articulation.`,
    duration: "0:60",
    level: "advanced",
    instructor: product,
  },
  {
    id: 16,
    youtubeId: "-4igqEdK_kU",
    title: msg`Speaking on the phone`,
    description: msg`Practise a real phone call: greeting, stating your request and asking the other person to repeat.`,
    duration: "6:15",
    level: "advanced",
    instructor: product,
  },
];

/** The level labels shown on badges, one per level. */
export const levelLabels: Record<LessonLevel, MessageDescriptor> = {
  beginner: msg`Beginner`,
  intermediate: msg`Intermediate`,
  advanced: msg`Advanced`,
};
