/**
 * A round button that shows only an icon (its name is its `aria-label`), at least 44×44 px: the
 * browser's own `<button>`, drawn as MUI's IconButton. MUI's carried ButtonBase, its ripple and a
 * loading spinner, which every page paid for with the header's menu button (issue 22).
 */
import type { ComponentProps, Ref } from "react";
import { styled } from "@mui/material/styles";
import { bareButton } from "@/components/button";
import { tokens } from "@/theme/tokens";

const Round = styled("button")(({ theme }) => ({
  ...bareButton,
  flex: "0 0 auto",
  minWidth: tokens.minTarget,
  minHeight: tokens.minTarget,
  padding: 8,
  borderRadius: "50%",
  fontSize: theme.typography.pxToRem(24),
  color: theme.palette.action.active,
  transition: theme.transitions.create("background-color", {
    duration: theme.transitions.duration.shortest,
  }),
  "@media (hover: hover)": { "&:hover": { backgroundColor: theme.palette.action.hover } },
  "&:disabled, &[aria-disabled=true]": { color: theme.palette.action.disabled, cursor: "default" },
  "&:disabled": { pointerEvents: "none" },
}));

export function IconButton({
  type = "button",
  ...props
}: ComponentProps<typeof Round> & { "aria-label": string; ref?: Ref<HTMLButtonElement> }) {
  return <Round type={type} {...props} />;
}
