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

/**
 * What the text fields (name, subject, message) may hold: anything but the control characters
 * U+0000 to U+001F, except tab and line breaks. None of them belongs in a person's text, and
 * PostgreSQL cannot store U+0000 in text at all. The server's JSON schema takes this pattern
 * (server/routes/requests.ts); the form removes them before it checks and sends a request
 * (`cleanContactText`), as the plain form post does, so the form's requests are never refused
 * for them. One list of them, as a character class's contents, serves both.
 */
const controlCharacterClass = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F";

export const contactTextPattern = `^[^${controlCharacterClass}]*$`;

const contactText = new RegExp(contactTextPattern, "u");
const controlCharacters = new RegExp(`[${controlCharacterClass}]`, "gu");

/** Whether a text field holds a control character the server refuses. */
export function hasControlCharacters(value: string): boolean {
  return !contactText.test(value);
}

/**
 * A field's value as it is checked and sent: without the control characters the server refuses
 * (invisible, pasted from another program, never typed), and without surrounding spaces.
 */
export function cleanContactText(value: string): string {
  return value.replace(controlCharacters, "").trim();
}

// The "email" format of ajv-formats (full mode), which the server's schema uses.
const emailPattern =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmailAddress(value: string): boolean {
  return emailPattern.test(value);
}

export function validateContactField(field: ContactField, value: string): ContactFieldError | null {
  const trimmed = cleanContactText(value);
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

/** The values as they are sent (`cleanContactText`), the text itself untouched. */
export function trimContactFields(fields: ContactFields): ContactFields {
  return {
    name: cleanContactText(fields.name),
    email: cleanContactText(fields.email),
    subject: cleanContactText(fields.subject),
    message: cleanContactText(fields.message),
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
