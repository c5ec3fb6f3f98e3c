/**
 * The text and audio panels, side by side on a wide screen: one part of the page, whose code
 * comes together (recognition-workspace.tsx). Should it not arrive, the part says so once, with
 * one "Try again", instead of each panel saying it.
 */
import type { ComponentProps } from "react";
import Box from "@mui/material/Box";
import { AdaptiveAudioPanel } from "@/features/recognition/adaptive-audio-panel";
import { RecognizedTextPanel } from "@/features/recognition/recognized-text-panel";

export function ResultPanels({
  textPanel,
  audioPanel,
}: {
  textPanel: ComponentProps<typeof RecognizedTextPanel>;
  audioPanel: ComponentProps<typeof AdaptiveAudioPanel>;
}) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" },
      }}
    >
      <RecognizedTextPanel {...textPanel} />
      <AdaptiveAudioPanel {...audioPanel} />
    </Box>
  );
}
