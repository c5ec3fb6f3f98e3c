/**
 * The contact form's rules, shared by the form (visible errors) and the outbox (what the server
 * accepts). The limits and the e-mail pattern match the server's JSON schema for
 * `POST /api/requests`, so a request the form lets through is never rejected later.
 */
import { languageCodes, type LanguageCode } from "./languages.ts";

export type ContactFields = {
  name: string;
  email: string;
  subject: string;
  message: string;
};

export type ContactField = keyof ContactFields;

export type ContactFieldError = "required" | "email" | "too-long";

export type ContactErrors = Partial<Record<ContactField, ContactFieldError>>;

/** The interface language a request was written in. */
export const requestLanguages = languageCodes;

export type RequestLanguage = LanguageCode;

export const contactFieldNames: readonly ContactField[] = ["name", "email", "subject", "message"];

export const contactFieldLimits: Record<ContactField, number> = {
  name: 200,
  email: 254,
  subject: 200,
  message: 5000,
};

export const emptyContactFields: ContactFields = { name: "", email: "", subject: "", message: "" };

// The "email" format of ajv-formats (full mode), which the server's schema uses.
const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value);
}

export function validateContactField(field: ContactField, value: string): ContactFieldError | null {
  const trimmed = value.trim();
  if (trimmed === "") return "required";
  if (trimmed.length > contactFieldLimits[field]) return "too-long";
  if (field === "email" && !isEmailAddress(trimmed)) return "email";
  return null;
}

export function validateContactFields(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFieldNames) {
    const error = validateContactField(field, fields[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The values as they are sent: surrounding spaces removed, the text itself untouched. */
export function trimContactFields(fields: ContactFields): ContactFields {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    subject: fields.subject.trim(),
    message: fields.message.trim(),
  };
}

export function isContactFieldsEmpty(fields: ContactFields): boolean {
  return contactFieldNames.every((field) => fields[field] === "");
}

/** Whether a stored value (a saved draft) has the four fields as text. */
export function isContactFields(value: unknown): value is ContactFields {
  if (typeof value !== "object" || value === null) return false;
  return contactFieldNames.every(
    (field) => typeof (value as Record<string, unknown>)[field] === "string",
  );
}

/**
 * A contact request as the server stores it and the staff inbox shows it: what the form sent,
 * when the server received it, and when staff marked it handled (null: not yet).
 */
export type StoredContactRequest = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  createdAt: string;
  receivedAt: string;
  handledAt: string | null;
};
