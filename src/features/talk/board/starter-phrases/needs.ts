/** The starter board's needs: what the patient must have or do now. */
import type { StarterPhrase } from "@/features/talk/board/starter-phrases";

export const needsPhrases: readonly StarterPhrase[] = [
  {
    id: "help",
    category: "needs",
    text: {
      en: "Please help me.",
      ru: "Помогите мне, пожалуйста.",
      az: "Zəhmət olmasa, mənə kömək edin.",
      kk: "Маған көмектесіңізші.",
      ky: "Мага жардам бериңизчи.",
      uz: "Iltimos, menga yordam bering.",
    },
  },
  {
    id: "toilet",
    category: "needs",
    text: {
      en: "I need the toilet.",
      ru: "Мне нужно в туалет.",
      az: "Tualetə getməliyəm.",
      kk: "Дәретханаға барғым келеді.",
      ky: "Ажатканага баргым келет.",
      uz: "Hojatxonaga borishim kerak.",
    },
  },
  {
    id: "thirsty",
    category: "needs",
    text: {
      en: "I am thirsty.",
      ru: "Я хочу пить.",
      az: "Susamışam.",
      kk: "Су ішкім келеді.",
      ky: "Суу ичким келет.",
      uz: "Chanqadim.",
    },
  },
  {
    id: "hungry",
    category: "needs",
    text: {
      en: "I am hungry.",
      ru: "Я хочу есть.",
      az: "Acmışam.",
      kk: "Қарным ашты.",
      ky: "Карным ачты.",
      uz: "Qornim ochdi.",
    },
  },
  {
    id: "cold",
    category: "needs",
    text: {
      en: "I am cold.",
      ru: "Мне холодно.",
      az: "Üşüyürəm.",
      kk: "Тоңып тұрмын.",
      ky: "Үшүп жатам.",
      uz: "Sovqotyapman.",
    },
  },
];
