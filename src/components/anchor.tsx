/**
 * A text link: underlined, in the main colour (the focus ring is the page's own, theme.ts). What MUI's Link draws here,
 * without its 1 kB gzip of typography variants on every page (issue 22). TextLink
 * (router-link.tsx) is this anchor navigating with the router.
 */
import { alpha, styled } from "@mui/material/styles";

export const Anchor = styled("a")(({ theme }) => ({
  color: theme.palette.primary.main,
  textDecoration: "underline",
  // The line a little lighter than the text, full colour under the pointer, as MUI's Link.
  textDecorationColor: alpha(theme.palette.primary.main, 0.4),
  "&:hover": { textDecorationColor: "inherit" },
}));
