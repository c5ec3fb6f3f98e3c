import type { ChangeEvent, FormEvent, Ref } from "react";
import { useLingui } from "@lingui/react/macro";
import { styled } from "@mui/material/styles";
import { TextField } from "@/components/text-field";
import {
  cleanContactText,
  contactFieldLimits,
  type ContactField,
} from "@/shared/contact-validation";

type Element = HTMLInputElement | HTMLTextAreaElement;

const Count = styled("p")(({ theme }) => ({
  margin: "4px 14px 0",
  fontSize: "0.875rem",
  lineHeight: 1.45,
  color: theme.palette.text.secondary,
  "&:empty": { margin: 0 },
}));

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
  const { t } = useLingui();
  const limit = contactFieldLimits[field];
  const length = cleanContactText(value).length;
  return (
    <div>
      {/* No maxLength: the browser would cut a long paste short without a word, and the message
          would go without its end. The form says "too long" instead, and keeps every word. */}
      <TextField
        id={`contact-${field}`}
        name={field}
        label={label}
        placeholder={placeholder}
        type={field === "email" ? "email" : "text"}
        autoComplete={
          kiosk ? "off" : field === "name" ? "name" : field === "email" ? "email" : "off"
        }
        required
        fullWidth
        multiline={field === "message"}
        minRows={field === "message" ? 5 : undefined}
        value={value}
        onChange={onChange}
        error={error !== undefined}
        helperText={error}
        inputRef={inputRef}
        htmlInput={{ onInvalid }}
      />
      {/* In the page from the start, so that a screen reader says the count as it appears. */}
      <Count aria-live="polite">
        {length > limit * 0.9 ? t`${length} of ${limit} characters` : null}
      </Count>
    </div>
  );
}
