/** The starter board's clinic: what a patient says to the staff. */
import type { StarterPhrase } from "@/features/talk/board/starter-phrases";

export const clinicPhrases: readonly StarterPhrase[] = [
  {
    id: "hurts-here",
    category: "clinic",
    text: {
      en: "It hurts here.",
      ru: "Болит вот здесь.",
      az: "Burası ağrıyır.",
      kk: "Осы жерім ауырады.",
      ky: "Ушул жерим ооруйт.",
      uz: "Mana shu yerim ogʻriyapti.",
    },
  },
  {
    id: "medicine",
    category: "clinic",
    text: {
      en: "I need my medicine.",
      ru: "Мне нужно принять лекарство.",
      az: "Dərmanımı qəbul etməliyəm.",
      kk: "Дәрімді ішуім керек.",
      ky: "Дарымды ичишим керек.",
      uz: "Dorimni ichishim kerak.",
    },
  },
  {
    id: "speak-slowly",
    category: "clinic",
    text: {
      en: "Please speak slowly.",
      ru: "Говорите, пожалуйста, медленнее.",
      az: "Zəhmət olmasa, yavaş danışın.",
      kk: "Баяуырақ сөйлеңізші.",
      ky: "Жайыраак сүйлөңүзчү.",
      uz: "Iltimos, sekinroq gapiring.",
    },
  },
  {
    id: "repeat",
    category: "clinic",
    text: {
      en: "Please say that again.",
      ru: "Повторите, пожалуйста.",
      az: "Zəhmət olmasa, təkrar edin.",
      kk: "Қайталап жіберіңізші.",
      ky: "Кайталап коюңузчу.",
      uz: "Iltimos, takrorlang.",
    },
  },
  {
    id: "not-understood",
    category: "clinic",
    text: {
      en: "I did not understand.",
      // Present tense on purpose: "я не понял/поняла" would force a gender.
      ru: "Я не понимаю.",
      az: "Başa düşmədim.",
      kk: "Түсінбедім.",
      ky: "Түшүнгөн жокмун.",
      uz: "Tushunmadim.",
    },
  },
];
