import { describe, expect, it } from "vitest";
import { holdAppControls } from "./hold-app-controls.ts";

describe("holdAppControls", () => {
  it("makes the controls that need the app inert until it is live", () => {
    expect(
      holdAppControls(
        '<a href="/about">About</a><button type="button" class="b">Menu</button><select id="s"><option>x</option></select><textarea id="t"></textarea><input type="text" value=""/>',
      ),
    ).toBe(
      '<a href="/about">About</a><button type="button" class="b" inert="" data-until-live="">Menu</button><select id="s" inert="" data-until-live=""><option>x</option></select><textarea id="t" inert="" data-until-live=""></textarea><input type="text" value="" inert="" data-until-live=""/>',
    );
  });

  it("leaves a form the browser can send itself, disabled controls and hidden fields alone", () => {
    const form =
      '<form class="f" action="/contact" method="post"><input type="hidden" name="language" value="kk"/><input name="name" required=""/><textarea name="message"></textarea><button type="submit">Send</button></form>';
    const html = `<button>Before</button>${form}<button disabled="">Off</button><input type="hidden" name="x"/><button>After</button>`;
    expect(holdAppControls(html)).toBe(
      `<button inert="" data-until-live="">Before</button>${form}<button disabled="">Off</button><input type="hidden" name="x"/><button inert="" data-until-live="">After</button>`,
    );
  });

  it("holds the controls of a form the app sends", () => {
    expect(holdAppControls('<form aria-label="Search"><input name="q"/></form>')).toBe(
      '<form aria-label="Search"><input name="q" inert="" data-until-live=""/></form>',
    );
  });
});
