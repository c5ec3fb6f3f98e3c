import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { createStore, set } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  deliverOutbox,
  deliverRequest,
  removeFromOutbox,
  retryWhileOpen,
  stopReporting,
} from "@/features/contact/outbox";
import { enqueueContactRequest } from "@/features/contact/enqueue-request";
import { onOutboxChange, readOutbox } from "@/features/contact/outbox-store";
import { dismissRefusalNews, readRefusalNews } from "@/features/contact/refusal-news";
import {
  dismissSentRequests,
  onSentRequestsChange,
  readSentRequests,
} from "@/features/contact/sent-notice";
import { onStorageError, removeValue, resetStorageForTests, storageKeys } from "@/lib/storage";
import { apiPaths } from "@/shared/api-contract";

// The page's address, which the app's API client sends to (Node has no location of its own).
const pageAddress = vi.hoisted(() => {
  const address = new URL("https://dauys.test/contact");
  Object.defineProperty(globalThis, "location", { value: address, configurable: true });
  return address;
});

const fields = {
  name: "Aigerim Sadykova",
  email: "aigerim@example.kz",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys with ten patients.",
};

type Answer = { status: number; body?: unknown; contentType?: string } | "network-error";

/** The network boundary: records what reaches "the server" and answers as told. */
function fakeServer(...answers: Answer[]) {
  const received: unknown[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    expect(request.url).toBe(new URL(apiPaths.requests, pageAddress).href);
    expect(request.method).toBe("POST");
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === "network-error") throw new TypeError("Failed to fetch");
    received.push(await request.json());
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { "Content-Type": answer.contentType ?? "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { received, fetchMock };
}

describe("contact request outbox", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("stores the request before sending, then removes it once the server stored it", async () => {
    const server = fakeServer({ status: 201, body: { id: "x", status: "stored" } });
    const { request, saved } = await enqueueContactRequest(fields, "kk");
    expect(saved).toBe(true);
    expect(request).toMatchObject({ ...fields, language: "kk" });
    expect(request.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(request.createdAt).toISOString()).toBe(request.createdAt);
    expect(await readOutbox()).toHaveLength(1);

    expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
    expect(server.received).toEqual([request]);
    expect(await readOutbox()).toEqual([]);
  });

  it("keeps the request when the server cannot be reached, and sends it later", async () => {
    const server = fakeServer("network-error", { status: 503 }, { status: 201 });
    const { request } = await enqueueContactRequest(fields, "ru");

    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    const [waiting] = await readOutbox();
    expect(waiting).toMatchObject({ state: "pending", attempts: 2 });

    expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
    expect(server.received).toEqual([request, request]);
    expect(await readOutbox()).toEqual([]);
  });

  it("on an open page, tries a waiting request again by itself, less often each time, until it goes", async () => {
    // The browser says "online" all along: no online event comes to try again.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const stop = retryWhileOpen();
    try {
      const server = fakeServer({ status: 503 }, { status: 503 }, { status: 201 });
      const { request } = await enqueueContactRequest(fields, "kk");
      expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
      expect(server.fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(15_000);
      const attempts = async () => (await readOutbox())[0]?.attempts;
      await vi.waitFor(async () => expect(await attempts()).toBe(2));
      expect(server.fetchMock).toHaveBeenCalledTimes(2);
      // The next try waits twice as long (30 s).
      await vi.advanceTimersByTimeAsync(20_000);
      expect(server.fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(20_000);
      await vi.waitFor(async () => expect(await readOutbox()).toEqual([]));
      expect(server.received).toEqual([request, request, request]);
      // Nothing waits: no more tries.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(server.fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it("survives a restart: a new session finds and delivers what an old one queued", async () => {
    fakeServer("network-error");
    const { request } = await enqueueContactRequest(fields, "uz");
    await deliverOutbox();
    resetStorageForTests();

    const server = fakeServer({ status: 200 });
    const report = await deliverOutbox();
    expect(report.delivered).toEqual([request.id]);
    expect(server.received).toEqual([request]);
  });

  it("keeps a request answered 200 by a page that is not the API's (a proxy's), and sends it later", async () => {
    const server = fakeServer(
      { status: 200, contentType: "text/html; charset=utf-8", body: "<h1>Sign in</h1>" },
      { status: 201, body: { status: "stored" } },
    );
    const { request } = await enqueueContactRequest(fields, "kk");
    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    expect(await readOutbox()).toMatchObject([{ state: "pending", attempts: 1 }]);
    expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
    expect(server.received).toEqual([request, request]);
  });

  it("marks a refused request as failed with the server's reason and does not retry it", async () => {
    const server = fakeServer({
      status: 400,
      body: { error: "bad_request", message: 'body/email must match format "email"' },
    });
    const { request } = await enqueueContactRequest(fields, "en");

    expect(await deliverRequest(request.id)).toEqual({
      state: "failed",
      error: 'body/email must match format "email"',
    });
    const report = await deliverOutbox();
    expect(report.failed).toEqual([request.id]);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    expect(await readOutbox()).toMatchObject([{ state: "failed", request }]);

    await removeFromOutbox(request.id);
    expect(await readOutbox()).toEqual([]);
  });

  it("retries statuses that do not mean the request is wrong", async () => {
    const server = fakeServer({ status: 429 }, { status: 404 }, { status: 201 });
    const { request } = await enqueueContactRequest(fields, "az");
    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
    expect(server.fetchMock).toHaveBeenCalledTimes(3);
  });

  it.each([403, 404, 409, 410])(
    "a %i for one request keeps it waiting and still sends the requests after it",
    async (status) => {
      // A proxy or firewall in front may answer so for one message alone (words it blocks).
      const server = fakeServer({ status, contentType: "text/html" }, { status: 201 });
      const first = await enqueueContactRequest(fields, "kk");
      const second = await enqueueContactRequest({ ...fields, subject: "Second" }, "kk");

      expect(await deliverOutbox()).toEqual({
        delivered: [second.request.id],
        pending: [first.request.id],
        failed: [],
      });
      expect(server.received).toEqual([first.request, second.request]);
      expect(await readOutbox()).toMatchObject([
        { request: first.request, state: "pending", attempts: 1 },
      ]);
      expect(await deliverRequest(first.request.id)).toEqual({ state: "delivered" });
    },
  );

  it.each<Answer>([{ status: 503 }, { status: 429 }, "network-error"])(
    "when the server is out of reach or busy (%o), the requests after the first wait for the next round",
    async (answer) => {
      const server = fakeServer(answer, { status: 201 });
      const first = await enqueueContactRequest(fields, "ru");
      const second = await enqueueContactRequest({ ...fields, subject: "Second" }, "ru");

      expect(await deliverOutbox()).toEqual({
        delivered: [],
        pending: [first.request.id, second.request.id],
        failed: [],
      });
      expect(server.fetchMock).toHaveBeenCalledTimes(1);
      expect((await deliverOutbox()).delivered).toEqual([first.request.id, second.request.id]);
    },
  );

  it("sends each request once even when deliveries are asked for at the same time", async () => {
    const server = fakeServer({ status: 201 });
    const first = await enqueueContactRequest(fields, "en");
    const second = await enqueueContactRequest({ ...fields, subject: "Second" }, "en");
    await Promise.all([deliverOutbox(), deliverOutbox(), deliverOutbox()]);
    expect(server.received).toEqual([first.request, second.request]);
    expect(await readOutbox()).toEqual([]);
  });

  it("from a page with an id, keeps the same words sent twice as one request, and other words apart", async () => {
    const pageId = crypto.randomUUID();
    const first = await enqueueContactRequest(fields, "kk", pageId);
    const again = await enqueueContactRequest(fields, "kk", pageId);
    expect(again.request.id).toBe(first.request.id);
    expect(await readOutbox()).toHaveLength(1);
    const other = await enqueueContactRequest({ ...fields, message: "Another" }, "kk", pageId);
    expect(other.request.id).not.toBe(first.request.id);
    const elsewhere = await enqueueContactRequest(fields, "kk", crypto.randomUUID());
    expect(elsewhere.request.id).not.toBe(first.request.id);
    expect(await readOutbox()).toHaveLength(3);
  });

  it("on a page over plain http (no randomUUID, no crypto.subtle), queues and sends requests still", async () => {
    const pageId = crypto.randomUUID();
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    const server = fakeServer({ status: 201 });
    const drawn = await enqueueContactRequest(fields, "kk");
    const served = await enqueueContactRequest({ ...fields, subject: "Second" }, "kk", pageId);
    for (const { request } of [drawn, served]) {
      expect(request.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    expect(served.request.id).not.toBe(drawn.request.id);

    expect((await deliverOutbox()).delivered).toEqual([drawn.request.id, served.request.id]);
    expect(server.received).toEqual([drawn.request, served.request]);
  });

  it("after one write this page could not store, another tab's request stored since is still sent", async () => {
    const server = fakeServer({ status: 201 });
    // The disk refuses this page's write once (a full disk, a passing error): its request waits
    // in this page's memory.
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    const mine = await enqueueContactRequest(fields, "kk");
    expect(mine.saved).toBe(false);
    refuse.mockRestore();
    // Meanwhile another tab of the app (the installed app beside a browser tab) stores its own.
    const theirs = { ...mine.request, id: crypto.randomUUID(), subject: "From the other tab" };
    await set(
      storageKeys.outbox,
      [{ request: theirs, state: "pending", attempts: 0 }],
      createStore("dauys", "keyval"),
    );

    // This page shows and sends both.
    expect((await readOutbox()).map((item) => item.request.id).sort()).toEqual(
      [mine.request.id, theirs.id].sort(),
    );
    await deliverOutbox();
    expect(server.received).toContainEqual(mine.request);
    expect(server.received).toContainEqual(theirs);
    // And nothing of either is left to send, in this page or on the device.
    expect(await readOutbox()).toEqual([]);
    resetStorageForTests();
    expect(await readOutbox()).toEqual([]);
  });

  it("after one write this page could not store, its request still goes into the outbox the other tabs see", async () => {
    fakeServer("network-error");
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    const mine = await enqueueContactRequest(fields, "ru");
    refuse.mockRestore();
    const theirs = { ...mine.request, id: crypto.randomUUID(), subject: "From the other tab" };
    await set(
      storageKeys.outbox,
      [{ request: theirs, state: "pending", attempts: 0 }],
      createStore("dauys", "keyval"),
    );

    // The next change this page makes (its delivery counts a failed try) reaches the device.
    await deliverOutbox();
    resetStorageForTests();
    expect((await readOutbox()).map((item) => item.request.id).sort()).toEqual(
      [mine.request.id, theirs.id].sort(),
    );
  });

  it("sends nothing while the browser says it is offline", async () => {
    const server = fakeServer({ status: 201 });
    vi.stubGlobal("navigator", { onLine: false });
    const { request } = await enqueueContactRequest(fields, "ky");
    expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
    expect(server.fetchMock).not.toHaveBeenCalled();

    vi.stubGlobal("navigator", { onLine: true });
    expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
  });

  describe("news of requests sent after waiting", () => {
    it("a request delivered after it had to wait leaves news until the user closes it", async () => {
      fakeServer("network-error", { status: 201 });
      const { request } = await enqueueContactRequest(fields, "kk");
      expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
      expect(await readSentRequests()).toEqual([]);

      // The next start (or the service worker) delivers it.
      resetStorageForTests();
      expect((await deliverOutbox()).delivered).toEqual([request.id]);
      expect(await readSentRequests()).toEqual([
        { id: request.id, subject: fields.subject, sentAt: expect.any(String) },
      ]);

      await dismissSentRequests([request.id]);
      resetStorageForTests();
      expect(await readSentRequests()).toEqual([]);
    });

    it("a request the form reports itself leaves no news", async () => {
      fakeServer({ status: 201 });
      const { request } = await enqueueContactRequest(fields, "en");
      expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
      expect(await readSentRequests()).toEqual([]);
    });

    it("news left by another delivery of the form's own request is taken back by the form", async () => {
      fakeServer({ status: 201 });
      const { request } = await enqueueContactRequest(fields, "en");
      // Another tab or the service worker got there first.
      await deliverOutbox();
      expect(await readSentRequests()).toHaveLength(1);
      expect(await deliverRequest(request.id)).toEqual({ state: "delivered" });
      expect(await readSentRequests()).toEqual([]);
    });

    it("closing the news keeps the news of requests sent since", async () => {
      fakeServer("network-error", { status: 201 });
      const first = await enqueueContactRequest(fields, "ru");
      await deliverOutbox();
      await deliverOutbox();
      const [shown] = await readSentRequests();
      const second = await enqueueContactRequest({ ...fields, subject: "Second" }, "ru");
      await deliverOutbox();

      await dismissSentRequests([shown!.id]);
      expect(shown!.id).toBe(first.request.id);
      expect(await readSentRequests()).toMatchObject([
        { id: second.request.id, subject: "Second" },
      ]);
    });

    it("listeners hear of new news and of an erase by a privacy reset", async () => {
      fakeServer("network-error", { status: 201 });
      await enqueueContactRequest(fields, "ky");
      await deliverOutbox();
      let changes = 0;
      const stop = onSentRequestsChange(() => (changes += 1));

      await deliverOutbox();
      expect(changes).toBeGreaterThan(0);
      const afterDelivery = changes;
      await removeValue(storageKeys.sentNotice);
      expect(changes).toBe(afterDelivery + 1);
      expect(await readSentRequests()).toEqual([]);
      stop();
    });

    it("without IndexedDB the news is kept in this page and the failed write is reported", async () => {
      vi.stubGlobal("indexedDB", undefined);
      resetStorageForTests();
      const failures = new Set<string>();
      const stop = onStorageError((_error, key) => failures.add(key));
      fakeServer("network-error", { status: 201 });

      const { request, saved } = await enqueueContactRequest(fields, "uz");
      expect(saved).toBe(false);
      expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
      expect((await deliverOutbox()).delivered).toEqual([request.id]);
      expect(await readSentRequests()).toMatchObject([{ id: request.id }]);
      expect(failures).toContain(storageKeys.sentNotice);
      stop();
    });
  });

  describe("news of requests refused after waiting", () => {
    const refusal = {
      status: 400,
      body: { error: "bad_request", message: 'body/email must match format "email"' },
    };

    it("a request the server refuses after it had to wait is news, on any page, until the user is told", async () => {
      fakeServer("network-error", refusal);
      const { request } = await enqueueContactRequest(fields, "kk");
      expect(await deliverRequest(request.id)).toEqual({ state: "pending" });
      expect(await readRefusalNews()).toEqual([]);

      // The user has left the contact page; the connection comes back (or the service worker
      // sends it), and the server refuses it.
      let changes = 0;
      const stop = onOutboxChange(() => (changes += 1));
      expect((await deliverOutbox()).failed).toEqual([request.id]);
      expect(changes).toBeGreaterThan(0);
      stop();
      resetStorageForTests();
      expect(await readRefusalNews()).toEqual([{ id: request.id, subject: fields.subject }]);

      // Told (closed, or followed to the contact page): no news again, and the request is still
      // there, every word of it, to be corrected on the contact page.
      await dismissRefusalNews([request.id]);
      resetStorageForTests();
      expect(await readRefusalNews()).toEqual([]);
      expect(await readOutbox()).toMatchObject([{ state: "failed", request }]);
    });

    it("a request the form reports itself as refused is no news", async () => {
      fakeServer(refusal);
      const { request } = await enqueueContactRequest(fields, "en");
      expect(await deliverRequest(request.id)).toMatchObject({ state: "failed" });
      expect(await readRefusalNews()).toEqual([]);
      expect(await readOutbox()).toMatchObject([{ state: "failed", request }]);
    });

    it("a request refused after the user left the form while it was sending is news", async () => {
      fakeServer(refusal);
      const { request } = await enqueueContactRequest(fields, "ru");
      stopReporting(request.id);
      expect(await deliverRequest(request.id)).toMatchObject({ state: "failed" });
      expect(await readRefusalNews()).toEqual([{ id: request.id, subject: fields.subject }]);
    });

    it("closing the news keeps the news of requests refused since", async () => {
      fakeServer(refusal);
      const first = await enqueueContactRequest(fields, "az");
      await deliverOutbox();
      await dismissRefusalNews([first.request.id]);
      const second = await enqueueContactRequest({ ...fields, subject: "Second" }, "az");
      await deliverOutbox();
      expect(await readRefusalNews()).toEqual([{ id: second.request.id, subject: "Second" }]);
    });
  });
});
