import type { RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { Alert, type AlertProps } from "@/components/alert";

type ClosableAlertProps = AlertProps & {
  onClose: () => void;
  /** Within the page: the control to go on from, when closing took the focus away. */
  focusAfter?: RefObject<HTMLElement | null>;
};

/**
 * An alert the user closes: a toast or an app notice. Its Close button speaks the page's
 * language, and when closing takes the focused button away, focus goes to `focusAfter` or the
 * main content instead of falling to <body>, from where a keyboard user would start again at the
 * top.
 */
export function ClosableAlert({ focusAfter, ...props }: ClosableAlertProps) {
  const { t } = useLingui();
  useFocusMainContentWhenLost(focusAfter);
  return <Alert closeText={t`Close`} {...props} />;
}
