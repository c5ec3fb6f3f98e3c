/**
 * A progress bar: how full (`value`, 0 to 100), or, without a value, that work is going on.
 * What MUI's LinearProgress draws, in a few lines instead of its 2 kB gzip on the pages that
 * show one (issue 22). For those who ask for less motion, the bar going on stands still.
 */
import { alpha, keyframes, styled, type SxProps, type Theme } from "@mui/material/styles";

const sliding = keyframes({
  from: { transform: "translateX(-100%)" },
  to: { transform: "translateX(250%)" },
});

const Track = styled("div")(({ theme }) => ({
  position: "relative",
  overflow: "hidden",
  height: 8,
  borderRadius: 4,
  // The main colour, lightened: the bar in front of it stands out (WCAG 1.4.11).
  backgroundColor: alpha(theme.palette.primary.main, 0.2),
  "& > span": {
    position: "absolute",
    insetBlock: 0,
    insetInlineStart: 0,
    width: "100%",
    backgroundColor: theme.palette.primary.main,
    transformOrigin: "left",
  },
  "&:not([aria-valuenow]) > span": {
    width: "40%",
    animation: `${sliding} 1.6s ease-in-out infinite`,
  },
}));

type ProgressBarProps = {
  /** How much is done, 0 to 100; left out while it is not known. */
  value?: number;
  sx?: SxProps<Theme>;
} & ({ "aria-label": string } | { "aria-labelledby": string });

export function ProgressBar({ value, sx, ...name }: ProgressBarProps) {
  const known = value !== undefined;
  return (
    <Track
      role="progressbar"
      aria-valuemin={known ? 0 : undefined}
      aria-valuemax={known ? 100 : undefined}
      aria-valuenow={known ? value : undefined}
      {...name}
      sx={sx}
    >
      <span style={known ? { transform: `scaleX(${value / 100})` } : undefined} />
    </Track>
  );
}
