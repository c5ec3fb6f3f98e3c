import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { correctAgain } from "@/features/contact/correct-again";
import { enqueueContactRequest } from "@/features/contact/enqueue-request";
import { deliverRequest } from "@/features/contact/outbox";
import { readOutbox, withOutboxLock } from "@/features/contact/outbox-store";
import { readValue, resetStorageForTests, storageKeys, writeValue } from "@/lib/storage";
import type { ContactFields } from "@/shared/contact-validation";

vi.hoisted(() => {
  // The page's address, which the app's API client sends to (Node has no location of its own).
  Object.defineProperty(globalThis, "location", {
    value: new URL("https://dauys.test/contact"),
    configurable: true,
  });
});

const fields = {
  name: "Aigerim Sadykova",
  email: "aigerim@example",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys with ten patients.",
};

/** A request the server refused, in the outbox as the form finds it. */
async function refusedRequest() {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: "bad_request", message: 'body/email must match format "email"' }),
          { status: 400, headers: { "Content-Type": "application/json" } },
        ),
    ),
  );
  const { request } = await enqueueContactRequest(fields, "kk");
  expect(await deliverRequest(request.id)).toMatchObject({ state: "failed" });
  vi.unstubAllGlobals();
  return request;
}

describe("Correct and send again", () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetStorageForTests();
  });

  it("keeps the request in the outbox until its words are written to the draft", async () => {
    const request = await refusedRequest();
    // The page closes while the draft is being written: the write never ends.
    let writing: ContactFields | undefined;
    void correctAgain(request, (restored) => {
      writing = restored;
      return new Promise(() => {});
    });
    await vi.waitFor(() => expect(writing).toEqual(fields));
    // Read under the outbox's lock: after any change of it the page had begun meanwhile.
    expect(await withOutboxLock(readOutbox)).toMatchObject([{ state: "failed", request }]);
  });

  it("takes the request out once the draft holds its words", async () => {
    const request = await refusedRequest();
    await correctAgain(request, (restored) => writeValue(storageKeys.contactDraft, restored));
    expect(await readValue(storageKeys.contactDraft)).toEqual(fields);
    expect(await readOutbox()).toEqual([]);
  });
});
