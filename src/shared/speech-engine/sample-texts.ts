// ~100-character sample sentences per language, shared by tests and the benchmark.
import type { Language } from "./voice-pack.ts";

export const SAMPLE_TEXTS: Readonly<Record<Language, string>> = {
  az: "Salam, mənim adım Aydındır. Bu gün hava çox gözəldir, ona görə də parkda gəzməyə getmək istəyirəm.",
  kk: "Сәлеметсіз бе, менің атым Дәулет. Бүгін ауа райы өте жақсы, сондықтан саябаққа серуендеуге барамын.",
  ky: "Саламатсызбы, менин атым Айбек. Бүгүн аба ырайы абдан жакшы, ошондуктан паркка сейилдегени барам.",
  ru: "Здравствуйте, меня зовут Анна. Сегодня очень хорошая погода, поэтому я хочу погулять в парке.",
  en: "Hello, my name is Anna. The weather is very nice today, so I would like to go for a walk in the park.",
  uz: "Assalomu alaykum, mening ismim Anvar. Bugun havo juda yaxshi, shuning uchun men bogʻda sayr qilmoqchiman.",
};

/** RMS of 16-bit samples, 0..32768. */
export function rms(samples: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return samples.length ? Math.sqrt(sum / samples.length) : 0;
}
