import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import {
  pauseChoicesMs,
  takeChoicesMs,
  takeLimitsFor,
  type TakePace,
} from "@/features/talk/talk-settings";
import { formatNumber } from "@/lib/numbers";
import { learnTakeLimits } from "@/shared/phrase-recogniser/take-limits.ts";

const learned = "learned";

/**
 * How long a pause ends a take, and how long a take may be: learned from the user's teaching
 * takes unless they choose. Two of the phone's own pickers, each saying under it what "learned" is
 * now.
 */
export function TakePaceSettings({
  pace,
  onChange,
}: {
  pace: TakePace;
  onChange: (pace: TakePace) => void;
}) {
  const { t, i18n } = useLingui();
  const fromTeaching = learnTakeLimits(pace.habits, pace.slowestMs);
  const chosen = takeLimitsFor(pace);
  const seconds = (ms: number) => {
    const value = formatNumber(i18n.locale, ms / 1000, { maximumFractionDigits: 1 });
    return t`${value} s`;
  };
  // What "as I teach" is now, under the field: in the chosen line it was cut off on a phone
  // ("As I teach (now 1" for 12 s, in Kyrgyz at 390 px).
  const nowAsTaught = (chosenMs: number | null, ms: number) => {
    if (chosenMs !== null) return undefined;
    const now = seconds(ms);
    return t`Now ${now}`;
  };
  const choice = (value: string) => (value === learned ? null : Number(value));

  return (
    <Stack direction="row" data-take-pace sx={{ flexWrap: "wrap", gap: 2 }}>
      <TextField
        select
        label={t`A pause this long ends my take`}
        value={pace.pauseMs === null ? learned : String(chosen.endSilenceMs)}
        helperText={nowAsTaught(pace.pauseMs, fromTeaching.endSilenceMs)}
        onChange={(event) => onChange({ ...pace, pauseMs: choice(event.target.value) })}
        sx={{ minWidth: 240, maxWidth: "100%" }}
      >
        <option value={learned}>{t`As I teach`}</option>
        {pauseChoicesMs.map((ms) => (
          <option key={ms} value={String(ms)}>
            {seconds(ms)}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t`My longest take`}
        value={pace.takeMs === null ? learned : String(chosen.maxTakeMs)}
        helperText={nowAsTaught(pace.takeMs, fromTeaching.maxTakeMs)}
        onChange={(event) => onChange({ ...pace, takeMs: choice(event.target.value) })}
        sx={{ minWidth: 240, maxWidth: "100%" }}
      >
        <option value={learned}>{t`As I teach`}</option>
        {takeChoicesMs.map((ms) => (
          <option key={ms} value={String(ms)}>
            {seconds(ms)}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
