/** The starter board's feelings: how the patient is. */
import type { StarterPhrase } from "@/features/talk/board/starter-phrases";

export const feelingsPhrases: readonly StarterPhrase[] = [
  {
    id: "in-pain",
    category: "feelings",
    text: {
      en: "I am in pain.",
      ru: "Мне больно.",
      az: "Ağrım var.",
      kk: "Ауырып тұрмын.",
      ky: "Ооруп жатам.",
      uz: "Ogʻriyapti.",
    },
  },
  {
    id: "dizzy",
    category: "feelings",
    text: {
      en: "I feel dizzy.",
      ru: "У меня кружится голова.",
      az: "Başım gicəllənir.",
      kk: "Басым айналып тұр.",
      ky: "Башым айланып жатат.",
      uz: "Boshim aylanyapti.",
    },
  },
  {
    id: "tired",
    category: "feelings",
    text: {
      en: "I am tired.",
      // Present tense on purpose: "я устал/устала" would force a gender.
      ru: "Мне нужно отдохнуть.",
      az: "Yorulmuşam.",
      kk: "Шаршадым.",
      ky: "Чарчадым.",
      uz: "Charchadim.",
    },
  },
  {
    id: "worried",
    category: "feelings",
    text: {
      en: "I am worried.",
      ru: "Я волнуюсь.",
      az: "Narahatam.",
      kk: "Уайымдап тұрмын.",
      ky: "Тынчсызданып жатам.",
      uz: "Xavotirdaman.",
    },
  },
  {
    id: "feel-good",
    category: "feelings",
    text: {
      en: "I feel good.",
      ru: "Я хорошо себя чувствую.",
      az: "Özümü yaxşı hiss edirəm.",
      kk: "Өзімді жақсы сезінемін.",
      ky: "Өзүмдү жакшы сезип жатам.",
      uz: "Oʻzimni yaxshi his qilyapman.",
    },
  },
];
