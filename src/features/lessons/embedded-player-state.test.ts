import { afterEach, describe, expect, it, vi } from "vitest";
import {
  embedOrigin,
  followEmbeddedPlayback,
  playingFromMessage,
} from "@/features/lessons/embedded-player-state";

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

describe("followEmbeddedPlayback", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A stand-in frame and page: what the page hears is what the player posts. */
  function followedPlayer() {
    const page = new EventTarget();
    vi.stubGlobal("window", page);
    vi.stubGlobal("document", new EventTarget());
    const player = { postMessage: () => {} };
    const frame = Object.assign(new EventTarget(), { contentWindow: player, dataset: {} });
    const times: number[] = [];
    const ends: number[] = [];
    const stop = followEmbeddedPlayback(frame as unknown as HTMLIFrameElement, {
      onTime: (seconds) => times.push(seconds),
      onEnded: (seconds) => ends.push(seconds),
    });
    const post = (info: Record<string, unknown>) =>
      page.dispatchEvent(
        Object.assign(new Event("message"), {
          origin: embedOrigin,
          source: player,
          data: JSON.stringify({ event: "infoDelivery", info }),
        }),
      );
    return { post, times, ends, stop };
  }

  it("reports where the video is while it plays, and no place once it has played to its end", () => {
    const { post, times, ends, stop } = followedPlayer();
    post({ playerState: 1, currentTime: 755.2 });
    post({ currentTime: 759.9 });
    // At its end the player says where it stopped: the end is no place to go on from.
    post({ playerState: 0, currentTime: 760 });
    post({ currentTime: 760 });
    expect(times).toEqual([755.2, 759.9]);
    // Said once, with where it ended (for a video cut off there, to come back there).
    expect(ends).toEqual([760]);
    // Played again from the player's own replay button, its place counts again.
    post({ playerState: 1, currentTime: 2 });
    expect(times).toEqual([755.2, 759.9, 2]);
    stop();
  });
});
