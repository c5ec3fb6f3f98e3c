import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { levelLabels, type LessonLevel } from "@/features/lessons/lessons";
import { tokens } from "@/theme/tokens";

const levelColors: Record<LessonLevel, string> = {
  beginner: tokens.color.levelBeginner,
  intermediate: tokens.color.levelIntermediate,
  advanced: tokens.color.levelAdvanced,
};

/**
 * A lesson's level: green, yellow (dark amber, for contrast) or red, always with its name. In a
 * narrow lesson card its word is made a little smaller rather than broken (lesson-grid.tsx).
 */
export function LevelBadge({ level, id }: { level: LessonLevel; id?: string }) {
  const { i18n } = useLingui();
  return (
    <Box
      component="span"
      id={id}
      data-fit-words
      sx={{
        display: "inline-block",
        px: 1,
        py: 0.25,
        borderRadius: 999,
        bgcolor: levelColors[level],
        color: "#ffffff",
        fontSize: "0.8125rem",
        fontWeight: 700,
        lineHeight: 1.5,
        // Within its card, however large the text: cut off, "Начальный" read "Начальны".
        maxWidth: "100%",
        overflowWrap: "anywhere",
      }}
    >
      {i18n._(levelLabels[level])}
    </Box>
  );
}
