import { keyframes } from "@mui/material/styles";
import { notDrawnYetAttribute } from "@/theme/drawn-when-near";

const rise = keyframes`
  from {
    transform: translateY(16px);
  }
  to {
    transform: none;
  }
`;

/** Seconds between the entrances of neighbouring cards (product spec: 0.05 s × grid index). */
export const entranceStepSeconds = 0.05;

/**
 * A card's entrance: it rises into place, one grid index after another. Only the position moves,
 * never the opacity, so text keeps its full contrast at every moment (an accessibility scan or a
 * reader arriving mid-animation sees the final colours). In a part not drawn yet it has none
 * until the part is drawn (`holdEntrancesUntilDrawn`). Users who ask for reduced motion get none.
 */
export function entranceAnimation(index: number) {
  return {
    animation: `${rise} 0.4s ease-out both`,
    animationDelay: `${(index * entranceStepSeconds).toFixed(2)}s`,
    [`[${notDrawnYetAttribute}] &`]: { animation: "none" },
    "@media (prefers-reduced-motion: reduce)": { animation: "none" },
  } as const;
}
