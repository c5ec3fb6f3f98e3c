import { expect, test, type Page } from "@playwright/test";
import {
  appStarted,
  buildYear,
  expectNoAxeViolations,
  locales,
  presetLanguage,
  type Locale,
  waitForAnimations,
} from "./fixtures.ts";

// The brand defaults of src/lib/brand.ts (the test build sets no VITE_BRAND_* overrides).
const brand = {
  email: "support@dauys.app",
  phone: "+7 727 000 00 00",
  demoVideoUrl: "https://www.youtube.com/watch?v=CyFFo5e0HNw",
  socialUrl: "https://www.instagram.com/dauys.app",
};

test.use({ viewport: { width: 1280, height: 900 } });

const main = (page: Page) => page.getByRole("main");

async function expectExternalNewTab(page: Page, name: string | RegExp, href: string) {
  const link = page.getByRole("link", { name });
  await expect(link).toHaveAttribute("href", href);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
}

test.describe("home page", () => {
  test("tells what the product does and shows the demo example", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your voice, understood");
    await expect(page).toHaveTitle("Your voice, understood · Dauys");
    await expect(main(page)).toContainText("cerebral palsy, Parkinson's disease or a stroke");
    await expect(main(page)).toContainText("clear text and adaptive audio");
    await expect(main(page)).toContainText("social isolation");

    const demo = page.getByRole("figure", { name: "How Dauys helps" });
    await expect(demo.getByRole("term")).toHaveText(["What was said", "What Dauys understood"]);
    await expect(demo.getByRole("definition")).toHaveText(["I wnt t go hm", "I want to go home"]);
  });

  test("shows six features and four statistics", async ({ page }) => {
    await page.goto("/");
    const features = page.getByRole("region", { name: "What Dauys does" });
    await expect(features.getByRole("listitem")).toHaveCount(6);
    await expect(features.getByRole("heading", { level: 3 })).toHaveText([
      "Speech recognition",
      "Text and audio conversion",
      "Interactive video training programs",
      "Online consultations",
      "24/7 AI assistant",
      "Ending isolation",
    ]);
    await expect(features.getByRole("listitem").first()).toContainText(
      "speech affected by cerebral palsy",
    );

    const stats = page.getByRole("region", { name: "Dauys in numbers" });
    await expect(stats.getByRole("listitem")).toHaveCount(4);
    for (const [value, label] of [
      ["98%", "Recognition accuracy"],
      ["6+", "Languages"],
      ["58", "Specialists contributed"],
      ["Pilot", "Early testers"],
    ] as const) {
      const item = stats.getByRole("listitem").filter({ hasText: label });
      await expect(item.getByRole("paragraph").first()).toHaveText(value);
    }
  });

  test("every link leads where it says", async ({ page }) => {
    await page.goto("/");
    await expectExternalNewTab(page, /Watch Demo/, brand.demoVideoUrl);
    await expect(page.getByRole("link", { name: /Watch Demo/ })).toHaveAccessibleName(
      "Watch Demo (opens in a new tab)",
    );
    await expectExternalNewTab(page, "Follow us on social media", brand.socialUrl);
    await expect(page.getByRole("link", { name: brand.email })).toHaveAttribute(
      "href",
      `mailto:${brand.email}`,
    );
    await expect(page.getByRole("link", { name: brand.phone })).toHaveAttribute(
      "href",
      "tel:+77270000000",
    );
    await expect(page.locator("footer")).toContainText(
      `© ${buildYear} Dauys. All rights reserved.`,
    );
    await expect(page.getByText("We respond within 24 hours.")).toBeVisible();
    await expect(page.getByText("Available 24/7.")).toBeVisible();

    for (const name of [
      "Get Started",
      "Get Started Today",
      "Schedule Consultation",
      "Schedule Call",
    ]) {
      await page.goto("/");
      await main(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL("/contact");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    }
  });

  test("is axe clean with the phone layout", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "home on a phone");
  });
});

test.describe("about page", () => {
  test("lists the languages with their native names and the reach", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
    const languages = page.getByRole("region", { name: "Languages we speak" });
    const expected = [
      ["Kazakh", "Қазақ тілі"],
      ["Russian", "Русский язык"],
      ["Uzbek", "Oʻzbek tili"],
      ["Kyrgyz", "Кыргыз тили"],
      ["English", "English"],
      ["Azerbaijani", "Azərbaycan dili"],
    ] as const;
    await expect(languages.getByRole("heading", { level: 3 })).toHaveText(
      expected.map(([name]) => name),
    );
    for (const [name, native] of expected) {
      await expect(languages.getByRole("listitem").filter({ hasText: name })).toContainText(native);
    }
    await expect(languages).toContainText("300M+");
    await expect(languages).toContainText("people can be reached in these languages");
  });

  test("lists the four partnerships with description and region", async ({ page }) => {
    await page.goto("/about");
    const partners = page.getByRole("region", { name: "Partnerships" });
    await expect(partners.getByRole("heading", { level: 3 })).toHaveText([
      "Ministry of Health",
      "Medical Universities Network",
      "Speech Therapy Association",
      "200+ Rehabilitation Centers",
    ]);
    const ministry = partners.getByRole("listitem").filter({ hasText: "Ministry of Health" });
    await expect(ministry).toContainText("public healthcare");
    await expect(ministry).toContainText("Region: Kazakhstan");
  });

  test("Back to Home and Contact Us lead to their pages", async ({ page }) => {
    await page.goto("/about");
    await main(page).getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/about");
    await main(page).getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL("/contact");
  });
});

test.describe("contact page", () => {
  test("offers every way to reach us and promises an answer within 24 hours", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await expect(main(page)).toContainText("We respond within 24 hours.");
    const aside = page.getByRole("complementary", { name: "Other ways to reach us" });
    await expect(aside.getByRole("heading")).toHaveText([
      "Email",
      "Phone",
      "Headquarters",
      "Partnerships",
    ]);
    await expect(aside.getByRole("link", { name: brand.email })).toHaveAttribute(
      "href",
      `mailto:${brand.email}`,
    );
    await expect(aside.getByRole("link", { name: brand.phone })).toHaveAttribute(
      "href",
      "tel:+77270000000",
    );
    await expect(aside).toContainText("Available 24/7.");
    await expect(aside).toContainText("Medical Technology Center");
    await expect(aside).toContainText("Serving the CIS region and beyond.");
    await aside.getByRole("link", { name: "See our partners" }).click();
    await expect(page).toHaveURL("/about");
  });
});

test("nothing needs sideways scrolling, on a phone or a desktop, even in long languages", async ({
  page,
}) => {
  await presetLanguage(page, "kk");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/about", "/contact"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width}px`).toBe(0);
    }
  }
});

test.describe("motion", () => {
  test("cards enter one after another, 0.05 s apart", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "What Dauys does" }).locator(".MuiCard-root");
    await expect(cards).toHaveCount(6);
    const delays = await cards.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).animationDelay),
    );
    expect(delays).toEqual(["0s", "0.05s", "0.1s", "0.15s", "0.2s", "0.25s"]);
  });

  test("on a phone, Home is still once its cards are in place: no frames drawn for nothing @alone", async ({
    browser,
  }) => {
    // A card entrance left waiting in a part not yet drawn (src/theme/drawn-when-near.ts) made
    // Chromium draw 60 frames a second on an idle page, a phone's battery spent on nothing.
    const phone = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
    });
    const page = await phone.newPage();
    await page.goto("/");
    await appStarted(page);
    await waitForAnimations(page);
    // Frames drawn in one second of the page, traced. On a busy machine the page's idle-time
    // work (parts drawn when near, the loader's last files) can take a few seconds to finish, so
    // the page gets them to become still; the fault this guards against never ends.
    const framesInASecond = async () => {
      await browser.startTracing(page, {
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"],
      });
      await page.waitForTimeout(1000);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: { name: string }[];
      };
      return trace.traceEvents.filter((event) => event.name === "Commit").length;
    };
    await expect
      .poll(framesInASecond, {
        message: "frames drawn in a second of an idle page",
        timeout: 15_000,
      })
      .toBeLessThan(10);
    await phone.close();
  });

  test("cards below the first screen enter when the reader comes to them", async ({ browser }) => {
    const phone = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const page = await phone.newPage();
    await page.goto("/");
    const help = page.getByRole("region", { name: "We are here to help" });
    const entrances = () =>
      help
        .locator(".MuiCard-root")
        .evaluateAll((cards) => cards.map((card) => getComputedStyle(card).animationName));
    // Far below the first screen: not drawn, so no entrance waits there.
    await expect.poll(entrances).toEqual(["none", "none"]);
    await help.scrollIntoViewIfNeeded();
    await expect.poll(entrances).not.toContain("none");
    await phone.close();
  });

  test("nothing moves for users who ask for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of ["/", "/about", "/contact"]) {
      await page.goto(path);
      const cards = main(page).locator(".MuiCard-root");
      await expect(cards.first()).toBeVisible();
      const names = await cards.evaluateAll((elements) =>
        elements.map((element) => getComputedStyle(element).animationName),
      );
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names)).toEqual(new Set(["none"]));
    }
  });
});

// What each page's main heading and one section heading say in each language.
const translated: Record<Locale, { home: string[]; about: string[]; contact: string[] }> = {
  en: {
    home: ["Your voice, understood", "What Dauys does"],
    about: ["About", "Partnerships"],
    contact: ["Contact Us", "Send us a message"],
  },
  ru: {
    home: ["Ваша речь — понятна каждому", "Что умеет Dauys"],
    about: ["О нас", "Партнёрства"],
    contact: ["Связаться с нами", "Напишите нам"],
  },
  az: {
    home: ["Nitqiniz hər kəsə aydındır", "Dauys nə edir"],
    about: ["Haqqımızda", "Tərəfdaşlıqlar"],
    contact: ["Bizimlə əlaqə", "Bizə mesaj göndərin"],
  },
  kk: {
    home: ["Сіздің сөзіңіз бәріне түсінікті", "Dauys не істейді"],
    about: ["Біз туралы", "Серіктестіктер"],
    contact: ["Бізбен байланысу", "Бізге хабарлама жіберіңіз"],
  },
  ky: {
    home: ["Сиздин сөзүңүз баарына түшүнүктүү", "Dauys эмне кылат"],
    about: ["Биз жөнүндө", "Өнөктөштүктөр"],
    contact: ["Биз менен байланышуу", "Бизге билдирүү жөнөтүңүз"],
  },
  uz: {
    home: ["Nutqingiz hammaga tushunarli", "Dauys nima qiladi"],
    about: ["Biz haqimizda", "Hamkorliklar"],
    contact: ["Biz bilan bogʻlanish", "Bizga xabar yuboring"],
  },
};

for (const locale of locales) {
  test(`the marketing pages are translated into ${locale}`, async ({ page }) => {
    await presetLanguage(page, locale);
    for (const [path, key] of [
      ["/", "home"],
      ["/about", "about"],
      ["/contact", "contact"],
    ] as const) {
      const [h1, h2] = translated[locale][key];
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1!);
      await expect(page).toHaveTitle(`${h1} · Dauys`);
      await expect(page.getByRole("heading", { level: 2, name: h2 })).toBeVisible();
    }
  });
}
