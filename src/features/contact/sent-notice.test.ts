import { IDBFactory, IDBObjectStore } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ContactRequest } from "@/features/contact/outbox-store";

/** A tab of the app: its own copies of the modules, on the device's one database. */
async function openTab() {
  vi.resetModules();
  return {
    ...(await import("@/features/contact/sent-notice")),
    ...(await import("@/features/contact/outbox-store")),
    ...(await import("@/lib/storage")),
  };
}

const request = (id: string, subject: string): ContactRequest => ({
  id,
  subject,
  name: "Aigerim Sadykova",
  email: "aigerim@example.kz",
  message: "We would like to try Dauys with ten patients.",
  language: "kk",
  createdAt: new Date().toISOString(),
});

describe("the news of requests sent after waiting, in several tabs", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it("after a write this tab could not store, news left elsewhere meanwhile is shown and kept", async () => {
    const [tabA, tabB] = [await openTab(), await openTab()];
    const failures: string[] = [];
    tabA.onStorageError((_error, key) => failures.push(key));
    await tabA.withOutboxLock(() => tabA.leaveSentNews(request("r1", "First")));

    // The user closes the news in tab A; the disk refuses that write once.
    const refuse = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("The disk is full", "QuotaExceededError");
    });
    await tabA.dismissSentRequests(["r1"]);
    refuse.mockRestore();
    expect(failures).toEqual([tabA.storageKeys.sentNotice]);

    // Meanwhile another tab (or the service worker) delivers a request that had to wait.
    await tabB.withOutboxLock(() => tabB.leaveSentNews(request("r2", "Second")));
    // Tab A shows its news, and not the news the user closed there.
    expect(await tabA.readSentRequests()).toMatchObject([{ id: "r2", subject: "Second" }]);

    // Tab A delivers one more: the news of the second stays with it.
    await tabA.withOutboxLock(() => tabA.leaveSentNews(request("r3", "Third")));
    const device = await openTab();
    expect((await device.readSentRequests()).map((sent) => sent.id)).toEqual(["r2", "r3"]);
  });
});
