/**
 * "Try again" after code that could not load: loads the page again (lib/reload-page.ts). With a
 * new version of the app on its way, the page waits for it to take over, which may wait for the
 * old version's work (a download on a slow connection): meanwhile it says that the app is
 * updating, and the button waits too (aria-disabled, so it keeps the focus).
 */
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { Button, type ButtonProps } from "@/components/button";
import { reloadPage } from "@/lib/reload-page";

/** `look`: how the button is drawn where it stands (its variant, its margins). */
export function TryAgainButton(look: Pick<ButtonProps, "variant" | "sx">) {
  const [updating, setUpdating] = useState(false);
  return (
    <>
      <Button
        {...look}
        aria-disabled={updating}
        onClick={() => updating || reloadPage(setUpdating)}
      >
        <Trans>Try again</Trans>
      </Button>
      {/* Present from the start, so screen readers notice the words appear. */}
      <Box role="status">{updating ? <Trans>Updating the app…</Trans> : ""}</Box>
    </>
  );
}
