/**
 * The educational articles listed on the Speech Recovery page. Like the lessons, they are plain
 * data: edit the texts here, then run `npm run extract` and translate the new entries.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const articleCategories = [
  "basics",
  "exercises",
  "technologies",
  "psychology",
  "support",
] as const;
export type ArticleCategory = (typeof articleCategories)[number];

export type Article = {
  id: number;
  title: MessageDescriptor;
  category: ArticleCategory;
  /** Reading time in whole minutes. */
  readTime: number;
  excerpt: MessageDescriptor;
};

export const articles: readonly Article[] = [
  {
    id: 1,
    title: msg`What is dysarthria?`,
    category: "basics",
    readTime: 6,
    excerpt: msg`Why speech becomes unclear after a stroke, with cerebral palsy or Parkinson's disease, and what helps.`,
  },
  {
    id: 2,
    title: msg`Five daily exercises for the muscles of speech`,
    category: "exercises",
    readTime: 8,
    excerpt: msg`A short home routine for the lips, tongue and breath that takes ten minutes a day.`,
  },
  {
    id: 3,
    title: msg`How AI understands unclear speech`,
    category: "technologies",
    readTime: 5,
    excerpt: msg`How speech recognition learns from many voices, and why it can turn hard-to-understand words into clear text.`,
  },
  {
    id: 4,
    title: msg`Overcoming the fear of speaking`,
    category: "psychology",
    readTime: 7,
    excerpt: msg`Anxiety makes speech harder. Simple techniques help you stay calm and keep the conversation going.`,
  },
  {
    id: 5,
    title: msg`How family and friends can help`,
    category: "support",
    readTime: 6,
    excerpt: msg`Patience, short questions and a quiet room: what loved ones can do every day to support recovery.`,
  },
  {
    id: 6,
    title: msg`The first months after a stroke`,
    category: "basics",
    readTime: 9,
    excerpt: msg`What to expect from speech recovery, when to start exercises and how to measure progress.`,
  },
];

/** The category labels shown on article cards. */
export const categoryLabels: Record<ArticleCategory, MessageDescriptor> = {
  basics: msg`Basics`,
  exercises: msg`Exercises`,
  technologies: msg`Technologies`,
  psychology: msg`Psychology`,
  support: msg`Support`,
};
