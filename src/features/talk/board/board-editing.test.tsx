import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { BoardEditing } from "@/features/talk/board/board-editing";
import type { Board } from "@/features/talk/board/board";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";

const needs: Board = ["I need water.", "I need help.", "I am cold."].map((text, index) => ({
  id: `need-${index}`,
  text,
  category: "needs",
  favourite: false,
}));

/** The board as drawn while edited. */
function editedBoard(): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <BoardEditing
        board={needs}
        language="en"
        display="words"
        phoneColumns={null}
        onDisplayChange={vi.fn()}
        onPhoneColumnsChange={vi.fn()}
        changeBoard={vi.fn()}
        onDeleted={vi.fn()}
        onNotice={vi.fn()}
        focusAfterEdit={vi.fn()}
      />
    </I18nProvider>,
  );
}

/** The opening tag of the button named `name` as the board is drawn while edited. */
function buttonNamed(name: string): string {
  const tag = [...editedBoard().matchAll(/<button[^>]*>/g)]
    .map(([opening]) => opening)
    .find((opening) => opening.includes(`aria-label="${name}"`));
  if (!tag) throw new Error(`No button named ${name}`);
  return tag;
}

describe("moving a phrase while the board is edited", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["talk-panels"]);
  });

  it("holds the arrow at the end of its group without disabling it, so it keeps the focus", () => {
    // A disabled button loses the focus, which went to the other arrow: a press repeated by a
    // tremor or a held key then sent the phrase straight back.
    const top = buttonNamed("Move up: I need water.");
    expect(top).toContain('aria-disabled="true"');
    expect(top).not.toMatch(/\sdisabled=/);
    const bottom = buttonNamed("Move down: I am cold.");
    expect(bottom).toContain('aria-disabled="true"');
    expect(bottom).not.toMatch(/\sdisabled=/);
    expect(buttonNamed("Move up: I need help.")).toContain('aria-disabled="false"');
  });
});

describe("a phrase's buttons for switch scanning", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["talk-panels"]);
  });

  it("keeps the scan on a phrase's Favourite after its press, not back at the top", () => {
    expect(buttonNamed("Favourite: I need help.")).toContain("data-scan-resume");
  });

  it("says its Edit opens a dialog, and keys it, so the scan goes back to it once it closes", () => {
    const edit = buttonNamed("Edit: I need help.");
    expect(edit).toContain('aria-haspopup="dialog"');
    expect(edit).toContain('data-scan-key="need-1:edit"');
  });

  it("says that Add a phrase and Restore starter phrases open a dialog, and keys them, so the scan goes back to each once its dialog closes", () => {
    const buttons = [...editedBoard().matchAll(/(<button[^>]*>)(.*?)<\/button>/g)];
    const opening = (text: string) => buttons.find(([, , inner]) => inner!.includes(text))?.[1];
    for (const [text, key] of [
      ["Add a phrase", "board:add"],
      ["Restore starter phrases", "board:restore"],
    ]) {
      expect(opening(text!)).toContain('aria-haspopup="dialog"');
      expect(opening(text!)).toContain(`data-scan-key="${key}"`);
    }
  });
});
