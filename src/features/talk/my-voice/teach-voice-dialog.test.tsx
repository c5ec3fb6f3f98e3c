/**
 * The teaching dialog's status line keeps the room of the longest of a take's ordinary steps
 * (starting, say it, checking it), whichever it shows: all three are laid out in one grid cell,
 * those not shown hidden from sight and from a screen reader. "I have finished this take" is under
 * it in a dialog centred on the screen, and moved at every step where one took two lines and
 * another one. (That the button stays put is measured in the browser: my-voice.spec.ts.)
 */
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { AppProviders } from "@/components/app-providers";
import { nameOf, undrawnTexts, withoutStyles } from "@/components/unseen-text.test-support";
import { TeachStatus, type TeachingStatus } from "@/features/talk/my-voice/teach-voice-dialog";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";

function drawn(status: TeachingStatus, kept: number) {
  const markup = renderToStaticMarkup(
    <AppProviders>
      <TeachStatus status={status} kept={kept} />
    </AppProviders>,
  );
  const elements = withoutStyles(markup);
  const alertAt = elements.indexOf('role="alert"');
  return {
    markup,
    status: nameOf(/<div role="status">(.*?)<\/div>/.exec(elements)?.[1] ?? ""),
    // The alert is the last of the line's parts.
    alert: alertAt < 0 ? "" : nameOf(elements.slice(elements.indexOf(">", alertAt) + 1)),
  };
}

const steps = (take: number) => [
  "Микрофон қосылуда…",
  `Сөз тіркесін қазір айтыңыз (жазба: ${take}, барлығы: 3).`,
  "Жазба тексерілуде…",
];

describe("the teaching dialog's status line", () => {
  beforeAll(async () => {
    await activateLanguage("kk");
    await loadCatalogParts(["talk-panels"]);
  });

  it("says each step of a take, keeping the room of the other two", () => {
    const cases: [TeachingStatus, number, number][] = [
      [{ kind: "starting" }, 0, 0],
      [{ kind: "listening" }, 0, 1],
      [{ kind: "checking" }, 0, 2],
      [{ kind: "listening" }, 1, 1],
      [{ kind: "checking" }, 2, 2],
    ];
    for (const [status, kept, step] of cases) {
      const { markup, status: said } = drawn(status, kept);
      const all = steps(kept + 1);
      expect(said).toBe(all[step]);
      expect(undrawnTexts(markup)).toEqual(all.filter((_, other) => other !== step));
    }
  });

  it("keeps that room under an alert that says what went wrong, which it shows in the same cell", () => {
    const { markup, status, alert } = drawn({ kind: "listening", problem: "no-voice" }, 1);
    expect(status).toBe("");
    expect(alert).toBe("Ештеңе естілмеді. Дайын болғанда сөз тіркесін айтыңыз.");
    expect(undrawnTexts(markup)).toEqual(steps(2));
    // One grid, whose every child (the steps, the status line, the alert) is in its one cell.
    const grid = /^<div class="([^"]*)"/.exec(withoutStyles(markup))?.[1]?.split(" ") ?? [];
    expect(grid.some((name) => markup.includes(`.${name}>*{grid-area:1/1;}`))).toBe(true);
    expect(withoutStyles(markup).match(/role="alert"/g)).toHaveLength(1);
  });
});
