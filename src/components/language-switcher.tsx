import { lazy, Suspense, useId, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import TranslateIcon from "@mui/icons-material/Translate";
import { isLanguageCode, nativeNameOf } from "@/lib/i18n";
import { Button } from "@/components/button";
import { loadUntilLoaded } from "@/lib/load-when-online";

// The menu (and MUI's popover machinery under it) loads when someone first reaches for the
// button, not with every page: the first screen has less JavaScript to start. Should it not
// arrive (offline before the service worker has it, or a stalled connection), it is asked for
// again until it comes, and opens then, rather than the header taking the page down.
const loadLanguageMenu = () => import("@/components/language-menu");
const LanguageMenu = lazy(loadUntilLoaded(loadLanguageMenu));
// Only a head start: should it fail, opening the menu loads it again.
const preload = () => void loadLanguageMenu().catch(() => undefined);

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const current = isLanguageCode(i18n.locale) ? i18n.locale : "en";
  const currentName = nativeNameOf(current);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        aria-label={t`Language: ${currentName}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <Box component="span" lang={current} sx={{ display: { xs: "none", sm: "inline" } }}>
          {currentName}
        </Box>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            current={current}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
