import type { ComponentProps } from "react";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import { useFocusMainContentWhenLost } from "@/lib/main-content";

type ClosableAlertProps = ComponentProps<typeof Alert> & { onClose: () => void };

/**
 * An alert the user closes: a toast or an app notice. Its Close button speaks the page's
 * language, and when closing takes the focused button away, focus goes to the main content
 * instead of falling to <body>, from where a keyboard user would start again at the top.
 */
export function ClosableAlert(props: ClosableAlertProps) {
  const { t } = useLingui();
  useFocusMainContentWhenLost();
  return <Alert closeText={t`Close`} {...props} />;
}
