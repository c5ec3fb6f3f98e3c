import { describe, expect, it } from "vitest";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { brand } from "@/lib/brand";
import { pageHead, titleOf } from "@/lib/page-title";

const about = msg`About`;

describe("page titles", () => {
  it("has no title before a language is active, then the page's name and the brand in it", () => {
    expect(pageHead(about)()).toEqual({});
    i18n.loadAndActivate({ locale: "ru", messages: { [about.id!]: "О нас" } });
    expect(pageHead(about)()).toEqual({ meta: [{ title: `О нас · ${brand.name}` }] });
    i18n.loadAndActivate({ locale: "en", messages: { [about.id!]: "About" } });
    expect(pageHead(about)()).toEqual({ meta: [{ title: `About · ${brand.name}` }] });
  });

  it("names a page called after the brand by the brand alone", () => {
    i18n.loadAndActivate({ locale: "en", messages: { brand: brand.name } });
    expect(pageHead({ id: "brand" })()).toEqual({ meta: [{ title: brand.name }] });
  });

  it("takes the title of the deepest route that has one", () => {
    const matches = [{}, { meta: [{ title: "Outer" }] }, { meta: [undefined, { title: "Inner" }] }];
    expect(titleOf(matches)).toBe("Inner");
    expect(titleOf([{ meta: [{ title: "Outer" }] }, { meta: [] }, {}])).toBe("Outer");
    expect(titleOf([{}, { meta: undefined }])).toBeUndefined();
  });
});
