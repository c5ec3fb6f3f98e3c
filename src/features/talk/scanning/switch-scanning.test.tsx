import { createRef } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { SwitchScanning } from "@/features/talk/scanning/switch-scanning";
import { defaultScanSettings } from "@/features/talk/talk-defaults";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";
import { buttonsOf, undrawnTexts } from "@/components/unseen-text.test-support";

/** The scanning bar as first drawn. */
function barMarkup(): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <SwitchScanning
        rootRef={createRef()}
        settings={{ ...defaultScanSettings, mode: "two-switches" }}
        speech={{ speaking: false, said: null, stop: vi.fn(), retract: vi.fn() }}
        loadEngine={vi.fn()}
      />
    </I18nProvider>,
  );
}

/** The opening tag of the scanning bar's button named `name`, as the bar is first drawn. */
function barButton(name: string): string {
  // Emotion's styles come inline with the elements they style.
  const elements = barMarkup().replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
  const button = [...elements.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].find(
    ([, , content]) => content!.replace(/<[^>]*>/g, "").trim() === name,
  );
  if (!button) throw new Error(`No button named ${name}`);
  return button[1]!;
}

describe("the scanning bar", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["talk-panels"]);
  });

  it("holds Back and Undo while they cannot act, without disabling them (they keep the focus)", () => {
    // At the top of the screen, before any choice: neither can act.
    for (const name of ["Back", "Undo"]) {
      const button = barButton(name);
      expect(button).toContain('aria-disabled="true"');
      expect(button).not.toMatch(/\sdisabled=/);
    }
  });

  it("names its scanning button by what it does now, keeping the room of its other label", () => {
    // Scanning is on as the bar is first drawn; stopped, the button says "Start scanning".
    const scanning = buttonsOf(barMarkup()).find(({ name }) => name === "Stop scanning");
    expect(scanning).toBeDefined();
    expect(undrawnTexts(scanning!.button)).toEqual(["Start scanning"]);
  });
});
