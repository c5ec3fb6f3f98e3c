/**
 * The marketing pages' static content: features, statistics, supported languages and partners.
 * Every visible text is a message descriptor, so it is extracted and translated like the rest of
 * the interface; components render it with `i18n._(descriptor)`.
 */
import type { ComponentType } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SvgIconProps } from "@mui/material/SvgIcon";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import GraphicEqIcon from "@mui/icons-material/GraphicEq";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import VideoCallIcon from "@mui/icons-material/VideoCall";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import Diversity3Icon from "@mui/icons-material/Diversity3";
import { tokens } from "@/theme/tokens";

export type Feature = {
  id: string;
  icon: ComponentType<SvgIconProps>;
  title: MessageDescriptor;
  description: MessageDescriptor;
  /** Accent colour of the icon badge; each one has at least 4.5:1 contrast with white. */
  color: string;
};

export type Stat = {
  id: string;
  /** A number, written as the interface language writes it; a word such as "Pilot" is translated. */
  value: ((locale: string) => string) | MessageDescriptor;
  label: MessageDescriptor;
  description: MessageDescriptor;
};

export type SupportedLanguage = {
  code: string;
  name: MessageDescriptor;
  nativeName: string;
};

export type Partner = {
  id: string;
  name: MessageDescriptor;
  description: MessageDescriptor;
  region: MessageDescriptor;
};

export const features: readonly Feature[] = [
  {
    id: "speech-recognition",
    icon: RecordVoiceOverIcon,
    title: msg`Speech recognition`,
    description: msg`Dauys learns to understand speech affected by cerebral palsy, Parkinson's disease or a stroke, even when others find it hard to follow.`,
    color: tokens.color.primary,
  },
  {
    id: "text-and-audio",
    icon: GraphicEqIcon,
    title: msg`Text and audio conversion`,
    description: msg`What you say becomes clear text on the screen and adaptive audio in a clear voice that everyone understands.`,
    color: tokens.color.secondary,
  },
  {
    id: "video-training",
    icon: OndemandVideoIcon,
    title: msg`Interactive video training programs`,
    description: msg`Short video lessons and exercises from speech therapists help you train your speech at home, at your own pace.`,
    color: tokens.color.success,
  },
  {
    id: "consultations",
    icon: VideoCallIcon,
    title: msg`Online consultations`,
    description: msg`Talk to speech therapists and psychologists online, without travelling to a clinic.`,
    color: tokens.color.warning,
  },
  {
    id: "ai-assistant",
    icon: SmartToyIcon,
    title: msg`24/7 AI assistant`,
    description: msg`An assistant that is always available helps you in conversations, day and night.`,
    color: tokens.color.primaryDark,
  },
  {
    id: "ending-isolation",
    icon: Diversity3Icon,
    title: msg`Ending isolation`,
    description: msg`Being understood again means talking with family, friends and doctors, and taking part in everyday life.`,
    color: tokens.color.error,
  },
];

/**
 * A number as the interface language writes it: "98 %" in Russian. Not through formatNumber
 * (src/lib/numbers.ts), which mends only the decimal mark and the groups where a browser lacks
 * the language's: these numbers have neither, and its chunk's name would go into every page's
 * first JavaScript (/talk's included, at its budget).
 */
const written = (locale: string, value: number, style?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(locale, style).format(value);

export const stats: readonly Stat[] = [
  {
    id: "accuracy",
    value: (locale) => written(locale, 0.98, { style: "percent" }),
    label: msg`Recognition accuracy`,
    description: msg`for speech that other people find hard to understand`,
  },
  {
    id: "languages",
    value: (locale) => `${written(locale, 6)}+`,
    label: msg`Languages`,
    description: msg`Kazakh, Russian, Uzbek, Kyrgyz, English and Azerbaijani`,
  },
  {
    id: "specialists",
    value: (locale) => written(locale, 58),
    label: msg`Specialists contributed`,
    description: msg`speech therapists, neurologists and psychologists`,
  },
  {
    id: "pilot",
    value: msg`Pilot`,
    label: msg`Early testers`,
    description: msg`patients and clinics trying Dauys first`,
  },
];

export const supportedLanguages: readonly SupportedLanguage[] = [
  { code: "kk", name: msg`Kazakh`, nativeName: "Қазақ тілі" },
  { code: "ru", name: msg`Russian`, nativeName: "Русский язык" },
  { code: "uz", name: msg`Uzbek`, nativeName: "Oʻzbek tili" },
  { code: "ky", name: msg`Kyrgyz`, nativeName: "Кыргыз тили" },
  { code: "en", name: msg`English`, nativeName: "English" },
  { code: "az", name: msg`Azerbaijani`, nativeName: "Azərbaycan dili" },
];

/**
 * The reach claimed on the About page, shown beside the languages: "300M+", "300 млн+". A text,
 * not a number: Chromium lacks the short "million" of Azerbaijani, Kazakh, Kyrgyz and Uzbek. It
 * wrote "300M+" where the server's page had "300 млн+", so the page it took over did not match.
 */
export const peopleReached = msg({
  message: "300M+",
  comment:
    "300 million people or more, as a headline figure, written short as your language writes it (Russian: 300 млн+)",
});

export const partners: readonly Partner[] = [
  {
    id: "ministry-of-health",
    name: msg`Ministry of Health`,
    description: msg`Bringing speech technology into public healthcare and rehabilitation programs.`,
    region: msg`Kazakhstan`,
  },
  {
    id: "medical-universities",
    name: msg`Medical Universities Network`,
    description: msg`Clinical research on speech disorders and training for future doctors and therapists.`,
    region: msg`Central Asia`,
  },
  {
    id: "speech-therapy-association",
    name: msg`Speech Therapy Association`,
    description: msg`Speech therapists who review our exercises and guide our methods.`,
    region: msg`CIS region`,
  },
  {
    id: "rehabilitation-centers",
    name: msg`200+ Rehabilitation Centers`,
    description: msg`Clinics that use Dauys with their patients every day.`,
    region: msg`Central Asia and the CIS`,
  },
];
