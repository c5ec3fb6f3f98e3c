import { useLingui } from "@lingui/react/macro";
import { brand } from "@/lib/brand";
import {
  contactFieldLimits,
  type ContactField,
  type ContactFieldError,
} from "@/shared/contact-validation";

/** The contact form's field labels, also used to name a field the server refused. */
export function useContactFieldLabels(): Record<ContactField, string> {
  const { t } = useLingui();
  return {
    name: t`Full Name`,
    email: t`Email Address`,
    subject: t`Subject`,
    message: t`Message`,
  };
}

/**
 * The labels, placeholders and error messages of the contact form's fields, in the interface
 * language.
 */
export function useContactFieldTexts() {
  const { t } = useLingui();
  const labels = useContactFieldLabels();
  const placeholders: Record<ContactField, string> = {
    name: t`Your full name`,
    email: brand.email,
    subject: t`What's this about?`,
    message: t`Tell us more about your inquiry...`,
  };
  const errorText = (field: ContactField, error: ContactFieldError): string => {
    if (error === "email")
      return t`Please enter a valid email address, for example name@example.com.`;
    if (error === "too-long") {
      const limit = contactFieldLimits[field];
      return t`This is too long: use at most ${limit} characters.`;
    }
    switch (field) {
      case "name":
        return t`Please enter your full name.`;
      case "email":
        return t`Please enter your email address.`;
      case "subject":
        return t`Please enter a subject.`;
      case "message":
        return t`Please enter your message.`;
    }
  };
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
