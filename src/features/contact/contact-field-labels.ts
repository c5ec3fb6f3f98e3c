import { useLingui } from "@lingui/react/macro";
import type { ContactField } from "@/shared/contact-validation";

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
 * The field a refusal from the server names, if it is one the visitor can correct. The server
 * explains a refusal in English (`"email" must match format "email".`); the app shows its own
 * words instead, in the interface language.
 */
export function refusedField(reason: string): ContactField | undefined {
  const named = /"(name|email|subject|message)"/.exec(reason)?.[1];
  return named as ContactField | undefined;
}
