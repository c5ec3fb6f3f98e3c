import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { staffTestPassword } from "../playwright.config.ts";
import { staffHeader } from "../src/shared/api-contract.ts";
import { expectNoAxeViolations, findSmallTargets, presetLanguage } from "./fixtures.ts";

// The server allows five sign-in attempts per client in 15 minutes: these tests make four.

async function sendContactRequest(page: Page, fields: Record<string, string>) {
  const answer = await page.request.post("/api/requests", {
    data: {
      id: randomUUID(),
      name: "Айгерим Садыкова",
      email: "aigerim@example.kz",
      subject: "Pilot",
      message: "Hello",
      language: "kk",
      createdAt: new Date().toISOString(),
      ...fields,
    },
  });
  expect(answer.status()).toBe(201);
}

const passwordField = (page: Page) => page.getByLabel("Staff password");

test("the staff inbox needs the password: a wrong one is refused and shows no request", async ({
  page,
}) => {
  const marker = `Wrong-password check ${randomUUID()}`;
  await sendContactRequest(page, { subject: marker });
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff inbox" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // Not in the site's navigation.
  await expect(page.getByRole("banner").getByRole("link", { name: /staff/i })).toHaveCount(0);

  await passwordField(page).fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("This password is not right.")).toBeVisible();
  await expect(passwordField(page)).toHaveAttribute("aria-invalid", "true");
  // The field has the focus again, with what is wrong as its description, ready to retype.
  await expect(passwordField(page)).toBeFocused();
  await expect(passwordField(page)).toHaveAccessibleDescription("This password is not right.");
  await expect(page.getByText(marker)).toHaveCount(0);
  await expectNoAxeViolations(page, "staff sign-in with an error");
  expect(await findSmallTargets(page)).toEqual([]);

  // The API gives nothing without the session either.
  const list = await page.request.get("/api/staff/requests");
  expect(list.status()).toBe(401);
  expect(await list.text()).not.toContain(marker);
});

test("signed in, staff find a request, see its text as written, mark it handled and download the CSV", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  const attack = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
  await sendContactRequest(page, { subject: `Inbox ${marker}`, message: attack });
  await sendContactRequest(page, { subject: `Other ${marker}`, name: "Bakyt" });
  page.on("dialog", (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });

  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();

  const search = page.getByRole("searchbox", { name: "Search requests" });
  await search.fill(`inbox ${marker}`);
  const items = page.getByRole("listitem");
  await expect(items).toHaveCount(1);
  const item = items.first();
  await expect(item.getByRole("heading", { name: `Inbox ${marker}` })).toBeVisible();
  // Marked with the language the visitor wrote in (Kazakh), for a screen reader's voice.
  await expect(item.getByRole("heading", { name: `Inbox ${marker}` })).toHaveAttribute(
    "lang",
    "kk",
  );
  await expect(item.getByText(attack, { exact: true })).toHaveAttribute("lang", "kk");
  // The language is named as its speakers write it, not by its code.
  await expect(item.getByText("Қазақша", { exact: true })).toHaveAttribute("lang", "kk");
  // The markup in the request is shown as its text, and never runs.
  await expect(item.getByText(attack, { exact: true })).toBeVisible();
  await expect(item.locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  const handled = item.getByRole("button", { name: "Handled" });
  await expect(handled).toHaveAttribute("aria-pressed", "false");
  // Each card's switch has the same name: the request's subject says which one it is.
  await expect(handled).toHaveAccessibleDescription(`Inbox ${marker}`);
  await handled.click();
  await expect(handled).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByRole("status").filter({ hasText: `Marked as handled: Inbox ${marker}` }),
  ).toHaveCount(1);
  await page.reload();
  await search.fill(`inbox ${marker}`);
  await expect(
    page.getByRole("listitem").first().getByRole("button", { name: "Handled" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page, "staff inbox with a request");
  expect(await findSmallTargets(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dauys-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(
    page.getByRole("status").filter({ hasText: `CSV ready: ${download.suggestedFilename()}` }),
  ).toHaveCount(1);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(`Inbox ${marker}`);
  expect(csv).toContain(`Other ${marker}`);
  expect(csv.split("\r\n")[0]).toContain("handledAt");

  // A sign-out that does not reach the server says so: the session is still open.
  await page.route("**/api/staff/session", (route) =>
    route.request().method() === "DELETE" ? route.abort("internetdisconnected") : route.continue(),
  );
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("alert")).toContainText("You are still signed in");
  await expect(search).toBeVisible();
  expect((await page.request.get("/api/staff/requests")).status()).toBe(200);
  await expectNoAxeViolations(page, "staff inbox after a failed sign-out");

  await page.unroute("**/api/staff/session");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(passwordField(page)).toBeVisible();
  expect((await page.request.get("/api/staff/requests")).status()).toBe(401);
});

test("an open inbox shows the requests that came since, and what other staff marked", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `First ${marker}` });
  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("searchbox", { name: "Search requests" }).fill(marker);
  const items = page.getByRole("listitem");
  await expect(items).toHaveCount(1);
  const status = page.getByRole("status").filter({ hasText: /new requests/i });

  await page.getByRole("button", { name: "Check for new requests" }).click();
  await expect(status).toHaveText("No new requests.");

  // A visitor writes, and another member of staff marks the first request handled.
  await sendContactRequest(page, { subject: `Second ${marker}` });
  const listed = await page.request.get(`/api/staff/requests?q=first%20${marker}`);
  const [first] = ((await listed.json()) as { requests: { id: string }[] }).requests;
  const marked = await page.request.patch(`/api/staff/requests/${first!.id}`, {
    headers: { "x-dauys-staff": "1" },
    data: { handled: true },
  });
  expect(marked.status()).toBe(200);
  await page.getByRole("button", { name: "Check for new requests" }).click();
  await expect(status).toHaveText("New requests: 1");
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole("heading")).toHaveText(`Second ${marker}`);
  await expect(items.nth(1).getByRole("button", { name: "Handled" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Coming back to the inbox (another tab, the screen woken) checks by itself.
  await sendContactRequest(page, { subject: `Third ${marker}` });
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(items).toHaveCount(3);
  await expect(status).toHaveText("New requests: 1");
});

test("the inbox says what failed, offers to try again, and says when the session has ended", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `Trouble ${marker}` });
  const session = "**/api/staff/session";
  const list = "**/api/staff/requests?**";

  await page.route(session, (route) => route.abort("internetdisconnected"));
  await page.goto("/staff");
  const unreachable = page.getByRole("alert").filter({ hasText: "could not be reached" });
  await expect(unreachable).toBeVisible();
  await page.unroute(session);
  await unreachable.getByRole("button", { name: "Try again" }).click();
  await passwordField(page).fill(staffTestPassword);

  await page.route(list, (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Sign in" }).click();
  const notLoaded = page.getByRole("alert").filter({ hasText: "could not be loaded" });
  await expect(notLoaded).toBeVisible();
  await expectNoAxeViolations(page, "staff inbox not loaded");
  expect(await findSmallTargets(page)).toEqual([]);
  await page.unroute(list);
  await notLoaded.getByRole("button", { name: "Try again" }).click();
  await page.getByRole("searchbox", { name: "Search requests" }).fill(marker);
  const item = page.getByRole("listitem");
  await expect(item).toHaveCount(1);

  await page.route("**/api/staff/requests/*", (route) => route.abort("internetdisconnected"));
  const handled = item.getByRole("button", { name: "Handled" });
  await handled.click();
  await expect(page.getByRole("alert")).toHaveText(
    "The request could not be marked: the server could not be reached. Check the connection and try again.",
  );
  await expect(handled).toHaveAttribute("aria-pressed", "false");
  // The server answers, but its database is away: the connection is not to blame.
  await page.unroute("**/api/staff/requests/*");
  await page.route("**/api/staff/requests/*", (route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "5" },
      json: {
        error: "store_unavailable",
        message: "The server cannot store or read this now. Please try again in a few seconds.",
      },
    }),
  );
  await handled.click();
  await expect(page.getByRole("alert")).toHaveText(
    "The request could not be marked: the inbox's database is not answering just now. Try again in a few moments.",
  );
  await expect(handled).toHaveAttribute("aria-pressed", "false");
  await page.unroute("**/api/staff/requests/*");

  // The session ends on the server (here: signed out elsewhere) while the inbox is open: the
  // download says so instead of giving a failed file.
  const origin = new URL(page.url()).origin;
  const ended = await page.request.delete("/api/staff/session", {
    headers: { [staffHeader.name]: staffHeader.value, origin },
  });
  expect(ended.ok()).toBe(true);
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(page.getByText("Your session has ended. Sign in again to go on.")).toBeVisible();
  expect(downloads).toBe(0);
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Check for new requests" })).toBeVisible();

  // The session times out on the server while the inbox is open.
  await page.route(list, (route) =>
    route.fulfill({ status: 401, json: { error: "unauthorized", message: "Sign in first." } }),
  );
  await page.getByRole("button", { name: "Check for new requests" }).click();
  await expect(page.getByText("Your session has ended. Sign in again to go on.")).toBeVisible();
  await expect(passwordField(page)).toBeVisible();
});

test("the focus goes on to the search after signing in and to the password after signing out or an ended session, which says what was not saved", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `Focus ${marker}` });
  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  const search = page.getByRole("searchbox", { name: "Search requests" });
  await expect(search).toBeFocused();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(passwordField(page)).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "You are signed out." })).toHaveCount(1);

  await passwordField(page).fill(staffTestPassword);
  await page.keyboard.press("Enter");
  await expect(search).toBeFocused();
  await search.fill(marker);
  const item = page.getByRole("listitem");
  await expect(item).toHaveCount(1);

  // The session ends on the server (signed out elsewhere) just before staff mark the request.
  const origin = new URL(page.url()).origin;
  const ended = await page.request.delete("/api/staff/session", {
    headers: { [staffHeader.name]: staffHeader.value, origin },
  });
  expect(ended.ok()).toBe(true);
  await item.getByRole("button", { name: "Handled" }).click();
  const notice = page.getByRole("status").filter({ hasText: "Your session has ended." });
  await expect(notice).toContainText(
    `Not saved, press Handled again after signing in: Focus ${marker}`,
  );
  await expect(passwordField(page)).toBeFocused();
  await expectNoAxeViolations(page, "staff sign-in after the session ended");

  // Signed in again, the search is still there, and the request is still not handled.
  await passwordField(page).fill(staffTestPassword);
  await page.keyboard.press("Enter");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(marker);
  await expect(item.getByRole("button", { name: "Handled" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(notice).toHaveCount(0);
});

test("a Handled press waits for the server: pressed again meanwhile, it sends nothing more", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `Twice ${marker}` });
  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("searchbox", { name: "Search requests" }).fill(marker);
  const item = page.getByRole("listitem");
  await expect(item).toHaveCount(1);

  // The server is slow to answer the first press.
  const sent: string[] = [];
  let answer!: () => void;
  const slow = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/staff/requests/*", async (route) => {
    sent.push(route.request().postData() ?? "");
    await slow;
    await route.continue();
  });
  const handled = item.getByRole("button", { name: "Handled" });
  await handled.click();
  await expect(handled).toHaveAttribute("aria-pressed", "true");
  await expect(handled).toHaveAttribute("aria-disabled", "true");
  await expect(handled).toBeFocused();
  // Pressed again before the answer (a double click, an impatient Enter).
  await page.keyboard.press("Enter");
  await expect(handled).toHaveAttribute("aria-pressed", "true");
  answer();
  await expect(
    page.getByRole("status").filter({ hasText: `Marked as handled: Twice ${marker}` }),
  ).toHaveCount(1);
  await expect(handled).not.toHaveAttribute("aria-disabled", "true");
  expect(sent.map((body) => JSON.parse(body))).toEqual([{ handled: true }]);
  // The server keeps what the switch shows.
  const listed = await page.request.get(`/api/staff/requests?q=${marker}`);
  const [stored] = ((await listed.json()) as { requests: { handledAt: string | null }[] }).requests;
  expect(stored!.handledAt).not.toBeNull();
});

test("Download CSV says why there is no file when the server is busy or the download is cut, and the next press downloads", async ({
  page,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `Export ${marker}` });
  await page.goto("/staff");
  // The list is still on its way when Download CSV is pressed: its coming must not take away
  // what is said about the CSV (it did, and a loaded machine had this test find no message).
  let sendList!: () => void;
  const listHeld = new Promise<void>((resolve) => (sendList = resolve));
  const list = (url: URL) => url.pathname === "/api/staff/requests";
  await page.route(list, async (route) => {
    await listHeld;
    await route.continue();
  });
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  let downloads = 0;
  page.on("download", () => downloads++);
  const csv = "**/api/staff/requests.csv";
  const button = page.getByRole("button", { name: "Download CSV" });

  // The node already makes as many CSVs as it can (PostgreSQL): 503 with Retry-After.
  await page.route(csv, (route) =>
    route.fulfill({
      status: 503,
      headers: { "retry-after": "5" },
      json: { error: "unavailable", message: "The node makes as many CSV downloads as it can." },
    }),
  );
  await button.click();
  await expect(page.getByRole("alert")).toHaveText(
    "The CSV could not be made just now: the server is busy. Try again in a few moments.",
  );
  await expect(button).toBeFocused();
  const listCame = page.waitForResponse((response) => list(new URL(response.url())));
  sendList();
  await listCame;
  // The first page is the 50 newest requests: the paging test, beside this one, may have sent
  // more since this test's own request, so any request shows that the list has come.
  await expect(page.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "The CSV could not be made just now: the server is busy. Try again in a few moments.",
  );
  await page.unroute(list);
  await expectNoAxeViolations(page, "staff inbox, CSV refused as busy");
  expect(await findSmallTargets(page)).toEqual([]);

  // The connection fails before the answer.
  await page.unroute(csv);
  await page.route(csv, (route) => route.abort("connectionreset"));
  await button.click();
  await expect(page.getByRole("alert")).toHaveText(
    "The CSV could not be downloaded: the connection to the server failed or was cut. Check the connection and try again.",
  );
  expect(downloads).toBe(0);

  await page.unroute(csv);
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(readFileSync((await download.path())!, "utf8")).toContain(`Export ${marker}`);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(button).toBeFocused();
});

test("staff page through a search the server makes: 50 at a time, then the rest, and a next page that fails keeps the list and the focus", async ({
  page,
}) => {
  const marker = `paging${randomUUID().slice(0, 8)}`;
  for (let i = 1; i <= 53; i++) {
    await sendContactRequest(page, { subject: `Page test ${i}`, message: `About ${marker}` });
  }
  // The newest request of all, which the search must leave out.
  await sendContactRequest(page, { subject: `Not found ${marker.slice(0, -1)}` });
  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The server finds words by their start, in any case.
  await page.getByRole("searchbox", { name: "Search requests" }).fill(marker.toUpperCase());
  const items = page.getByRole("listitem");
  await expect(page.getByText("Not found")).toHaveCount(0);
  await expect(items).toHaveCount(50);
  await expect(page.getByText("Requests shown: 50. Older ones follow.")).toBeVisible();
  await expect(items.first().getByRole("heading")).toHaveText("Page test 53");

  const more = page.getByRole("button", { name: "Show more requests" });
  // The next page does not come: only it is said to have failed, and the list stays as it was.
  const nextPage = (url: URL) =>
    url.pathname === "/api/staff/requests" && url.searchParams.has("after");
  await page.route(nextPage, (route) => route.abort("internetdisconnected"));
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(
    "More requests could not be loaded. Check the connection and press Show more requests again.",
  );
  await expect(items).toHaveCount(50);
  await expect(more).toBeFocused();
  await page.unroute(nextPage);
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(53);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("Requests shown: 53. That is all of them.")).toBeVisible();
  await expect(more).toHaveCount(0);
  // The keyboard goes on where the list grew: at the first request added.
  await expect(items.nth(50).getByRole("heading")).toBeFocused();
  await expect(items.nth(50).getByRole("heading")).toHaveText("Page test 3");
  await expect(items.last().getByRole("heading")).toHaveText("Page test 1");
  await expectNoAxeViolations(page, "staff inbox after Show more");
  expect(await findSmallTargets(page)).toEqual([]);

  await page
    .getByRole("searchbox", { name: "Search requests" })
    .fill(`${marker} nothing-like-this`);
  await expect(page.getByText("No requests found.")).toBeVisible();
  await expect(items).toHaveCount(0);
});

test("a moment without connection keeps the inbox as it was, says so, and catches up once it is back", async ({
  page,
  context,
}) => {
  const marker = randomUUID().slice(0, 8);
  await sendContactRequest(page, { subject: `Blip ${marker}` });
  await page.goto("/staff");
  await passwordField(page).fill(staffTestPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  const search = page.getByRole("searchbox", { name: "Search requests" });
  await search.fill(marker);
  const items = page.getByRole("listitem");
  await expect(items).toHaveCount(1);

  await context.setOffline(true);
  await expect(
    page.getByRole("status").filter({ hasText: "connection to the server is lost" }),
  ).toBeVisible();
  // What staff were doing is still there: the search typed and the requests it found.
  await expect(search).toHaveValue(marker);
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole("heading")).toHaveText(`Blip ${marker}`);
  await expectNoAxeViolations(page, "staff inbox offline");

  // A request comes meanwhile; back online, the inbox looks for it by itself.
  await sendContactRequest(page, { subject: `After ${marker}` });
  await context.setOffline(false);
  await expect(page.getByText("connection to the server is lost")).toHaveCount(0);
  await expect(search).toHaveValue(marker);
  await expect(items).toHaveCount(2);
  await expect(items.first().getByRole("heading")).toHaveText(`After ${marker}`);
});

test("the staff inbox speaks the interface language", async ({ page }) => {
  await presetLanguage(page, "kk");
  await page.goto("/staff");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Қызметкерлерге арналған өтінімдер",
  );
  await expect(page.getByLabel("Қызметкер құпиясөзі")).toBeVisible();
  await expect(page.getByRole("button", { name: "Кіру" })).toBeVisible();
  await expectNoAxeViolations(page, "staff sign-in in Kazakh");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // A second press, a tremor's, lands beside a button that grew or shrank: in Kazakh "Кіру"
  // became "Кіру…", 17 px wider, and "CSV жүктеп алу" "CSV дайындалуда…", 42 px wider.
  test("in Kazakh, Sign in and Download CSV keep their size and place while they work", async ({
    page,
  }) => {
    await presetLanguage(page, "kk");
    await page.goto("/staff");
    await page.getByLabel("Қызметкер құпиясөзі").fill(staffTestPassword);
    /** Holds the `method` requests to `url` until the returned function is called. */
    const hold = async (url: string, method: string) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(url, async (route) => {
        if (route.request().method() === method) await held;
        await route.continue();
      });
      return release;
    };

    const signingIn = await hold("**/api/staff/session", "POST");
    const signIn = page.getByRole("button", { name: "Кіру", exact: true });
    await signIn.scrollIntoViewIfNeeded();
    const idle = await signIn.boundingBox();
    await signIn.click();
    const busy = page.getByRole("button", { name: "Кіру…", exact: true });
    await expect(busy).toBeVisible();
    expect(await busy.boundingBox()).toEqual(idle);
    signingIn();

    const download = page.getByRole("button", { name: "CSV жүктеп алу", exact: true });
    await expect(download).toBeVisible();
    await download.scrollIntoViewIfNeeded();
    const signOut = page.getByRole("button", { name: "Шығу", exact: true });
    const [downloadIdle, signOutIdle] = [await download.boundingBox(), await signOut.boundingBox()];
    const preparing = await hold("**/api/staff/requests.csv", "GET");
    await download.click();
    const making = page.getByRole("button", { name: "CSV дайындалуда…", exact: true });
    await expect(making).toBeVisible();
    expect(await making.boundingBox()).toEqual(downloadIdle);
    expect(await signOut.boundingBox()).toEqual(signOutIdle);
    preparing();
    await expect(download).toBeVisible();
  });
});
