import { useEffect, useEffectEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import type { KioskSearch } from "@/features/kiosk/kiosk-search";
import { provisionFromLink } from "@/features/kiosk/kiosk-store";
import { defaultLanguage, isLanguageCode } from "@/lib/i18n";

/**
 * Acts on the provisioning link `/?kiosk=on&pin=NNNN&idle=SECONDS`: first `clearSearch` replaces
 * the address (the PIN leaves the screen and the history), then kiosk mode is turned on, or
 * staff are asked to choose a PIN. The interface language at this moment becomes the language
 * each new patient starts with.
 */
export function useKioskLink(search: KioskSearch, clearSearch: () => unknown) {
  const { i18n } = useLingui();
  const { kiosk, pin, idle } = search;

  const provision = useEffectEvent(() => {
    const language = isLanguageCode(i18n.locale) ? i18n.locale : defaultLanguage;
    void clearSearch();
    void provisionFromLink({ kiosk, pin, idle }, language);
  });

  useEffect(() => {
    if (kiosk === "on") provision();
  }, [kiosk, pin, idle]);
}
