/**
 * The contact form sent without the app: a page whose scripts never arrived posts the form as
 * plain HTML (`application/x-www-form-urlencoded`) to the server (server/routes/request-form.ts),
 * which answers with a page in the visitor's language. The form's markup
 * (src/features/contact/contact-form.tsx), the page's loader (src/page-scripts/app-loader.ts),
 * the build (scripts/build/prerender.ts) and the server agree on what is written here.
 */
import type { ContactField, ContactFieldError } from "./contact-validation.ts";
import type { LanguageCode } from "./languages.ts";

/** Where the form posts: the contact page's own address. */
export const contactFormAction = "/contact";

/** The hidden fields beside the four visible ones. */
export const contactFormHiddenFields = {
  /** The language of the page the form was filled in, which the answer page is in too. */
  language: "language",
  /**
   * A request id the page's loader writes when the page loads, so a form sent twice from the
   * same page (a double tap, a resend after a lost answer) is stored once.
   */
  id: "request-id",
} as const;

/** The words of the server's answer pages in one language, written by the build. */
export type ContactFormAnswerTexts = {
  language: LanguageCode;
  brandName: string;
  /** The contact page's title. */
  pageTitle: string;
  sentTitle: string;
  sentText: string;
  notSentTitle: string;
  /** Some fields need a change before the request can be stored. */
  correctFields: string;
  /** The rate limit refused the request: the same form, to send again a little later. */
  tooMany: string;
  /**
   * The rate limit refused a form too large to be read before the refusal: what was typed cannot
   * be given back, so the browser's Back button gets it, to send again a little later.
   */
  tooManyUnread: string;
  /** The request could not be stored just now (the database is away): the same form, to send again. */
  unavailable: string;
  /** The form was too large to be read at all: what was typed cannot be given back. */
  tooLarge: string;
  labels: Record<ContactField, string>;
  errors: Record<ContactField, Record<ContactFieldError, string>>;
  send: string;
  homeLink: string;
  writeAgainLink: string;
};

/** The file under the build directory that holds a language's answer texts. */
export const contactFormAnswerFile = (language: LanguageCode) =>
  `prerendered/${language}/contact-form-answer.json`;
