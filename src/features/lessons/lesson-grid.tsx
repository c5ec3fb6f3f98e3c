import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { keyframes } from "@mui/material/styles";
import { LessonThumbnail } from "@/features/lessons/lesson-thumbnail";
import { LevelBadge } from "@/features/lessons/level-badge";
import type { Lesson } from "@/features/lessons/lessons";
import { tokens } from "@/theme/tokens";
import { BareButton } from "@/components/button";
import { useLaterBehaviour } from "@/lib/use-later-behaviour";

/** Seconds between the entrance of one card and the next (product spec). */
export const cardEntranceStepSeconds = 0.05;

const cardEntrance = keyframes`
  from { transform: translateY(16px); }
  to { transform: none; }
`;

/**
 * All lessons as a grid of cards: 2 columns on phones, 3 and 4 on middle widths, 5 on the
 * widest screens, fewer with large text (.columns-up-to, index.html). The cards enter one after
 * another; only their position moves (never their opacity), so their text keeps its contrast at
 * every moment.
 */
export function LessonGrid({
  lessons,
  selectedIndex,
  onSelect,
  labelledBy,
}: {
  lessons: readonly Lesson[];
  selectedIndex: number;
  onSelect: (index: number) => void;
  labelledBy: string;
}) {
  // A title's word too wide for its card is made a little smaller rather than broken.
  const gridRef = useLaterBehaviour<HTMLUListElement>(() =>
    import("@/lib/fit-long-words").then(({ fitLongWords }) => fitLongWords),
  );
  return (
    <Box
      component="ul"
      ref={gridRef}
      className="columns-up-to"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: { xs: 1.5, md: 2 },
        "--columns": { xs: 2, sm: 3, md: 4, lg: 5 },
        "--narrowest": "8rem",
      }}
    >
      {lessons.map((lesson, index) => (
        <Box
          component="li"
          key={lesson.id}
          sx={{
            display: "flex",
            animation: `${cardEntrance} 0.4s ease-out both`,
            animationDelay: `${index * cardEntranceStepSeconds}s`,
            "@media (prefers-reduced-motion: reduce)": { animation: "none" },
          }}
        >
          <LessonCard
            lesson={lesson}
            selected={index === selectedIndex}
            onSelect={() => onSelect(index)}
          />
        </Box>
      ))}
    </Box>
  );
}

function LessonCard({
  lesson,
  selected,
  onSelect,
}: {
  lesson: Lesson;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t, i18n } = useLingui();

  // The title comes first in the markup, so it starts the card's accessible name; the
  // thumbnail is moved above it visually with `order`.
  return (
    <BareButton
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      sx={{
        width: "100%",
        minHeight: tokens.minTarget,
        display: "flex",
        flexDirection: "column",
        alignItems: "stretch",
        justifyContent: "flex-start",
        textAlign: "start",
        borderRadius: 2,
        overflow: "hidden",
        bgcolor: "background.paper",
        border: 2,
        borderColor: "divider",
        transition: "border-color 0.15s, box-shadow 0.15s",
        "&:hover": { borderColor: "primary.main" },
        "&[aria-current='true']": {
          borderColor: "primary.main",
          bgcolor: "#e8f0fa",
          boxShadow: `0 0 0 2px ${tokens.color.primary}`,
        },
      }}
    >
      <Box
        component="span"
        sx={{ display: "flex", flexDirection: "column", gap: 1, p: 1.25, flexGrow: 1 }}
      >
        <Typography
          component="span"
          data-fit-words
          sx={{
            fontWeight: 700,
            fontSize: "0.9375rem",
            lineHeight: 1.35,
            // Whole, not cut after two lines: on a phone in Kyrgyz half the titles lost their
            // end, and with it what sets a lesson apart ("Ышкырма тыбыштар: С,…"). The cards of
            // a row stay one height, the tallest's.
            overflowWrap: "anywhere",
            hyphens: "auto",
          }}
        >
          {i18n._(lesson.title)}
        </Typography>
        <Box component="span" sx={{ mt: "auto" }}>
          <LevelBadge level={lesson.level} />
        </Box>
      </Box>
      <Box
        component="span"
        sx={{ order: -1, position: "relative", display: "block", aspectRatio: "16 / 9" }}
      >
        <LessonThumbnail lesson={lesson} loading="lazy" />
        {selected ? (
          <Box
            component="span"
            sx={{
              position: "absolute",
              top: 6,
              left: 6,
              px: 0.75,
              borderRadius: 1,
              bgcolor: "primary.main",
              color: "#ffffff",
              fontSize: "0.8125rem",
              fontWeight: 700,
            }}
          >
            {t`Now showing`}
          </Box>
        ) : null}
        <Box
          component="span"
          sx={{
            position: "absolute",
            right: 6,
            bottom: 6,
            px: 0.75,
            borderRadius: 1,
            bgcolor: tokens.color.text,
            color: "#ffffff",
            fontSize: "0.8125rem",
            fontWeight: 700,
            fontVariantNumeric: "tabular-nums",
          }}
        >
          {lesson.duration}
        </Box>
      </Box>
    </BareButton>
  );
}
