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
  // The platform's own interface font comes first: it exists everywhere (Roboto on Android,
  // Segoe UI on Windows, San Francisco on Apple's systems), so the browser finds the page's font
  // at its first look-up. Each family that is not installed costs a look-up before the first
  // layout (about a third of the page's layout time in Chromium on Linux, issue 22); the rest of
  // the list is only a fallback for browsers without system-ui.
  fontFamily:
    'system-ui, "Segoe UI", "Roboto", "Noto Sans", -apple-system, "Helvetica Neue", Arial, sans-serif',
} as const;
