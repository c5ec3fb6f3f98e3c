/**
 * The shipped starter set of the Talk phrase board: short everyday things a patient needs to say
 * quickly, the same concepts in each of the six speech languages. The board in each language
 * starts from this list, in this order. The texts are the spoken content in that language (read
 * aloud by the speech engine), not interface strings, so they are not translated with Lingui.
 */
import type { SpeechLanguage } from "@/lib/speech-options";

export const phraseCategories = ["needs", "feelings", "people", "clinic", "social"] as const;
export type PhraseCategory = (typeof phraseCategories)[number];

export type StarterPhrase = {
  /** Stable id, kebab-case, e.g. "thirsty"; never changes once shipped. */
  id: string;
  category: PhraseCategory;
  text: Record<SpeechLanguage, string>;
};

/** By category, in the order of phraseCategories, and the most urgent first inside each. */
export const starterPhrases: readonly StarterPhrase[] = [
  // Needs
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

  // Feelings
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

  // People
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

  // Clinic
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

  // Social
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
