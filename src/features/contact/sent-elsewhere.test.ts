import { describe, expect, it, vi } from "vitest";
import type { ContactFields } from "@/shared/contact-validation";
import { onShownSentElsewhere, tellSentElsewhere } from "@/features/contact/sent-elsewhere";

const sent = {
  name: "Aigerim Sadykova",
  email: "aigerim@example.kz",
  subject: "Pilot for our clinic",
  message: "We would like to try Dauys with ten patients.",
};

describe("a message sent from another window", () => {
  it("is heard by a form showing its words as typed (spaces around them), not by one showing other words", async () => {
    // Another window of the app.
    const otherWindow = new BroadcastChannel("dauys-contact-sent");
    const heard: string[] = [];
    const stops = [
      onShownSentElsewhere(
        () => ({ ...sent, name: ` ${sent.name} `, message: `${sent.message}\n` }),
        () => heard.push("same words"),
      ),
      onShownSentElsewhere(
        () => ({ ...sent, message: "Another message" }),
        () => heard.push("other words"),
      ),
    ];
    otherWindow.postMessage({ ...sent, subject: "Another subject" });
    otherWindow.postMessage(sent);
    // Messages arrive in the order they were posted: once the second is heard, so was the first.
    await vi.waitFor(() => expect(heard).toContain("same words"));
    expect(heard).toEqual(["same words"]);
    for (const stop of stops) stop();
    otherWindow.close();
  });

  it("is told to the app's other windows by the form that sent it", async () => {
    const otherWindow = new BroadcastChannel("dauys-contact-sent");
    const received: unknown[] = [];
    otherWindow.addEventListener("message", (event) => received.push(event.data));
    tellSentElsewhere(sent);
    await vi.waitFor(() => expect(received).toEqual([{ ...sent, earlier: [] }]));
    otherWindow.close();
  });

  it("clears an older draft of the words sent in the window that held it unchanged, not one changed there since", async () => {
    // Three windows of the app, each with its own copy of the module (its own channel).
    const openWindow = async () => {
      vi.resetModules();
      return import("@/features/contact/sent-elsewhere");
    };
    const [sending, unchanged, changedSince] = [
      await openWindow(),
      await openWindow(),
      await openWindow(),
    ];
    const restored: ContactFields = { ...sent, message: "We would like to try" };
    const heard: string[] = [];
    const stops = [
      unchanged.onShownSentElsewhere(
        () => restored,
        () => heard.push("unchanged"),
      ),
      changedSince.onShownSentElsewhere(
        () => ({ ...restored, message: `${restored.message} Dauys at home.` }),
        () => heard.push("changed since"),
        () => heard.push("changed since: another message went"),
      ),
    ];
    const observer = new BroadcastChannel("dauys-contact-sent");
    const news: { earlier?: unknown[] }[] = [];
    observer.addEventListener("message", (event) => news.push(event.data as never));
    // The sending window restored the same draft, went on writing, and sent.
    sending.noteDraft(restored);
    sending.noteDraft({ ...restored, message: `${restored.message} Dauys` });
    sending.noteDraft(sent);
    sending.tellSentElsewhere(sent);
    // A later message from the same window tells none of the first one's drafts.
    const later = { ...sent, subject: "Another subject" };
    sending.noteDraft(later);
    sending.tellSentElsewhere(later);
    await vi.waitFor(() => expect(news).toHaveLength(2));
    await vi.waitFor(() => expect(heard).toContain("unchanged"));
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(news.map((item) => item.earlier?.length)).toEqual([3, 1]);
    // The window changed since keeps its words (and writes them again as the device's draft).
    expect(heard.sort()).toEqual([
      "changed since: another message went",
      "changed since: another message went",
      "unchanged",
    ]);
    for (const stop of stops) stop();
    observer.close();
  });

  it("does not clear the draft both windows restored when the sending window replaced its message", async () => {
    const openWindow = async () => {
      vi.resetModules();
      return import("@/features/contact/sent-elsewhere");
    };
    const [sending, other] = [await openWindow(), await openWindow()];
    const restored: ContactFields = {
      ...sent,
      message: "Please call me about my father's lessons.",
    };
    const heard: string[] = [];
    const stop = other.onShownSentElsewhere(
      () => restored,
      () => heard.push("cleared as sent"),
      () => heard.push("kept: another message went"),
    );
    // The sending window restored the same draft, then selected the whole message and pasted
    // another over it (the form never empty), added a word, and sent that.
    sending.noteDraft(restored);
    const pasted = { ...restored, message: "We would like to try Dauys with ten patients" };
    sending.noteDraft(pasted);
    sending.noteDraft({ ...pasted, message: `${pasted.message}.` });
    sending.tellSentElsewhere({ ...pasted, message: `${pasted.message}.` });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard).toEqual(["kept: another message went"]);
    stop();
  });
});
