import type { Ref } from "react";
import { TextField } from "@/components/text-field";

/**
 * A PIN input: digits only, the numeric keypad on tablets, hidden as typed, and not filled in
 * by the browser (the tablet is shared with patients).
 */
export function PinField({
  id,
  label,
  value,
  onChange,
  error,
  inputRef,
  initialFocus = false,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Focus this field when it appears (the first field of a dialog staff opened to type in). */
  initialFocus?: boolean;
  /** "new-password" when choosing a PIN, "off" when entering it. */
  autoComplete: "new-password" | "off";
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, "").slice(0, 8))}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      required
      // The dialog's first field: staff opened the dialog to type here.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={initialFocus}
      inputRef={inputRef}
      margin="normal"
      htmlInput={{
        inputMode: "numeric",
        maxLength: 8,
        autoComplete,
        sx: { fontSize: "1.5rem", letterSpacing: "0.3em" },
      }}
    />
  );
}
