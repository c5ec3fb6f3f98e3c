import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { brand } from "@/lib/brand";
import {
  contactFieldLimits,
  type ContactField,
  type ContactFieldError,
} from "@/shared/contact-validation";

/**
 * The fields' labels and error messages as messages, not yet in a language: the form shows them
 * in the interface language, and the build writes them out for the server's answer to a form
 * sent without the app (contact-form-answer-texts.ts).
 */
export const contactFieldLabelMessages: Record<ContactField, MessageDescriptor> = {
  name: msg`Full Name`,
  email: msg`Email Address`,
  subject: msg`Subject`,
  message: msg`Message`,
};

const requiredMessages: Record<ContactField, MessageDescriptor> = {
  name: msg`Please enter your full name.`,
  email: msg`Please enter your email address.`,
  subject: msg`Please enter a subject.`,
  message: msg`Please enter your message.`,
};

export function contactFieldErrorMessage(
  field: ContactField,
  error: ContactFieldError,
): MessageDescriptor {
  if (error === "email")
    return msg`Please enter a valid email address, for example name@example.com.`;
  if (error === "too-long") {
    const limit = contactFieldLimits[field];
    return msg`This is too long: use at most ${limit} characters.`;
  }
  return requiredMessages[field];
}

/** The contact form's field labels, also used to name a field the server refused. */
export function useContactFieldLabels(): Record<ContactField, string> {
  const { i18n } = useLingui();
  return {
    name: i18n._(contactFieldLabelMessages.name),
    email: i18n._(contactFieldLabelMessages.email),
    subject: i18n._(contactFieldLabelMessages.subject),
    message: i18n._(contactFieldLabelMessages.message),
  };
}

/**
 * The labels, placeholders and error messages of the contact form's fields, in the interface
 * language.
 */
export function useContactFieldTexts() {
  const { t, i18n } = useLingui();
  const labels = useContactFieldLabels();
  const placeholders: Record<ContactField, string> = {
    name: t`Your full name`,
    email: brand.email,
    subject: t`What's this about?`,
    message: t`Tell us more about your inquiry...`,
  };
  const errorText = (field: ContactField, error: ContactFieldError): string =>
    i18n._(contactFieldErrorMessage(field, error));
  return { labels, placeholders, errorText };
}

/**
 * The field a refusal from the server names, if it is one the visitor can correct. The server
 * explains a refusal in English (`"email" must match format "email".`); the app shows its own
 * words instead, in the interface language.
 */
export function refusedField(reason: string): ContactField | undefined {
  const named = /"(name|email|subject|message)"/.exec(reason)?.[1];
  return named as ContactField | undefined;
}
