/**
 * A text box, text area or choice with its label above it and its helper text or error under it:
 * the browser's own `<input>`, `<textarea>` and `<select>`, styled here. MUI's input components
 * (InputBase, OutlinedInput, FormControl, InputLabel and the rest) came to about 9 kB gzip that
 * every page with a text box paid for before it could be used (issue 22), for what the browser
 * does itself: a text area grows with its text (`field-sizing`), a choice opens the phone's own
 * picker, which is also the easiest to use with a tremor or a screen reader. The label stays
 * above the field rather than inside it, where it is never hidden by what was typed.
 */
import {
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

/** Attributes of the `<input>` or `<textarea>` itself, with `sx` for its text. */
type HtmlInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  sx?: SxProps<Theme>;
};

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
  htmlInput?: HtmlInputProps;
  /** A native `<select>`: its `<option>`s are the children. */
  select?: boolean;
  children?: ReactNode;
  sx?: SxProps<Theme>;
};

const restingBorder = tokens.color.fieldBorder;
const paddingBlock = 14;
const paddingInline = 14;

const Field = styled("div")({
  display: "inline-flex",
  flexDirection: "column",
  position: "relative",
  minWidth: 0,
  verticalAlign: "top",
  "&[data-full-width]": { display: "flex", width: "100%" },
  "&[data-margin='normal']": { marginTop: 16, marginBottom: 8 },
  "&[data-margin='dense']": { marginTop: 8, marginBottom: 4 },
});

const Label = styled("label")(({ theme }) => ({
  alignSelf: "flex-start",
  marginBottom: 6,
  fontWeight: 600,
  lineHeight: 1.4,
  color: theme.palette.text.primary,
  "[data-error] > &": { color: theme.palette.error.main },
  "[data-disabled] > &": { color: theme.palette.text.secondary },
}));

const control = (theme: Theme) =>
  ({
    boxSizing: "border-box",
    width: "100%",
    minHeight: tokens.minTarget,
    margin: 0,
    padding: `${paddingBlock}px ${paddingInline}px`,
    font: "inherit",
    lineHeight: 1.4375,
    letterSpacing: "inherit",
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.background.paper,
    border: `1px solid ${restingBorder}`,
    borderRadius: tokens.radius,
    "&:hover:not(:disabled):not([aria-invalid='true'])": {
      borderColor: theme.palette.text.primary,
    },
    // Two pixels of the main colour when focused, without moving the text by one pixel.
    "&:focus": {
      outline: "none",
      borderColor: theme.palette.primary.main,
      boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
    },
    "&[aria-invalid='true']": {
      borderColor: theme.palette.error.main,
      "&:focus": { boxShadow: `inset 0 0 0 1px ${theme.palette.error.main}` },
    },
    "&:disabled, &[aria-disabled='true']": {
      color: theme.palette.text.secondary,
      borderColor: theme.palette.action.disabled,
      cursor: "default",
    },
    "&::placeholder": { color: theme.palette.text.secondary, opacity: 1 },
  }) as const;

const Input = styled("input")(({ theme }) => control(theme));

const TextArea = styled("textarea")(({ theme }) => ({
  ...control(theme),
  display: "block",
  resize: "vertical",
  // The text area grows with its text between its rows (the `--min-rows` and `--max-rows` it is
  // given), where the browser can size it so; elsewhere it keeps its rows and scrolls.
  fieldSizing: "content",
  // In lines of its own line height: a caller's larger text keeps its rows. Set in CSS, so a
  // prerendered page has the height the app will give it.
  minHeight: `calc(var(--min-rows, 1) * 1lh + ${2 * paddingBlock + 2}px)`,
  maxHeight: `calc(var(--max-rows, 1000) * 1lh + ${2 * paddingBlock + 2}px)`,
}));

const Select = styled("select")(({ theme }) => ({
  ...control(theme),
  appearance: "none",
  paddingInlineEnd: 40,
  cursor: "pointer",
}));

const SelectBox = styled("span")({ display: "block", position: "relative" });

/** The choice's arrow, drawn over the select's end, where a tap still reaches the select. */
const SelectArrow = styled("svg")(({ theme }) => ({
  position: "absolute",
  insetInlineEnd: 10,
  top: "calc(50% - 12px)",
  width: 24,
  height: 24,
  pointerEvents: "none",
  fill: theme.palette.text.secondary,
}));

const HelperText = styled("p")(({ theme }) => ({
  margin: "4px 14px 0",
  fontSize: "0.875rem",
  lineHeight: 1.45,
  color: theme.palette.text.secondary,
  "[data-error] > &": { color: theme.palette.error.main },
}));

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
  const common = {
    id,
    name,
    value,
    onChange,
    required,
    disabled,
    autoComplete,
    // Only where a caller asks for it: a dialog's first field, which staff opened to type in.
    autoFocus,
    "aria-invalid": error,
    "aria-describedby": helperTextId,
  };
  let field: ReactNode;
  if (select) {
    // A select's change event has the same `target.value` the callers read.
    const onSelect = onChange as unknown as (event: ChangeEvent<HTMLSelectElement>) => void;
    field = (
      <SelectBox>
        <Select {...common} {...(htmlInput as object)} onChange={onSelect}>
          {children}
        </Select>
        <SelectArrow viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" />
        </SelectArrow>
      </SelectBox>
    );
  } else if (multiline) {
    const { sx: inputSx, ...attributes } = htmlInput ?? {};
    field = (
      <TextArea
        {...(attributes as object)}
        {...common}
        ref={inputRef as Ref<HTMLTextAreaElement>}
        placeholder={placeholder}
        rows={minRows ?? 1}
        style={{ "--min-rows": minRows ?? 1, "--max-rows": maxRows ?? 1000 } as object}
        sx={inputSx}
      />
    );
  } else {
    const { sx: inputSx, ...attributes } = htmlInput ?? {};
    field = (
      <Input
        {...attributes}
        {...common}
        ref={inputRef as Ref<HTMLInputElement>}
        type={type}
        placeholder={placeholder}
        sx={inputSx}
      />
    );
  }
  return (
    <Field
      className="text-field"
      data-full-width={fullWidth || undefined}
      data-margin={margin}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      sx={sx}
    >
      {hasLabel && (
        <Label htmlFor={id} id={`${id}-label`}>
          {label}
          {required && <span aria-hidden="true">{" *"}</span>}
        </Label>
      )}
      {field}
      {helperText && <HelperText id={helperTextId}>{helperText}</HelperText>}
    </Field>
  );
}
