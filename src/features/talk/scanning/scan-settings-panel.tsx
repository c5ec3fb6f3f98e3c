import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Button } from "@/components/button";
import { CheckboxChoice } from "@/components/choice-input";
import { ChoiceRadioGroup } from "@/components/choice-radio-group";
import { TextField } from "@/components/text-field";
import {
  emptyRoundChoices,
  ignoreRepeatChoicesMs,
  intervalChoicesMs,
  isSwitchKey,
  withSwitchKey,
  type ScanModeSetting,
  type ScanSettings,
} from "@/features/talk/scanning/scan-settings";
import { formatNumber } from "@/lib/numbers";

type Switch = "selectKey" | "moveKey";

/**
 * Switch access's settings: the kind of scanning, its speed, the switches (any key, and a tap
 * anywhere), the spoken cue. Kept on this device with Talk's other settings.
 */
export function ScanSettingsPanel({
  settings,
  onChange,
}: {
  settings: ScanSettings;
  onChange: (settings: ScanSettings) => void;
}) {
  const { t, i18n } = useLingui();
  const [choosing, setChoosing] = useState<Switch | null>(null);
  const seconds = (ms: number) => {
    const value = formatNumber(i18n.locale, ms / 1000, { maximumFractionDigits: 2 });
    return t`${value} s`;
  };
  // A key's name as its cap shows it, in the interface's language where the cap has words.
  const keyName = (code: string) => {
    const names: Record<string, string> = {
      Space: t`Space`,
      Enter: t`Enter`,
      NumpadEnter: t`Enter`,
      ArrowUp: t`Up arrow`,
      ArrowDown: t`Down arrow`,
      ArrowLeft: t`Left arrow`,
      ArrowRight: t`Right arrow`,
      Backspace: t`Backspace`,
      ShiftLeft: t`Shift`,
      ShiftRight: t`Shift`,
    };
    const numpad = /^Numpad(\d)$/.exec(code)?.[1];
    if (numpad !== undefined) return t`Numpad ${numpad}`;
    return names[code] ?? code.replace(/^(Key|Digit)/, "");
  };
  const selectKeyName = keyName(settings.selectKey);
  const moveKeyName = keyName(settings.moveKey);
  const modes: { value: ScanModeSetting; label: string }[] = [
    { value: "off", label: t`Off` },
    { value: "one-switch", label: t`One switch: the highlight moves by itself` },
    { value: "two-switches", label: t`Two switches: one moves the highlight, one chooses` },
  ];

  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Press the switch when the highlight is on what you want: a group opens, then a row, then the button is pressed. Each group ends with Back. Right after a choice the highlight is on Undo first: press the switch to take the choice back.`}
      </Typography>
      {/* Not offered to the switch while it scans: "Off" chosen by mistake would end scanning
          before its Undo, and a one-switch user who chose "Two switches" would have no switch
          to move on with. A helper sets it with a tap (after Stop, when a tap is a switch). */}
      <div data-scan-skip={settings.mode === "off" ? undefined : ""}>
        <ChoiceRadioGroup
          label={t`Scanning`}
          value={settings.mode}
          options={modes}
          onChange={(mode) => onChange({ ...settings, mode })}
        />
      </div>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        <TextField
          select
          label={t`The highlight moves every`}
          value={String(settings.intervalMs)}
          disabled={settings.mode !== "one-switch"}
          onChange={(event) => onChange({ ...settings, intervalMs: Number(event.target.value) })}
          sx={{ minWidth: 220, maxWidth: "100%" }}
        >
          {intervalChoicesMs.map((ms) => (
            <option key={ms} value={String(ms)}>
              {seconds(ms)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label={t`Rounds without a choice before it stops`}
          value={String(settings.emptyRounds)}
          disabled={settings.mode !== "one-switch"}
          onChange={(event) => onChange({ ...settings, emptyRounds: Number(event.target.value) })}
          sx={{ minWidth: 220, maxWidth: "100%" }}
        >
          {emptyRoundChoices.map((rounds) => (
            <option key={rounds} value={String(rounds)}>
              {formatNumber(i18n.locale, rounds)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label={t`A second press counts after`}
          value={String(settings.ignoreRepeatMs)}
          onChange={(event) =>
            onChange({ ...settings, ignoreRepeatMs: Number(event.target.value) })
          }
          helperText={t`For a tremor, or a switch that bounces: a press sooner than this is not taken.`}
          sx={{ minWidth: 220, maxWidth: "100%" }}
        >
          {ignoreRepeatChoicesMs.map((ms) => (
            <option key={ms} value={String(ms)}>
              {ms === 0 ? t`At once` : seconds(ms)}
            </option>
          ))}
        </TextField>
      </Stack>
      {/* Left to a helper too while it scans: choosing a key takes the next key pressed, and the
          switch's own next press (meant to move on, or to undo) would become that key. */}
      <Stack
        direction="row"
        sx={{ flexWrap: "wrap", gap: 1.5 }}
        data-scan-skip={settings.mode === "off" ? undefined : ""}
      >
        <KeyChooser
          label={t`Select switch: ${selectKeyName}`}
          choosing={choosing === "selectKey"}
          onChoose={() => setChoosing("selectKey")}
          onChosen={(code) => {
            setChoosing(null);
            if (code) onChange(withSwitchKey(settings, "selectKey", code));
          }}
        />
        {settings.mode === "two-switches" ? (
          <KeyChooser
            label={t`Move switch: ${moveKeyName}`}
            choosing={choosing === "moveKey"}
            onChoose={() => setChoosing("moveKey")}
            onChosen={(code) => {
              setChoosing(null);
              if (code) onChange(withSwitchKey(settings, "moveKey", code));
            }}
          />
        ) : null}
      </Stack>
      <div role="status">
        {choosing ? (
          <Typography sx={{ fontWeight: 700 }}>
            {t`Press the key to use as this switch (Escape to keep the one you have).`}
          </Typography>
        ) : null}
      </div>
      <Stack>
        <CheckboxChoice
          label={t`A tap anywhere on the screen is the select switch too`}
          checked={settings.tapAnywhere}
          onChange={(event) => onChange({ ...settings, tapAnywhere: event.target.checked })}
        />
        <CheckboxChoice
          label={t`Say each highlighted group, row and button aloud`}
          checked={settings.spokenCue}
          onChange={(event) => onChange({ ...settings, spokenCue: event.target.checked })}
        />
      </Stack>
    </Stack>
  );
}

/**
 * A switch's key: pressed, it takes the next key pressed (before switch scanning sees it, which
 * listens on the document); Escape, or a key that cannot be a switch, keeps the old one.
 */
function KeyChooser({
  label,
  choosing,
  onChoose,
  onChosen,
}: {
  label: string;
  choosing: boolean;
  onChoose: () => void;
  onChosen: (code: string | null) => void;
}) {
  const { t } = useLingui();
  useEffect(() => {
    if (!choosing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === "Tab") {
        onChosen(null);
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      onChosen(isSwitchKey(event.code) ? event.code : null);
    };
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [choosing, onChosen]);
  return (
    <Button
      variant={choosing ? "contained" : "outlined"}
      aria-pressed={choosing}
      onClick={onChoose}
    >
      {choosing ? t`Waiting for a key…` : label}
    </Button>
  );
}
