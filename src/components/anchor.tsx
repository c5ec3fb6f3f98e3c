/**
 * A text link: underlined, in the main colour, with the focus ring. What MUI's Link draws here,
 * without its 1 kB gzip of typography variants on every page (issue 22). TextLink
 * (router-link.tsx) is this anchor navigating with the router.
 */
import { styled } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

export const Anchor = styled("a")(({ theme }) => ({
  color: theme.palette.primary.main,
  textDecoration: "underline",
  // The line a little lighter than the text, full colour under the pointer, as MUI's Link.
  textDecorationColor: "rgba(10, 88, 168, 0.4)",
  "&:hover": { textDecorationColor: "inherit" },
  "&:focus-visible": { outline: tokens.focusRing, outlineOffset: 2 },
}));
