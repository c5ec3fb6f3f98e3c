/** The starter board's people: who the patient wants or asks about. */
import type { StarterPhrase } from "@/features/talk/board/starter-phrases";

export const peoplePhrases: readonly StarterPhrase[] = [
  {
    id: "call-nurse",
    category: "people",
    text: {
      en: "Please call the nurse.",
      ru: "Позовите, пожалуйста, медсестру.",
      az: "Zəhmət olmasa, tibb bacısını çağırın.",
      kk: "Мейірбикені шақырыңызшы.",
      ky: "Медайымды чакырыңызчы.",
      uz: "Iltimos, hamshirani chaqiring.",
    },
  },
  {
    id: "call-doctor",
    category: "people",
    text: {
      en: "Please call the doctor.",
      ru: "Позовите, пожалуйста, врача.",
      az: "Zəhmət olmasa, həkimi çağırın.",
      kk: "Дәрігерді шақырыңызшы.",
      ky: "Дарыгерди чакырыңызчы.",
      uz: "Iltimos, shifokorni chaqiring.",
    },
  },
  {
    id: "call-family",
    category: "people",
    text: {
      en: "Please call my family.",
      ru: "Позвоните, пожалуйста, моим родным.",
      az: "Zəhmət olmasa, ailəmə zəng edin.",
      kk: "Отбасыма қоңырау шалыңызшы.",
      ky: "Үй-бүлөмө чалып коюңузчу.",
      uz: "Iltimos, oilamga qoʻngʻiroq qiling.",
    },
  },
  {
    id: "where-family",
    category: "people",
    text: {
      en: "Where is my family?",
      ru: "Где мои родные?",
      az: "Ailəm haradadır?",
      kk: "Отбасым қайда?",
      ky: "Үй-бүлөм кайда?",
      uz: "Oilam qayerda?",
    },
  },
];
