import { describe, expect, it } from "vitest";
import type { OutboxItem } from "@/features/contact/outbox-store";
import { followOutbox, isWaiting, toastAfterSend } from "@/features/contact/send-toast";

const item = (id: string, state: OutboxItem["state"]): OutboxItem => ({
  request: {
    id,
    name: "Айгерим",
    email: "a@example.kz",
    subject: "Pilot",
    message: "Hello",
    language: "kk",
    createdAt: "2026-11-25T04:00:00.000Z",
  },
  state,
  attempts: 1,
});

describe("the contact form's toast", () => {
  it("says what happened to the request just sent", () => {
    expect(toastAfterSend("a", { state: "delivered" }, true).kind).toBe("sent");
    expect(toastAfterSend("a", { state: "failed", error: "422" }, true).kind).toBe("refused");
    expect(toastAfterSend("a", { state: "pending" }, true).kind).toBe("waiting");
    expect(toastAfterSend("a", { state: "pending" }, false).kind).toBe("waiting-in-memory");
    expect(toastAfterSend("a", { state: "pending" }, true)).toMatchObject({
      requestId: "a",
      open: true,
    });
  });

  it("closes a waiting toast once its request has left the outbox", () => {
    const toast = toastAfterSend("a", { state: "pending" }, true);
    expect(followOutbox(toast, [item("a", "pending"), item("b", "pending")])).toEqual(toast);
    expect(followOutbox(toast, [item("b", "pending")]).open).toBe(false);
  });

  it("turns a waiting toast into 'not sent' when the server refuses its request later", () => {
    const toast = toastAfterSend("a", { state: "pending" }, false);
    expect(followOutbox(toast, [item("a", "failed")])).toMatchObject({
      kind: "refused",
      open: true,
    });
  });

  it("leaves a toast that is not waiting alone", () => {
    const sent = toastAfterSend("a", { state: "delivered" }, true);
    expect(isWaiting(sent)).toBe(false);
    expect(followOutbox(sent, [])).toEqual(sent);
    const closed = { ...toastAfterSend("a", { state: "pending" }, true), open: false };
    expect(isWaiting(closed)).toBe(false);
    expect(followOutbox(closed, [])).toEqual(closed);
  });
});
