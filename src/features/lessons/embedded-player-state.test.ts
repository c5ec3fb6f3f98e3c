import { describe, expect, it } from "vitest";
import { playingFromMessage } from "@/features/lessons/embedded-player-state";

describe("playingFromMessage", () => {
  it("reads the player's state changes, as JSON text or as objects", () => {
    expect(playingFromMessage('{"event":"onStateChange","info":1}')).toBe(true);
    expect(playingFromMessage({ event: "onStateChange", info: 3 })).toBe(true);
    for (const state of [-1, 0, 2, 5]) {
      expect(playingFromMessage({ event: "onStateChange", info: state })).toBe(false);
    }
  });

  it("reads the state inside the player's information deliveries", () => {
    const delivery = (playerState: number) =>
      JSON.stringify({ event: "infoDelivery", info: { playerState, currentTime: 12.5 } });
    expect(playingFromMessage(delivery(1))).toBe(true);
    expect(playingFromMessage(delivery(2))).toBe(false);
    expect(
      playingFromMessage({ event: "initialDelivery", info: { playerState: 0, duration: 60 } }),
    ).toBe(false);
  });

  it("ignores everything else", () => {
    for (const data of [
      "not json",
      "",
      null,
      42,
      '{"event":"onReady","info":null}',
      { event: "infoDelivery", info: { currentTime: 3 } },
      { event: "infoDelivery", info: null },
      { event: "onStateChange", info: "1" },
      { event: "onStateChange" },
    ]) {
      expect(playingFromMessage(data)).toBeNull();
    }
  });
});
