import { describe, expect, it, vi } from "vitest";
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
    await vi.waitFor(() => expect(received).toEqual([sent]));
    otherWindow.close();
  });
});
