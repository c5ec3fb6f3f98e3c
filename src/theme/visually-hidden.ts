/**
 * Hides content from sight but keeps it for screen readers (the usual "sr-only" pattern).
 * Sizes are strings on purpose: in MUI's `sx`, a bare 1 means 100%.
 */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  margin: "-1px",
  padding: 0,
  border: 0,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;
