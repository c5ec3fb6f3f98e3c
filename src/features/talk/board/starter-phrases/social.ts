/** The starter board's social: everyday courtesy and conversation. */
import type { StarterPhrase } from "@/features/talk/board/starter-phrases";

export const socialPhrases: readonly StarterPhrase[] = [
  {
    id: "yes",
    category: "social",
    text: { en: "Yes.", ru: "Да.", az: "Bəli.", kk: "Иә.", ky: "Ооба.", uz: "Ha." },
  },
  {
    id: "no",
    category: "social",
    text: { en: "No.", ru: "Нет.", az: "Xeyr.", kk: "Жоқ.", ky: "Жок.", uz: "Yoʻq." },
  },
  {
    id: "wait",
    category: "social",
    text: {
      en: "Wait a moment, please.",
      ru: "Подождите, пожалуйста.",
      az: "Bir dəqiqə gözləyin, zəhmət olmasa.",
      kk: "Сәл күте тұрыңызшы.",
      ky: "Бир аз күтө туруңузчу.",
      uz: "Iltimos, bir oz kuting.",
    },
  },
  {
    id: "want-to-say",
    category: "social",
    text: {
      en: "I want to say something.",
      ru: "Я хочу кое-что сказать.",
      az: "Bir şey demək istəyirəm.",
      kk: "Бір нәрсе айтқым келеді.",
      ky: "Бир нерсе айткым келет.",
      uz: "Bir narsa demoqchiman.",
    },
  },
  {
    id: "thank-you",
    category: "social",
    text: {
      en: "Thank you.",
      ru: "Спасибо.",
      az: "Təşəkkür edirəm.",
      kk: "Рақмет.",
      ky: "Рахмат.",
      uz: "Rahmat.",
    },
  },
  {
    id: "hello",
    category: "social",
    text: {
      en: "Hello.",
      ru: "Здравствуйте.",
      az: "Salam.",
      kk: "Сәлеметсіз бе.",
      ky: "Саламатсызбы.",
      uz: "Assalomu alaykum.",
    },
  },
  {
    id: "goodbye",
    category: "social",
    text: {
      en: "Goodbye.",
      ru: "До свидания.",
      az: "Xudahafiz.",
      kk: "Сау болыңыз.",
      ky: "Кош болуңуз.",
      uz: "Xayr, salomat boʻling.",
    },
  },
];
