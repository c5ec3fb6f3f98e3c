/**
 * The browser's own radio button and checkbox, drawn 44×44 px (the whole box is the target, for
 * users with a tremor) with a 20 px mark in its middle, and the label beside them a target too.
 * MUI's Radio, Checkbox, FormControlLabel and FormControl came to about 4 kB gzip that Recognition
 * and Talk paid for before their first tap (issue 22); the browser's inputs already do what they
 * did: arrow keys move between the radios of a group, Space ticks a box, the label's tap reaches
 * its input. In forced colours (Windows contrast themes) the browser draws its own marks.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

const restingBorder = tokens.color.fieldBorder;

const svg = (body: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">${body}</svg>`,
  )}")`;

const marks = {
  radio: svg(
    `<circle cx="10" cy="10" r="9" fill="#fff" stroke="${restingBorder}" stroke-width="2"/>`,
  ),
  radioChecked: svg(
    `<circle cx="10" cy="10" r="9" fill="#fff" stroke="${tokens.color.primary}" stroke-width="2"/><circle cx="10" cy="10" r="5" fill="${tokens.color.primary}"/>`,
  ),
  checkbox: svg(
    `<rect x="1" y="1" width="18" height="18" rx="3" fill="#fff" stroke="${restingBorder}" stroke-width="2"/>`,
  ),
  checkboxChecked: svg(
    `<rect width="20" height="20" rx="4" fill="${tokens.color.primary}"/><path d="M4.5 10.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" stroke-width="2.5"/>`,
  ),
};

const Input = styled("input")(({ theme }) => ({
  appearance: "none",
  flex: "0 0 auto",
  width: tokens.minTarget,
  height: tokens.minTarget,
  margin: 0,
  borderRadius: "50%",
  cursor: "pointer",
  backgroundRepeat: "no-repeat",
  backgroundPosition: "center",
  backgroundSize: "20px 20px",
  "&[type=radio]": { backgroundImage: marks.radio },
  "&[type=radio]:checked": { backgroundImage: marks.radioChecked },
  "&[type=checkbox]": { backgroundImage: marks.checkbox },
  "&[type=checkbox]:checked": { backgroundImage: marks.checkboxChecked },
  "&:hover:not(:disabled)": { backgroundColor: theme.palette.action.hover },
  "&:disabled": { cursor: "default", opacity: 0.5 },
  "@media (forced-colors: active)": {
    appearance: "auto",
    backgroundImage: "none !important",
  },
}));

const Row = styled("label")({
  display: "inline-flex",
  alignItems: "center",
  gap: 4,
  minHeight: tokens.minTarget,
  // The input's 44 px box reaches 12 px beyond its mark: the mark lines up with the text above.
  marginInlineStart: -12,
  paddingInlineEnd: 8,
  cursor: "pointer",
  lineHeight: 1.4,
  "&:has(input:disabled, input[aria-disabled='true'])": { cursor: "default", opacity: 0.75 },
  // A word longer than the line breaks rather than pushing past the box (Kazakh at 200 % text).
  "& > span": { minWidth: 0, overflowWrap: "anywhere" },
});

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  label: ReactNode;
  sx?: SxProps<Theme>;
};

function Choice({ type, label, sx, ...input }: ChoiceProps & { type: "radio" | "checkbox" }) {
  return (
    <Row sx={sx}>
      <Input type={type} {...input} />
      <span>{label}</span>
    </Row>
  );
}

/** A radio button with its label; radios of one group share a `name`. */
export const RadioChoice = (props: ChoiceProps) => <Choice type="radio" {...props} />;

/** A checkbox with its label. */
export const CheckboxChoice = (props: ChoiceProps) => <Choice type="checkbox" {...props} />;
