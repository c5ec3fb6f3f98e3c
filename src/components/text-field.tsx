/**
 * An outlined text field with its label and helper text: what MUI's `TextField` draws, built
 * from its parts. MUI's `TextField` imports its `Select`, and with it the menu, the popover and
 * the modal, about 12 kB gzip that every page with a text box paid for before it could be used
 * (issue 22). A choice here is always the browser's own `<select>` (`select`, with `<option>`
 * children), which is also the easiest to use with a tremor or a screen reader.
 */
import { useId, type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from "react";
import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import NativeSelect from "@mui/material/NativeSelect";
import OutlinedInput from "@mui/material/OutlinedInput";
import type { SxProps, Theme } from "@mui/material/styles";
import type { InputBaseComponentProps } from "@mui/material/InputBase";

type TextFieldProps = {
  label?: ReactNode;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  id?: string;
  name?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  margin?: "none" | "dense" | "normal";
  multiline?: boolean;
  minRows?: number;
  maxRows?: number;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Attributes of the `<input>` or `<textarea>` itself. */
  htmlInput?: InputBaseComponentProps;
  /** A native `<select>`: its `<option>`s are the children. */
  select?: boolean;
  children?: ReactNode;
  sx?: SxProps<Theme>;
};

export function TextField({
  label,
  value,
  onChange,
  id: givenId,
  name,
  type,
  placeholder,
  autoComplete,
  autoFocus = false,
  required = false,
  disabled = false,
  error = false,
  helperText,
  fullWidth = false,
  margin,
  multiline = false,
  minRows,
  maxRows,
  inputRef,
  onKeyDown,
  htmlInput,
  select = false,
  children,
  sx,
}: TextFieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== "";
  const input = (
    <OutlinedInput
      label={label}
      id={id}
      name={name}
      value={value}
      onChange={onChange}
      inputRef={inputRef}
      autoComplete={autoComplete}
      // Only where a caller asks for it: a dialog's first field, which staff opened to type in.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={autoFocus}
      fullWidth={fullWidth}
      aria-describedby={select ? undefined : helperTextId}
      {...(select ? {} : { type, placeholder, multiline, minRows, maxRows, inputProps: htmlInput })}
    />
  );
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      disabled={disabled}
      error={error}
      required={required}
      fullWidth={fullWidth}
      margin={margin}
      onKeyDown={onKeyDown}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      {select ? (
        // The value here too: FormControl reads it from its children to draw the label
        // shrunk from the first render, on the server as in the browser.
        <NativeSelect input={input} value={value} inputProps={{ "aria-describedby": helperTextId }}>
          {children}
        </NativeSelect>
      ) : (
        input
      )}
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
