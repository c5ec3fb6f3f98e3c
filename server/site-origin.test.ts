import { describe, expect, it } from "vitest";
import { withAbsoluteLinks } from "./site-origin.ts";

describe("a prerendered page's links", () => {
  it("become absolute on the site's origin; other addresses stay as they are", () => {
    const page = [
      '<link rel="canonical" href="/about?lang=kk" />',
      '<link rel="alternate" hreflang="x-default" href="/about" />',
      '<link rel="stylesheet" href="/assets/app.css" />',
      '<a href="/contact">Contact</a>',
      '<link rel="canonical" href="https://dauys.example/about" />',
    ].join("");
    expect(withAbsoluteLinks(page, "https://dauys.test")).toBe(
      [
        '<link rel="canonical" href="https://dauys.test/about?lang=kk" />',
        '<link rel="alternate" hreflang="x-default" href="https://dauys.test/about" />',
        '<link rel="stylesheet" href="/assets/app.css" />',
        '<a href="/contact">Contact</a>',
        '<link rel="canonical" href="https://dauys.example/about" />',
      ].join(""),
    );
  });

  it("point the canonical address of a page that followed the visitor's language to itself", () => {
    const page = '<link rel="canonical" href="/about?lang=kk" />';
    expect(withAbsoluteLinks(page, "https://dauys.test", "/about")).toBe(
      '<link rel="canonical" href="https://dauys.test/about" />',
    );
  });
});
