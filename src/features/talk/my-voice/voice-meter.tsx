import { useLingui } from "@lingui/react/macro";
import { ProgressBar } from "@/components/progress-bar";

/** The microphone's live level, so the user sees that they are heard. */
export function VoiceMeter({ level }: { level: number }) {
  const { t } = useLingui();
  return (
    <ProgressBar
      value={Math.round(level * 100)}
      aria-label={t`Microphone level`}
      sx={{ height: 16, borderRadius: 8 }}
    />
  );
}
