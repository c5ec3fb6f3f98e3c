import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Snackbar from "@mui/material/Snackbar";
import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { ClosableAlert } from "@/components/closable-alert";
import { chooseLanguage, languages, type LanguageCode } from "@/lib/i18n";

/** Counts the choices made, so that a slow one that fails after a later one changes nothing. */
let choices = 0;

/**
 * The six languages, opened from the language button (language-switcher.tsx). A language whose
 * texts do not load is still saved for the next start, and the page says, in the language it
 * still shows, that it could not change now.
 */
export default function LanguageMenu({
  id,
  anchor,
  current,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: LanguageCode;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {languages.map((language) => (
          <MenuItem
            key={language.code}
            lang={language.code}
            selected={language.code === current}
            // One of six, and which one is chosen: a screen reader says "checked" (the tick is
            // only seen).
            role="menuitemradio"
            aria-checked={language.code === current}
            onClick={() => {
              onClose();
              setFailed(false);
              const choice = ++choices;
              chooseLanguage(language.code).catch((error: unknown) => {
                console.warn("The language could not be loaded:", error);
                // A choice made since has replaced this one: nothing to say.
                if (choice === choices) setFailed(true);
              });
            }}
          >
            <ListItemIcon>{language.code === current ? <CheckIcon /> : null}</ListItemIcon>
            <ListItemText>{language.nativeName}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <Snackbar
        open={failed}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
        // Escape closes it too; a tap elsewhere does not.
        onClose={(_event, reason) => reason === "escapeKeyDown" && setFailed(false)}
      >
        <ClosableAlert severity="error" variant="filled" onClose={() => setFailed(false)}>
          {t`The language could not be loaded. Check the connection and choose it again.`}
        </ClosableAlert>
      </Snackbar>
    </>
  );
}
