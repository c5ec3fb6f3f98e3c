import { createTheme } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

const focusVisible = {
  outline: tokens.focusRing,
  outlineOffset: 2,
};

/**
 * For a dark panel (the said panel, the scanning bar): the focus ring in amber, which stands out
 * against the panel (the usual blue ring, drawn just outside a control, is 2.5:1 on it).
 */
export const focusOnDark = {
  "& :focus-visible, & .Mui-focusVisible": { outlineColor: tokens.color.focus },
} as const;

/**
 * Where a toast at the bottom of the screen sits: above the outbox's news when it shows (it sets
 * --sent-notice-height, src/features/contact/outbox-news.tsx), so neither covers the
 * other. MUI's Snackbar (kiosk notices) and our BottomToast (the contact form) both sit there.
 */
export const aboveSentNotice = {
  bottom: "calc(8px + var(--sent-notice-height, 0px))",
  "@media (min-width: 600px)": { bottom: "calc(24px + var(--sent-notice-height, 0px))" },
};

export const theme = createTheme({
  palette: {
    primary: { main: tokens.color.primary, dark: tokens.color.primaryDark },
    secondary: { main: tokens.color.secondary },
    success: { main: tokens.color.success },
    info: { main: tokens.color.primary },
    warning: { main: tokens.color.warning },
    error: { main: tokens.color.error },
    text: { primary: tokens.color.text, secondary: tokens.color.textMuted },
    background: { default: tokens.color.background, paper: tokens.color.surface },
  },
  shape: { borderRadius: tokens.radius },
  typography: {
    fontFamily: tokens.fontFamily,
    fontSize: 16,
    button: { textTransform: "none", fontWeight: 600, fontSize: "1rem" },
    // Their sizes are index.html's --h1, --h2 and --h3: screen and text size both shape them.
    h1: { fontSize: "var(--h1)", fontWeight: 800, lineHeight: 1.15 },
    h2: { fontSize: "var(--h2)", fontWeight: 700 },
    h3: { fontSize: "var(--h3)", fontWeight: 700 },
    // MUI's dialog titles, like the other headings (its 1.43rem was 46 px at 200 % on a phone).
    h6: { fontSize: "var(--h3)" },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        "html, body": { scrollPaddingTop: tokens.headerHeight + 16 },
        // Narrow cards hold long words ("реабилитационных", "Жаттығуларымызды"): they are
        // hyphenated where the browser knows the language, and broken rather than spilling over
        // the card where it does not.
        "h1, h2, h3, h4, h5, h6, p": { overflowWrap: "anywhere", hyphens: "auto" },
        // A native modal <dialog> (the paid-feature popup) makes the page inert but not still:
        // a swipe on its backdrop would scroll the page behind it.
        "html:has(dialog:modal)": { overflow: "hidden" },
        // Motion is decoration here: users who ask for less get none.
        "@media (prefers-reduced-motion: reduce)": {
          "*, *::before, *::after": {
            animationDuration: "0.01ms !important",
            animationDelay: "0ms !important",
            animationIterationCount: "1 !important",
            // None at all, not a very short one: with a duration, every property of every
            // element would transition (a property's transition is "all" unless set), so a size
            // changed in script read as the old one until the next frame, and Talk's tiles,
            // fitted to their words by measuring, broke their words for these users alone.
            transitionDuration: "0s !important",
            transitionDelay: "0s !important",
            scrollBehavior: "auto !important",
          },
        },
        ":focus-visible": focusVisible,
      },
    },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { "&.Mui-focusVisible": focusVisible } },
    },
    // Toasts at the bottom sit above the outbox's news when it shows (it sets
    // --sent-notice-height, src/features/contact/outbox-news.tsx): neither covers the other,
    // however tall either is.
    MuiSnackbar: {
      styleOverrides: {
        anchorOriginBottomCenter: aboveSentNotice,
        // Warnings at the top (the device cannot save, a language did not load) stay until
        // closed: below the fixed header, so its menu, language button and links stay in reach.
        anchorOriginTopCenter: {
          top: tokens.headerHeight + 8,
          "@media (min-width: 600px)": { top: tokens.headerHeight + 8 },
        },
      },
    },
    // On a phone, half of MUI's 64 px of margin beside a dialog: a picker in it had too little
    // room for its chosen value (Kyrgyz "Менин сөз айкаштарым" lost its end, the "my").
    MuiDialog: {
      styleOverrides: {
        paper: {
          "@media (max-width: 599.95px)": {
            margin: 16,
            maxWidth: "calc(100% - 32px)",
            maxHeight: "calc(100% - 32px)",
            "&.MuiDialog-paperFullWidth": { width: "calc(100% - 32px)" },
          },
        },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        // MUI drops the height to "auto" from the sm breakpoint; keep the target at 44 px.
        root: {
          minHeight: tokens.minTarget,
          "@media (min-width: 600px)": { minHeight: tokens.minTarget },
        },
      },
    },
  },
});
