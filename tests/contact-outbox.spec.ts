import { expect, test, type Page } from "@playwright/test";
import {
  appStarted,
  expectNoAxeViolations,
  findSmallTargets,
  findSpilledText,
  plainHttpPage,
  presetLanguage,
  presetStoredValue,
  settle,
  storedValue,
} from "./fixtures.ts";
import { storedRequests } from "./stored-requests.ts";

/*
 * Contact requests must never be lost. These tests go through the real page, IndexedDB and
 * server; the network is cut with the browser's offline mode, or by refusing connections to
 * /api/requests only (the server "down" while the app itself still loads). What the server
 * stored is read from its SQLite file.
 */

function uniqueMessage() {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    name: "Нурлан Ахметов",
    email: `nurlan.${tag}@example.kz`,
    subject: `Пилот для клиники ${tag}`,
    message: "Хотим попробовать Dauys с нашими пациентами.",
  };
}

const labels = {
  en: { name: "Full Name", email: "Email Address", subject: "Subject", message: "Message" },
  ru: {
    name: "Полное имя",
    email: "Адрес электронной почты",
    subject: "Тема",
    message: "Сообщение",
  },
};

async function fillAndSend(
  page: Page,
  message: ReturnType<typeof uniqueMessage>,
  locale: keyof typeof labels = "en",
) {
  // The app's form: before the app, the browser sends it itself (page-before-script.spec.ts).
  await appStarted(page);
  for (const key of ["name", "email", "subject", "message"] as const) {
    await page.getByRole("textbox", { name: labels[locale][key], exact: true }).fill(message[key]);
  }
  await page
    .getByRole("button", { name: locale === "ru" ? "Отправить сообщение" : "Send Message" })
    .click();
}

const refuseRequests = (page: Page) =>
  page.route("**/api/requests", (route) => route.abort("connectionrefused"));

/** The app-wide news that a request which had to wait has now been delivered. */
const sentNotice = (page: Page) =>
  page.getByRole("status").filter({ hasText: /Your saved messages? ha(s|ve) been sent/ });

/** The same news on a clinic tablet, where the next patient may be reading it. */
const kioskSentNotice = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Saved messages have been sent" });

/** Sends a message from /contact with the browser offline, so that it waits in the outbox. */
/** Turns kiosk mode on and goes to the contact page as a patient would. */
async function openKioskContactPage(page: Page) {
  await page.goto("/?kiosk=on&pin=482916&idle=60");
  // Said once the app has started and kiosk mode's code and words have come: on a loaded machine
  // (ci139, load 30) that took over 7 s.
  await expect(page.getByRole("status").filter({ hasText: "Kiosk mode is on." })).toBeVisible({
    timeout: 20_000,
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Contact" })
    .click();
}

async function sendWhileOffline(page: Page, message: ReturnType<typeof uniqueMessage>) {
  // Without a service worker in tests, a page that is not live yet would never become so offline.
  await settle(page);
  await page.context().setOffline(true);
  await fillAndSend(page, message);
  await expect(page.getByRole("alert").filter({ hasText: "Message saved" })).toContainText(
    "will be sent when the connection is back",
  );
}

/** Opens the contact page and sends a new message there while offline; returns the message. */
async function sendFromContactPageWhileOffline(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("textbox", { name: "Full Name" })).toBeVisible();
  const message = uniqueMessage();
  await sendWhileOffline(page, message);
  return message;
}

test.use({ viewport: { width: 1280, height: 900 } });

test("a message sent offline survives a reload and arrives once when the connection returns", async ({
  page,
  context,
}) => {
  await presetLanguage(page, "ru");
  await page.goto("/contact");
  const message = uniqueMessage();
  // Without a service worker in tests, the app must have started before the network goes.
  await expect(page.getByRole("textbox", { name: labels.ru.name })).toBeVisible();
  await settle(page);

  await context.setOffline(true);
  await fillAndSend(page, message, "ru");
  const toast = page.getByRole("alert").filter({ hasText: "Сообщение сохранено" });
  await expect(toast).toContainText("будет отправлено, когда связь восстановится");
  await expect(page.getByRole("textbox", { name: "Полное имя" })).toHaveValue("");
  const waiting = page.getByRole("status").filter({ hasText: "Ожидает отправки" });
  await expect(waiting).toContainText(message.subject);
  await expectNoAxeViolations(page, "offline confirmation and waiting request");

  // The app reloads with the server still out of reach: only the outbox can carry the request.
  await refuseRequests(page);
  await context.setOffline(false);
  await page.reload();
  await expect(waiting).toContainText(message.subject);
  expect(storedRequests(message.email)).toEqual([]);

  // The connection comes back: the browser says so, and the outbox delivers.
  await page.unroute("**/api/requests");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByText("Сохранённое сообщение отправлено")).toBeVisible();
  await expect(waiting).toBeHidden();

  const rows = storedRequests(message.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...message, language: "ru" });
  // The id the page made (from the server page's id and the words: a UUID v8).
  expect(rows[0]!.id).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  expect(Date.parse(rows[0]!.created_at)).toBeLessThanOrEqual(Date.parse(rows[0]!.received_at));
});

test("without IndexedDB a waiting message asks for the page to be kept open, and arrives from it", async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "indexedDB", { value: undefined });
  });
  await page.goto("/contact");
  const message = uniqueMessage();
  // Live before the network goes (settle() needs IndexedDB).
  await appStarted(page);
  await context.setOffline(true);
  await fillAndSend(page, message);
  const keepOpen =
    "We could not reach our server just now. Please keep this page open: your message will be sent when the connection is back.";
  await expect(page.getByRole("alert").filter({ hasText: "Message saved" })).toContainText(
    keepOpen,
  );
  // The notice of what waits says the same: nothing is on the device to outlive the page.
  const waiting = page.getByRole("status").filter({ hasText: "Waiting to be sent" });
  await expect(waiting).toContainText(message.subject);
  await expect(waiting).toContainText(keepOpen);
  await expect(waiting).not.toContainText("Saved on this device");

  await context.setOffline(false);
  await expect(waiting).toBeHidden();
  await expect.poll(() => storedRequests(message.email).length).toBe(1);
});

test("with the server down the request waits in the outbox and arrives at the next start", async ({
  page,
}) => {
  await page.goto("/contact");
  const message = uniqueMessage();
  await refuseRequests(page);
  await fillAndSend(page, message);
  await expect(page.getByRole("alert").filter({ hasText: "Message saved" })).toContainText(
    "will be sent when the connection is back",
  );
  await expect(page.getByRole("status").filter({ hasText: "Waiting to be sent" })).toContainText(
    message.subject,
  );
  expect(storedRequests(message.email)).toEqual([]);

  await page.unroute("**/api/requests");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => storedRequests(message.email).length).toBe(1);
  await page.goto("/contact");
  await expect(page.getByText("Waiting to be sent")).toBeHidden();
  expect(storedRequests(message.email)[0]).toMatchObject({ ...message, language: "en" });
});

test("a request whose answer was lost is sent again and still stored once", async ({ page }) => {
  await page.goto("/contact");
  const message = uniqueMessage();
  let attempts = 0;
  await page.route("**/api/requests", async (route) => {
    attempts += 1;
    if (attempts === 1) {
      // The server receives and stores the request, but its answer never comes back.
      await route.fetch();
      await route.abort("connectionreset");
    } else if (attempts === 2) {
      // Then the server cannot be reached at all.
      await route.abort("connectionrefused");
    } else {
      await route.continue();
    }
  });
  await fillAndSend(page, message);
  await expect(page.getByRole("alert").filter({ hasText: "Message saved" })).toBeVisible();
  expect(storedRequests(message.email)).toHaveLength(1);

  // A try that fails says so, and the button keeps the focus for the next one.
  const tryAgain = page.getByRole("button", { name: "Try again now" });
  await tryAgain.focus();
  await page.keyboard.press("Enter");
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Tried again just now: the server could not be reached yet." }),
  ).toBeVisible();
  await expect(tryAgain).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your saved message has been sent")).toBeVisible();
  expect(storedRequests(message.email)).toHaveLength(1);
  // The notice went with its button: the focus is on the page's main content.
  await expect(page.getByRole("main")).toBeFocused();
});

test("a clinic's server reached over plain http by its name still gets the message", async () => {
  // Not localhost, so not a secure context: the page has no crypto.randomUUID or crypto.subtle,
  // as on a clinic's own network.
  const { browser, page } = await plainHttpPage();
  try {
    await page.goto("/contact");
    expect(
      await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID, typeof crypto.subtle]),
    ).toEqual([false, "undefined", "undefined"]);
    const message = uniqueMessage();
    await fillAndSend(page, message);
    await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
    expect(storedRequests(message.email)).toHaveLength(1);
  } finally {
    await browser.close();
  }
});

test("a request the server refuses is kept, explained, and can be corrected", async ({ page }) => {
  const message = uniqueMessage();
  const broken = {
    id: crypto.randomUUID(),
    ...message,
    email: "nurlan-at-example.kz",
    language: "en",
    createdAt: new Date().toISOString(),
  };
  await presetStoredValue(page, "dauys.outbox", [
    { request: broken, state: "pending", attempts: 0 },
  ]);
  await page.goto("/contact");

  const refused = page.getByRole("alert").filter({ hasText: "Not delivered" });
  await expect(refused).toContainText(message.subject);
  // The server explains in English; the page says which field to check, in its own words.
  await expect(refused).toContainText(
    "The server did not accept this message. Check the field “Email Address”.",
  );
  await expectNoAxeViolations(page, "refused request shown");
  // It stays, and is not sent again by itself.
  await page.reload();
  await expect(refused).toContainText(message.subject);

  await refused.getByRole("button", { name: "Correct and send again" }).click();
  const email = page.getByRole("textbox", { name: "Email Address" });
  await expect(email).toHaveValue(broken.email);
  await expect(email).toHaveAccessibleDescription(
    "Please enter a valid email address, for example name@example.com.",
  );
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(message.message);
  await expect(refused).toBeHidden();

  await email.fill(message.email);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
  expect(storedRequests(message.email)).toHaveLength(1);
});

test("brought back to be corrected, the field the server refused says so and takes the focus", async ({
  page,
}) => {
  // Refused for what the form does not check: a control character pasted into the subject
  // (invisible; the form now leaves such characters out when it sends).
  const message = uniqueMessage();
  const refusedRequest = {
    id: crypto.randomUUID(),
    ...message,
    subject: `${message.subject}\u0007`,
    language: "en",
    createdAt: new Date().toISOString(),
  };
  await presetStoredValue(page, "dauys.outbox", [
    { request: refusedRequest, state: "pending", attempts: 0 },
  ]);
  await page.goto("/contact");
  const refused = page.getByRole("alert").filter({ hasText: "Not delivered" });
  await expect(refused).toContainText("Check the field “Subject”.");

  await refused.getByRole("button", { name: "Correct and send again" }).click();
  const subject = page.getByRole("textbox", { name: "Subject" });
  await expect(subject).toBeFocused();
  await expect(subject).toHaveAccessibleDescription(
    "The server did not accept this. Correct it, then send the message again.",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
  expect(storedRequests(message.email)).toEqual([
    expect.objectContaining({ subject: message.subject }),
  ]);
  // Sent, the emptied form has nothing to correct.
  await expect(subject).toHaveValue("");
  await expect(subject).toHaveAccessibleDescription("");
});

test("a refused request is explained in the interface language", async ({ page }) => {
  const message = uniqueMessage();
  await presetLanguage(page, "ru");
  await presetStoredValue(page, "dauys.outbox", [
    {
      request: {
        id: crypto.randomUUID(),
        ...message,
        email: "nurlan-at-example.kz",
        language: "ru",
        createdAt: new Date().toISOString(),
      },
      state: "pending",
      attempts: 0,
    },
  ]);
  await page.goto("/contact");
  const refused = page.getByRole("alert").filter({ hasText: "Не доставлено" });
  await expect(refused).toContainText(
    "Сервер не принял это сообщение. Проверьте поле «Адрес электронной почты».",
  );
  await expect(refused).not.toContainText("must match");
});

test("sending a request gives this device pilot access: no paid-version popup", async ({
  page,
  context,
}) => {
  // A second tab whose timers run only when the test says so.
  const recognition = await context.newPage();
  await recognition.clock.install({ time: new Date("2025-03-01T10:00:00Z") });
  await recognition.clock.pauseAt(new Date("2025-03-01T10:00:01Z"));
  const dialog = recognition.getByRole("dialog", { name: "Available in the paid version" });

  // Before any request, the popup appears once its delay has passed.
  await recognition.goto("/recognition");
  await expect(recognition.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(recognition);
  await recognition.clock.runFor(1000);
  await settle(recognition);
  expect(await dialog.count()).toBe(1);

  await page.goto("/contact");
  await fillAndSend(page, uniqueMessage());
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();

  // The same steps no longer bring it up.
  await recognition.goto("/recognition");
  await expect(recognition.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(recognition);
  await recognition.clock.runFor(1000);
  await settle(recognition);
  expect(await dialog.count()).toBe(0);
  await expect(recognition.getByRole("heading", { level: 1 })).toHaveText("Speech Recognition");
});

test("a saved message delivered when the connection returns is reported on the page that is open", async ({
  page,
  context,
}) => {
  const message = await sendFromContactPageWhileOffline(page);

  // The user leaves for the home page while the server is still out of reach.
  await refuseRequests(page);
  await context.setOffline(false);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  await expect(sentNotice(page)).toHaveCount(0);
  expect(storedRequests(message.email)).toEqual([]);

  await page.unroute("**/api/requests");
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(sentNotice(page)).toContainText(message.subject);
  expect(storedRequests(message.email)).toHaveLength(1);
  // The news is announced politely, never takes the focus, and is closed with a large control.
  const close = sentNotice(page).getByRole("button", { name: "Close" });
  await expect(close).not.toBeFocused();
  expect(await findSmallTargets(page)).toEqual([]);
  await expectNoAxeViolations(page, "sent notice on the home page");

  // It stays until it is closed, and once closed it does not come back. It shows only once the
  // page is live (a prerendered page is marked starting until then), so its Close answers at once.
  await page.reload();
  await expect(sentNotice(page)).toContainText(message.subject);
  expect(await page.locator("#root").getAttribute("data-app-starting")).toBeNull();
  await sentNotice(page).getByRole("button", { name: "Close" }).press("Enter");
  await expect(sentNotice(page)).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  await expect(sentNotice(page)).toHaveCount(0);
});

test("a saved message delivered at the next start is reported on the page the app opens at", async ({
  page,
  context,
}) => {
  const message = await sendFromContactPageWhileOffline(page);
  await page.close();

  await context.setOffline(false);
  const later = await context.newPage();
  await later.goto("/about");
  await expect(sentNotice(later)).toContainText(message.subject);
  expect(storedRequests(message.email)).toHaveLength(1);
});

test("a saved message the server refuses once the connection returns is told on the page that is open, and leads to the contact page to correct it", async ({
  page,
  context,
}) => {
  const message = await sendFromContactPageWhileOffline(page);
  // The visitor starts another message, then leaves it for later.
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("A second, unfinished");
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();

  // They go to the home page while the server is still out of reach.
  await refuseRequests(page);
  await context.setOffline(false);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  const refusedNews = page
    .getByRole("alert")
    .filter({ hasText: "Your saved message was not delivered" });
  await expect(refusedNews).toHaveCount(0);

  // The server is back and refuses the request (as it would a field it does not accept).
  await page.unroute("**/api/requests");
  await page.route("**/api/requests", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        error: "invalid_request",
        message: '"email" must match format "email".',
      }),
    }),
  );
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(refusedNews).toContainText(message.subject);
  await expect(refusedNews).toContainText("Nothing you wrote is lost");
  await expect(refusedNews.getByRole("button", { name: "Close" })).not.toBeFocused();
  expect(await findSmallTargets(page)).toEqual([]);
  await expectNoAxeViolations(page, "refused news on the home page");
  // It stays on the pages the visitor goes to.
  await page.reload();
  await expect(refusedNews).toContainText(message.subject);

  await refusedNews.getByRole("link", { name: "Open the contact page" }).click();
  await expect(page).toHaveURL("/contact");
  // The contact page shows the request with the reason, and the news is not said twice.
  const refused = page.getByRole("alert").filter({ hasText: "Not delivered" });
  await expect(refused).toContainText(message.subject);
  await expect(refused).toContainText(
    "The server did not accept this message. Check the field “Email Address”.",
  );
  await expect(refusedNews).toHaveCount(0);
  // Nothing of the unfinished message is lost: it waits to be sent or cleared first.
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "A second, unfinished",
  );
  // Correct and send again says why it waits, keeps the focus, and changes nothing when pressed.
  const correct = refused.getByRole("button", { name: "Correct and send again" });
  await expect(correct).toHaveAttribute("aria-disabled", "true");
  await expect(correct).toHaveAccessibleDescription(
    "Send or clear the message you are writing first.",
  );
  await correct.focus();
  await page.keyboard.press("Enter");
  await expect(correct).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    "A second, unfinished",
  );

  // Followed once, the news does not come back on other pages; the request stays on this one.
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  await expect(refusedNews).toHaveCount(0);
  await page.goto("/contact");
  await expect(refused).toContainText(message.subject);
});

test("on the contact page the 'will be sent later' toast gives way to the news that it was sent", async ({
  page,
  context,
}) => {
  const message = await sendFromContactPageWhileOffline(page);

  await context.setOffline(false);
  await expect.poll(() => storedRequests(message.email).length).toBe(1);
  await expect(page.getByRole("alert").filter({ hasText: "Message saved" })).toHaveCount(0);
  await expect(page.getByText("will be sent when the connection is back")).toHaveCount(0);
  await expect(sentNotice(page)).toContainText(message.subject);
  // The news is given once, not again by the contact page.
  await expect(page.getByText(/Your saved messages? ha(s|ve) been sent/)).toHaveCount(1);
  await expect(page.getByText("Waiting to be sent")).toHaveCount(0);
});

test("on a kiosk tablet a refused message is said to wait for staff, not for a correction there", async ({
  page,
}) => {
  await openKioskContactPage(page);
  await page.route("**/api/requests", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ error: "bad_request", message: "body/message is too long" }),
    }),
  );
  await fillAndSend(page, uniqueMessage());
  const toast = page.getByRole("alert").filter({ hasText: "Message not sent" });
  await expect(toast).toContainText(
    "The server did not accept your message. It is kept on this tablet for staff to resend.",
  );
  await expect(
    page.getByRole("alert").filter({ hasText: "Staff can resend them outside kiosk mode." }),
  ).toBeVisible();
});

test("on a kiosk tablet the sent news is a count only, and a privacy reset erases it", async ({
  page,
  context,
}) => {
  await page.clock.install();
  await openKioskContactPage(page);
  await expect(page.getByRole("textbox", { name: "Full Name" })).toBeVisible();
  const message = uniqueMessage();
  await sendWhileOffline(page, message);

  // The patient goes back to the home page; the connection returns after they have left.
  await page.getByRole("link", { name: "Dauys", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await context.setOffline(false);
  // The delivery loads the outbox's code and posts to the server: on a busy machine that took
  // longer than the usual 7 s.
  await expect(kioskSentNotice(page)).toContainText("Messages sent: 1", { timeout: 20_000 });
  await expect(page.getByText(message.subject)).toHaveCount(0);
  expect(storedRequests(message.email)).toHaveLength(1);

  await page.clock.fastForward(60_000);
  await expect(page.getByRole("alertdialog", { name: "Are you still there?" })).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(
    page.getByRole("status").filter({ hasText: "Ready for the next person." }),
  ).toBeVisible();
  await expect(kioskSentNotice(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await settle(page);
  await expect(kioskSentNotice(page)).toHaveCount(0);
});

test("a message sent from one window of the app leaves the other window's form, so it is not sent twice", async ({
  page,
  context,
}) => {
  // The message is typed in one window, and its draft kept on the device.
  await page.goto("/contact");
  await appStarted(page);
  const message = uniqueMessage();
  for (const key of ["name", "email", "subject", "message"] as const) {
    await page.getByRole("textbox", { name: labels.en[key], exact: true }).fill(message[key]);
  }
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();

  // A second window (the installed app beside a browser tab) opens the contact page: the draft
  // comes back there too.
  const other = await context.newPage();
  await other.goto("/contact");
  await appStarted(other);
  await expect(other.getByText("Your unfinished message was restored.")).toBeVisible();
  await expect(other.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue(
    message.subject,
  );

  // Sent from the first window, it leaves the second, which says why.
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();
  await expect(
    other.getByRole("status").filter({ hasText: "This message was sent from another window" }),
  ).toBeVisible();
  for (const key of ["name", "email", "subject", "message"] as const) {
    await expect(other.getByRole("textbox", { name: labels.en[key], exact: true })).toHaveValue("");
  }

  // Nothing brings it back there as a draft, and it was stored once.
  await other.reload();
  await appStarted(other);
  await settle(other);
  await expect(other.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue("");
  await expect(other.getByText("Your unfinished message was restored.")).toHaveCount(0);
  expect(await storedValue(other, "dauys.contact-draft")).toBeNull();
  expect(storedRequests(message.email)).toHaveLength(1);
  await other.close();
});

test("a window still showing an older draft of a message sent from another window clears it; one changed since keeps it", async ({
  page,
  context,
}) => {
  await page.goto("/contact");
  await appStarted(page);
  const message = uniqueMessage();
  for (const key of ["name", "email", "subject", "message"] as const) {
    await page.getByRole("textbox", { name: labels.en[key], exact: true }).fill(message[key]);
  }
  await expect(page.getByText("Draft saved on this device.")).toBeVisible();

  // Two more windows open the contact page: the draft comes back in both.
  const [unchanged, changed] = [await context.newPage(), await context.newPage()];
  for (const other of [unchanged, changed]) {
    await other.goto("/contact");
    await appStarted(other);
    await expect(other.getByText("Your unfinished message was restored.")).toBeVisible();
  }
  // One of them goes on writing a message of its own.
  const changedMessage = changed.getByRole("textbox", { name: "Message", exact: true });
  await changedMessage.fill(`${message.message} And one more thing.`);

  // The first window writes a little more, then sends: the words sent are newer than the draft
  // the unchanged window shows.
  const sentMessage = `${message.message} Thank you.`;
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(sentMessage);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Message sent!" })).toBeVisible();

  await expect(
    unchanged.getByRole("status").filter({ hasText: "This message was sent from another window" }),
  ).toBeVisible();
  for (const key of ["name", "email", "subject", "message"] as const) {
    await expect(unchanged.getByRole("textbox", { name: labels.en[key], exact: true })).toHaveValue(
      "",
    );
  }
  await expect(changedMessage).toHaveValue(`${message.message} And one more thing.`);
  // Its words are the device's draft again (the sending window removed the draft).
  await expect
    .poll(() => storedValue(changed, "dauys.contact-draft"))
    .toMatchObject({ message: `${message.message} And one more thing.` });
  await expect(changed.getByRole("textbox", { name: "Subject", exact: true })).toHaveValue(
    message.subject,
  );
  expect(storedRequests(message.email)).toHaveLength(1);
  await unchanged.close();
  await changed.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the waiting message's notice is readable, its Try again now under it, in Russian", async ({
    page,
    context,
  }) => {
    await presetLanguage(page, "ru");
    await page.goto("/contact");
    await expect(page.getByRole("textbox", { name: labels.ru.name })).toBeVisible();
    await settle(page);
    await context.setOffline(true);
    const message = uniqueMessage();
    await fillAndSend(page, message, "ru");

    const waiting = page.getByRole("status").filter({ hasText: "Ожидает отправки" });
    await expect(waiting).toContainText(message.subject);
    // "Попробовать сейчас" beside the text left it a few letters wide: the title was cut off
    // ("Ожидае…"), the subject spilled over and every word was broken.
    const title = waiting.getByText("Ожидает отправки", { exact: true });
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    const words = waiting.getByText("Сохранено на этом устройстве", { exact: false });
    expect((await words.boundingBox())!.width).toBeGreaterThan(200);
    expect(await findSpilledText(page)).toEqual([]);
    await expect(waiting.getByRole("button", { name: "Попробовать сейчас" })).toBeVisible();
  });
});
