/**
 * Design tokens: every colour pair used for text meets WCAG AA (4.5:1) on its background, and
 * every control is at least `minTarget` CSS px in both directions, for users with a tremor.
 */
export const tokens = {
  color: {
    primary: "#0a58a8", // 6.9:1 on white
    primaryDark: "#083f78",
    secondary: "#8a2a8c", // 7.4:1 on white
    success: "#1b6e2a",
    warning: "#8a5a00",
    error: "#b3261e",
    text: "#14202e",
    textMuted: "#44505e", // 8.3:1 on white
    fieldBorder: "#767f8a", // a field's outline at rest: 3:1 against the page and a card
    background: "#f6f8fb",
    surface: "#ffffff",
    focus: "#ffb000",
    levelBeginner: "#1b6e2a",
    levelIntermediate: "#7a5200",
    levelAdvanced: "#b3261e",
  },
  minTarget: 44,
  radius: 12,
  focusRing: "3px solid #0a58a8",
  headerHeight: 64,
  fontFamily:
    '"Inter", "Segoe UI", "Roboto", "Noto Sans", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
} as const;
