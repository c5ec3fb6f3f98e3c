/**
 * The words of the kiosk's dialogs (staff's PIN set-up and exit, the idle countdown) are a catalog
 * part of their own (src/shared/catalog-parts.ts): every page restores kiosk mode and draws the
 * exit button, and with the main messages every page's first load carried them. Each dialog's
 * module gives this as `withWords`, and what loads the dialog waits for it: the dialog is drawn
 * in words, in this language and in any chosen later.
 */
import type { Messages } from "@lingui/core";
import { withOwnCatalogPart } from "@/lib/i18n";

export function withKioskDialogWords<Module>(module: Module): Promise<Module> {
  return withOwnCatalogPart(
    "kiosk-dialogs",
    import.meta.glob<{ messages: Messages }>("/locales/*/kiosk-dialogs.po"),
    Promise.resolve(module),
  );
}
