import type { ChangeEvent, FormEvent, Ref } from "react";
import { TextField } from "@/components/text-field";
import { contactFieldLimits, type ContactField } from "@/shared/contact-validation";

type Element = HTMLInputElement | HTMLTextAreaElement;

/** One field of the contact form, with its labelled error and the browser's own checks. */
export function ContactFieldInput({
  field,
  label,
  placeholder,
  value,
  error,
  kiosk,
  onChange,
  onInvalid,
  inputRef,
}: {
  field: ContactField;
  label: string;
  placeholder: string;
  value: string;
  /** The error to show under the field, if any. */
  error: string | undefined;
  /** A shared clinic tablet must not offer one patient's name and email to the next. */
  kiosk: boolean;
  onChange: (event: ChangeEvent<Element>) => void;
  onInvalid: (event: FormEvent<Element>) => void;
  inputRef: Ref<Element>;
}) {
  return (
    <TextField
      id={`contact-${field}`}
      name={field}
      label={label}
      placeholder={placeholder}
      type={field === "email" ? "email" : "text"}
      autoComplete={kiosk ? "off" : field === "name" ? "name" : field === "email" ? "email" : "off"}
      required
      fullWidth
      multiline={field === "message"}
      minRows={field === "message" ? 5 : undefined}
      value={value}
      onChange={onChange}
      error={error !== undefined}
      helperText={error}
      inputRef={inputRef}
      htmlInput={{ maxLength: contactFieldLimits[field], onInvalid }}
    />
  );
}
