import { useId } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { RadioChoice } from "@/components/choice-input";

const Fieldset = styled("fieldset")({ margin: 0, padding: 0, border: 0, minWidth: 0 });

const Legend = styled("legend")(({ theme }) => ({
  padding: 0,
  marginBottom: 2,
  fontWeight: 700,
  lineHeight: 1.5,
  color: theme.palette.text.primary,
}));

const Options = styled("div")({
  display: "flex",
  flexWrap: "wrap",
  columnGap: 24,
});

/**
 * A labelled row of radio buttons for a small fixed choice (speech rate, voice pitch), each
 * option at least 44 px high with its whole label as the target.
 */
export function ChoiceRadioGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  sx?: SxProps<Theme>;
}) {
  const name = useId();
  return (
    <Fieldset sx={sx}>
      <Legend>{label}</Legend>
      <Options>
        {options.map((option) => (
          <RadioChoice
            key={option.value}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            label={option.label}
          />
        ))}
      </Options>
    </Fieldset>
  );
}
