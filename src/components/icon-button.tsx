/**
 * A round button that shows only an icon (its name is its `aria-label`), at least 44×44 px. MUI's
 * IconButton, in the few lines this app uses of it: that one also carries a loading spinner and
 * its colour variants, 2 kB gzip that every page paid for with the header's menu button (issue 22).
 */
import ButtonBase, { type ButtonBaseProps } from "@mui/material/ButtonBase";
import { styled } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

const Round = styled(ButtonBase)(({ theme }) => ({
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
  "&:hover": { backgroundColor: theme.palette.action.hover },
  "@media (hover: none)": { "&:hover": { backgroundColor: "transparent" } },
  "&.Mui-disabled": { color: theme.palette.action.disabled },
}));

export function IconButton(props: ButtonBaseProps & { "aria-label": string }) {
  return <Round centerRipple {...props} />;
}
