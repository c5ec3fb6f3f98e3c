import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import {
  isPhoneColumns,
  phoneColumnChoices,
  symbolDisplays,
  type PhoneColumns,
  type SymbolDisplay,
} from "@/features/talk/board/board-look";

/**
 * The board's look while it is edited: what its buttons show (for this language's board) and how
 * many buttons a row has (on this device). Native choices, which a phone opens in its own picker.
 */
export function BoardLookSettings({
  display,
  phoneColumns,
  onDisplayChange,
  onPhoneColumnsChange,
}: {
  display: SymbolDisplay;
  phoneColumns: PhoneColumns | null;
  onDisplayChange: (display: SymbolDisplay) => void;
  onPhoneColumnsChange: (phoneColumns: PhoneColumns | null) => void;
}) {
  const { t } = useLingui();
  const displayLabels: Record<SymbolDisplay, string> = {
    both: t`Pictures and words`,
    pictures: t`Pictures only`,
    words: t`Words only`,
  };
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
      <TextField
        select
        label={t`Buttons show`}
        value={display}
        onChange={(event) => {
          const chosen = symbolDisplays.find((value) => value === event.target.value);
          if (chosen) onDisplayChange(chosen);
        }}
        sx={{ minWidth: 220, maxWidth: "100%" }}
      >
        {symbolDisplays.map((value) => (
          <option key={value} value={value}>
            {displayLabels[value]}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t`Buttons in a row on a phone`}
        helperText={t`Fewer buttons in a row make each one bigger. Kept on this device.`}
        value={phoneColumns === null ? "auto" : String(phoneColumns)}
        onChange={(event) => {
          const chosen = Number(event.target.value);
          onPhoneColumnsChange(isPhoneColumns(chosen) ? chosen : null);
        }}
        sx={{ minWidth: 220, maxWidth: "100%" }}
      >
        <option value="auto">{t`As the screen allows`}</option>
        {phoneColumnChoices.map((value) => (
          <option key={value} value={String(value)}>
            {value}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
