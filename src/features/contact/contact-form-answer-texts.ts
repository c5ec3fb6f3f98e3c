/**
 * The words of the pages the server answers with when the contact form was sent without the app
 * (server/routes/request-form.ts). The build writes them out in each language
 * (scripts/build/prerender.ts), so the server's pages are translated in the same catalogs as
 * everything else. Their own messages are a catalog part that no route loads
 * (src/shared/catalog-parts.ts): the app never shows them.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { brand } from "@/lib/brand";
import {
  contactFieldErrorMessage,
  contactFieldLabelMessages,
} from "@/features/contact/contact-field-labels";
import type { ContactFormAnswerTexts } from "@/shared/contact-form-post";
import {
  contactFieldLimits,
  contactFieldNames,
  type ContactField,
  type ContactFieldError,
} from "@/shared/contact-validation";
import type { LanguageCode } from "@/shared/languages";

const fieldErrors: readonly ContactFieldError[] = ["required", "email", "too-long"];
const messageLimit = contactFieldLimits.message;

/** The answer pages' texts in the active language of `i18n`. */
export function contactFormAnswerTexts(i18n: I18n, language: LanguageCode): ContactFormAnswerTexts {
  const byField = <T>(text: (field: ContactField) => T) =>
    Object.fromEntries(contactFieldNames.map((field) => [field, text(field)])) as Record<
      ContactField,
      T
    >;
  return {
    language,
    brandName: brand.name,
    pageTitle: i18n._(msg`Contact Us`),
    sentTitle: i18n._(msg`Your message has been received`),
    sentText: i18n._(msg`Thank you for writing to us. We respond within 24 hours.`),
    notSentTitle: i18n._(msg`Your message has not been sent yet`),
    correctFields: i18n._(
      msg`Please correct the fields marked below, then send the message again. What you typed is kept.`,
    ),
    tooMany: i18n._(
      msg`Too many messages came from this connection in the last minute. Please wait a minute, then send the message again. What you typed is kept.`,
    ),
    tooManyUnread: i18n._(
      msg`Too many messages came from this connection in the last minute, so what you sent was not read and cannot be shown here again. Go back to the form with your browser's Back button, wait a minute, then send the message again.`,
    ),
    unavailable: i18n._(
      msg`Your message could not be saved just now. Please send it again in a minute. What you typed is kept.`,
    ),
    tooLarge: i18n._(
      msg`What you sent is far too long to be received, so it cannot be shown here again. Go back to the form with your browser's Back button, shorten the message to at most ${messageLimit} characters, then send it again.`,
    ),
    labels: byField((field) => i18n._(contactFieldLabelMessages[field])),
    errors: byField(
      (field) =>
        Object.fromEntries(
          fieldErrors.map((error) => [error, i18n._(contactFieldErrorMessage(field, error))]),
        ) as Record<ContactFieldError, string>,
    ),
    send: i18n._(msg`Send Message`),
    homeLink: i18n._(msg`Back to Home`),
    writeAgainLink: i18n._(msg`Write another message`),
  };
}
