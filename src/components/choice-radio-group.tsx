import { useId } from "react";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { SxProps, Theme } from "@mui/material/styles";

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
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={sx}>
      <FormLabel component="legend" id={labelId} sx={{ fontWeight: 700, color: "text.primary" }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio sx={{ width: 44, height: 44 }} />}
            label={option.label}
            sx={{ minHeight: 44, mr: 3 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
