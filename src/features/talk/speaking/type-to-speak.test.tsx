import { beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { TypeToSpeak } from "@/features/talk/speaking/type-to-speak";
import { buildVocabulary } from "@/features/talk/speaking/word-completion";
import { activateLanguage, loadCatalogParts } from "@/lib/i18n";
import { maxTextLength } from "@/shared/speech-options";

/**
 * Each element of server-rendered markup, with its attributes and its text (the tests run without
 * a DOM): enough to read a field, a button and what describes them.
 */
function elementsOf(html: string) {
  // Emotion's styles come inline with the elements they style.
  const markup = html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
  const voidTags = new Set(["input", "img", "br", "hr", "meta", "link", "path"]);
  return [...markup.matchAll(/<(\w+)([^>]*?)(\/?)>/g)].map((start) => {
    const [opening, tag, attributes, selfClosing] = start;
    let text = "";
    if (!selfClosing && !voidTags.has(tag!)) {
      // The content up to this element's own closing tag, past any of the same name inside it.
      const tags = new RegExp(`<(/?)${tag}[\\s>]`, "g");
      tags.lastIndex = start.index + opening.length;
      let depth = 1;
      let end = markup.length;
      for (let next = tags.exec(markup); next; next = tags.exec(markup)) {
        depth += next[1] ? -1 : 1;
        if (depth === 0) {
          end = next.index;
          break;
        }
      }
      text = markup
        .slice(start.index + opening.length, end)
        .replace(/<[^>]*>/g, "")
        .replaceAll("&#x27;", "'")
        .replaceAll("&quot;", '"')
        .replaceAll("&amp;", "&");
    }
    return {
      tag: tag!,
      // Names as HTML reads them: React writes some in camel case (maxLength).
      attributes: new Map(
        [...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
          name!.toLowerCase(),
          value!,
        ]),
      ),
      text,
    };
  });
}

/** The text box and its Speak button as the page draws them, holding `text`. */
function drawn(text: string) {
  const markup = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <TypeToSpeak
        text={text}
        language="en"
        vocabulary={buildVocabulary([])}
        rate="normal"
        pitch="normal"
        speaking={false}
        onTextChange={vi.fn()}
        onSpeak={vi.fn()}
        onStop={vi.fn()}
        onRateChange={vi.fn()}
        onPitchChange={vi.fn()}
      />
    </I18nProvider>,
  );
  const elements = elementsOf(markup);
  const field = elements.find((element) => element.tag === "textarea")!;
  const speak = elements.find((element) => element.tag === "button" && element.text === "Speak")!;
  const count = elements.find((element) => element.attributes.get("aria-live") === "polite");
  const describedBy = (element: (typeof elements)[number]) =>
    (element.attributes.get("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => elements.find((other) => other.attributes.get("id") === id)?.text);
  return { field, speak, describedBy, count };
}

describe("type to speak", () => {
  beforeAll(async () => {
    await activateLanguage("en");
    await loadCatalogParts(["talk-panels"]);
  });

  it("keeps a text pasted over the limit whole, says it is too long and holds Speak", () => {
    // A long message pasted in: the browser would cut it at a maxlength without a word.
    const pasted = "Please call my daughter. ".repeat(90).trim();
    expect(pasted.length).toBeGreaterThan(maxTextLength);
    const { field, speak, describedBy, count } = drawn(pasted);

    expect(field.attributes.has("maxlength")).toBe(false);
    expect(field.text).toBe(pasted);
    expect(field.attributes.get("aria-invalid")).toBe("true");
    const tooLong = `This is too long: use at most ${maxTextLength} characters.`;
    expect(describedBy(field)).toEqual([tooLong]);
    expect(count?.text).toBe(`${pasted.length} of ${maxTextLength} characters`);
    // Held, not disabled: it keeps the focus, and says why it does nothing.
    expect(speak.attributes.get("aria-disabled")).toBe("true");
    expect(speak.attributes.has("disabled")).toBe(false);
    expect(describedBy(speak)).toEqual([tooLong]);
  });

  it("lets a text within the limit be said, counting it from nine tenths of the limit", () => {
    const short = drawn("I am thirsty");
    expect(short.speak.attributes.has("aria-disabled")).toBe(false);
    expect(short.field.attributes.get("aria-invalid")).toBe("false");
    expect(short.describedBy(short.field)).toEqual([
      "Enter speaks. Shift+Enter starts a new line.",
    ]);
    // In the page already, empty, so that a screen reader says the count when it comes.
    expect(short.count?.text).toBe("");

    // Spaces run together as it is said: this is the limit exactly, and may be said.
    const atLimit = `${"a".repeat(maxTextLength - 2)}   b`;
    const full = drawn(atLimit);
    expect(full.speak.attributes.has("aria-disabled")).toBe(false);
    expect(full.count?.text).toBe(`${maxTextLength} of ${maxTextLength} characters`);
  });
});
