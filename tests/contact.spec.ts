import { expect, test, type Page } from "@playwright/test";
import { appStarted, expectNoAxeViolations, presetLanguage } from "./fixtures.ts";
import { storedRequests } from "./stored-requests.ts";

const fields = {
  name: { label: "Full Name", placeholder: "Your full name" },
  email: { label: "Email Address", placeholder: "support@dauys.app" },
  subject: { label: "Subject", placeholder: "What's this about?" },
  message: { label: "Message", placeholder: "Tell us more about your inquiry..." },
} as const;

type Field = keyof typeof fields;

const field = (page: Page, name: Field) =>
  page.getByRole("textbox", { name: fields[name].label, exact: true });
const sendButton = (page: Page) => page.getByRole("button", { name: "Send Message" });

/**
 * Opens the contact page and waits for the app: before it, the form is sent by the browser
 * itself (tests/page-before-script.spec.ts); these tests are about the app's form.
 */
async function openContactPage(page: Page) {
  await page.goto("/contact");
  await appStarted(page);
}

async function fillForm(page: Page, values: Partial<Record<Field, string>>) {
  for (const [name, value] of Object.entries(values) as [Field, string][]) {
    await field(page, name).fill(value);
  }
}

/** Holds the requests the form sends until the returned function is called (a slow link). */
async function holdRequests(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/requests", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

function uniqueMessage() {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    name: "Aigerim Sadykova",
    email: `aigerim.${tag}@example.kz`,
    subject: `Pilot for our clinic ${tag}`,
    message: "We would like to try Dauys with ten patients.\nPlease call after 5 pm.",
  };
}

test.use({ viewport: { width: 1280, height: 900 } });

test("the fields are labelled, required and show the expected hints", async ({ page }) => {
  await openContactPage(page);
  for (const name of Object.keys(fields) as Field[]) {
    const input = field(page, name);
    await expect(input).toBeVisible();
    await expect(input).toHaveAttribute("required", "");
    await expect(input).toHaveAttribute("placeholder", fields[name].placeholder);
    await expect(input).toHaveValue("");
  }
  await expect(field(page, "email")).toHaveAttribute("type", "email");
  await expect(page.getByText("All fields are required.")).toBeVisible();
});

test("a valid message shows the confirmation and clears every field", async ({ page }) => {
  await openContactPage(page);
  await fillForm(page, uniqueMessage());
  await sendButton(page).click();

  const toast = page.getByRole("alert").filter({ hasText: "Message sent!" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon.");
  for (const name of Object.keys(fields) as Field[]) {
    await expect(field(page, name)).toHaveValue("");
  }
  await expectNoAxeViolations(page, "contact with the confirmation shown");

  await toast.getByRole("button", { name: "Close" }).click();
  await expect(toast).toBeHidden();
  // The focused Close button went with the toast: focus goes on to the page, not back to the top.
  await expect(page.locator("main")).toBeFocused();

  // The sent message is not offered again as a draft.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(field(page, "name")).toHaveValue("");
  await expect(page.getByText("Your unfinished message was restored.")).toBeHidden();
});

test("a second press of Send while sending is ignored, not taken for an empty form", async ({
  page,
}) => {
  await openContactPage(page);
  const release = await holdRequests(page);
  await fillForm(page, uniqueMessage());
  await sendButton(page).focus();
  await page.keyboard.press("Enter");
  const sending = page.getByRole("button", { name: "Sending…" });
  await expect(sending).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Please enter your full name.")).toHaveCount(0);
  await expect(field(page, "name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(sending).toBeFocused();
  release();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
});

test("a second message sent is announced as the first was", async ({ page }) => {
  await openContactPage(page);
  await fillForm(page, uniqueMessage());
  await sendButton(page).click();
  const toast = page.getByRole("alert").filter({ hasText: "Message sent!" });
  await expect(toast).toBeVisible();
  // A screen reader announces an alert as it comes into the page, not one that merely stays.
  await toast.evaluate((element) => element.setAttribute("data-first-send", ""));

  const release = await holdRequests(page);
  await fillForm(page, uniqueMessage());
  await sendButton(page).click();
  await expect(page.getByRole("button", { name: "Sending…" })).toBeVisible();
  await expect(toast).toHaveCount(0);
  release();
  await expect(toast).toBeVisible();
  await expect(page.locator("[data-first-send]")).toHaveCount(0);
});

test("a message sent while the user leaves the page is said to be sent on the next page", async ({
  page,
}) => {
  await openContactPage(page);
  const release = await holdRequests(page);
  await fillForm(page, uniqueMessage());
  await sendButton(page).click();
  await expect(page.getByRole("button", { name: "Sending…" })).toBeVisible();
  await page.getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL("/about");
  // The form is gone (the next page's code may come a moment after its address).
  await expect(field(page, "name")).toHaveCount(0);
  release();
  await expect(page.getByText("Your saved message has been sent")).toBeVisible();
});

test("invalid fields get a visible, labelled error and nothing typed is lost", async ({ page }) => {
  await openContactPage(page);
  const message = uniqueMessage();
  await fillForm(page, { name: message.name, message: message.message });
  await sendButton(page).click();

  // The browser's own validation stops the submit; each invalid field also explains itself.
  await expect(field(page, "email")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "email")).toHaveAccessibleDescription(
    "Please enter your email address.",
  );
  await expect(field(page, "subject")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "subject")).toHaveAccessibleDescription("Please enter a subject.");
  await expect(field(page, "name")).toHaveAttribute("aria-invalid", "false");
  await expect(field(page, "name")).toHaveValue(message.name);
  await expect(field(page, "message")).toHaveValue(message.message);
  await expectNoAxeViolations(page, "contact with errors shown");

  // An address the browser accepts but the server would refuse is caught as well.
  await fillForm(page, { email: "aigerim@clinic", subject: message.subject });
  await expect(field(page, "subject")).toHaveAttribute("aria-invalid", "false");
  await sendButton(page).click();
  await expect(field(page, "email")).toHaveAccessibleDescription(
    "Please enter a valid email address, for example name@example.com.",
  );
  await expect(field(page, "email")).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toHaveCount(0);

  // A reload while correcting keeps everything typed so far.
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Your unfinished message was restored.")).toBeVisible();
  await expect(field(page, "name")).toHaveValue(message.name);
  await expect(field(page, "email")).toHaveValue("aigerim@clinic");
  await expect(field(page, "subject")).toHaveValue(message.subject);
  await expect(field(page, "message")).toHaveValue(message.message);

  await fillForm(page, { email: message.email });
  await sendButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
});

test("a message pasted over the limit is kept whole, said to be too long, and not sent cut", async ({
  page,
}) => {
  await openContactPage(page);
  const message = uniqueMessage();
  await fillForm(page, { name: message.name, email: message.email, subject: message.subject });
  const long = `${"Please call after 5 pm on weekdays. ".repeat(140)}This is the end.`;
  expect(long.length).toBeGreaterThan(5000);
  const input = field(page, "message");
  await input.focus();
  // As a paste puts text in; the browser would cut it at a maxlength without a word.
  await page.keyboard.insertText(long);
  await expect(input).toHaveValue(long);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription("This is too long: use at most 5000 characters.");
  const count = page.getByText(`${long.length} of 5000 characters`);
  await expect(count).toBeVisible();
  await expect(count).toHaveAttribute("aria-live", "polite");

  await sendButton(page).click();
  await expect(input).toBeFocused();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toHaveCount(0);
  expect(storedRequests(message.email)).toHaveLength(0);
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Your unfinished message was restored.")).toBeVisible();
  await expect(input).toHaveValue(long);

  // Shortened by the user, it goes whole.
  const short = long.slice(-4900);
  await input.fill(short);
  await expect(input).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText(`${short.length} of 5000 characters`)).toBeVisible();
  await sendButton(page).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
  expect(storedRequests(message.email).map((row) => row.message)).toEqual([short.trim()]);
});

test("an error disappears as soon as the field is corrected", async ({ page }) => {
  await openContactPage(page);
  await sendButton(page).click();
  await expect(field(page, "name")).toHaveAccessibleDescription("Please enter your full name.");
  await fillForm(page, { name: "Aigerim" });
  await expect(field(page, "name")).toHaveAttribute("aria-invalid", "false");
  await expect(field(page, "name")).toHaveAccessibleDescription("");
  await expect(field(page, "message")).toHaveAccessibleDescription("Please enter your message.");
});

test("the draft survives a reload", async ({ page }) => {
  await openContactPage(page);
  const message = uniqueMessage();
  await fillForm(page, message);
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();

  await page.reload();
  await expect(page.getByText("Your unfinished message was restored.")).toBeVisible();
  for (const name of Object.keys(fields) as Field[]) {
    await expect(field(page, name)).toHaveValue(message[name]);
  }

  // Leaving the page right after typing (no pause) still keeps the last change.
  await fillForm(page, { subject: `${message.subject} (updated)` });
  await page.getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL("/about");
  await page.goBack();
  await expect(field(page, "subject")).toHaveValue(`${message.subject} (updated)`);

  // So does a reload right after typing: the last change is written as the page goes.
  await fillForm(page, { subject: `${message.subject} (again)` });
  await page.reload();
  await expect(page.getByText("Your unfinished message was restored.")).toBeVisible();
  await expect(field(page, "subject")).toHaveValue(`${message.subject} (again)`);
});

test("the browser's own warning speaks the interface language, not the browser's", async ({
  page,
}) => {
  await presetLanguage(page, "kk");
  await openContactPage(page);
  await page.getByRole("button", { name: "Хабарлама жіберу" }).click();
  // What the browser shows in its bubble beside the first empty field is its validationMessage.
  const name = page.locator("#contact-name");
  await expect(name).toBeFocused();
  expect(await name.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
    "Толық аты-жөніңізді енгізіңіз.",
  );
  await expect(name).toHaveAccessibleDescription("Толық аты-жөніңізді енгізіңіз.");

  // Once the field is filled in, the browser no longer holds it back.
  await name.fill("Айгерім");
  expect(await name.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // A second press, a tremor's, lands beside a button that shrank or moved: in Russian
  // "Отправить сообщение" became "Отправка…", 110 px narrower, and went up 51 px as the note
  // above it that the draft was saved went.
  test("in Russian, Send Message keeps its size and place as it becomes Sending…, and back", async ({
    page,
  }) => {
    await presetLanguage(page, "ru");
    await openContactPage(page);
    const message = uniqueMessage();
    for (const name of Object.keys(fields) as Field[]) {
      await page.locator(`#contact-${name}`).fill(message[name]);
    }
    // As a person pauses before pressing Send, the draft is saved and the page says so.
    await expect(page.getByText("Черновик сохранён на этом устройстве.")).toBeVisible();
    const release = await holdRequests(page);
    const send = page.getByRole("button", { name: "Отправить сообщение", exact: true });
    await send.scrollIntoViewIfNeeded();
    const idle = (await send.boundingBox())!;
    await send.click();
    const sending = page.getByRole("button", { name: "Отправка…", exact: true });
    await expect(sending).toBeVisible();
    // Nor its place: the fields are cleared for the next message as it is pressed, and the
    // note that the draft is saved goes with them.
    const busy = (await sending.boundingBox())!;
    expect(busy).toEqual(idle);
    release();
    await expect(send).toBeVisible();
    expect(await send.boundingBox()).toEqual(idle);
  });
});
