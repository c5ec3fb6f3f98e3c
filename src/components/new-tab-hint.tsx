import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { visuallyHidden } from "@/theme/visually-hidden";

/** Tells screen reader users that a link opens a new tab; sighted users see an icon instead. */
export function NewTabHint() {
  const { t } = useLingui();
  return (
    <Box component="span" sx={visuallyHidden}>
      {" "}
      {t`(opens in a new tab)`}
    </Box>
  );
}
