/**
 * What the embedded YouTube player is doing, read from the messages it posts to the page once
 * it is told someone is listening (the protocol YouTube's own IFrame API speaks; the API script
 * itself is not loaded, so no third-party code runs in the page). The page marks the frame with
 * `data-media-playing` while the video plays and fires a media event, which is how kiosk mode
 * knows a patient watching a lesson is not idle, as it does for the app's own audio.
 */
export const embedOrigin = "https://www.youtube-nocookie.com";

/** The player's states (YouTube IFrame API): playing and buffering both mean someone watches. */
const playingStates = new Set([1, 3]);
const buffering = 3;
const ended = 0;
/**
 * How long buffering still counts as watching. A connection lost in the middle of a lesson leaves
 * the player buffering for good: on a clinic kiosk that held the idle timer, so no privacy reset
 * ever came for the next patient.
 */
export const maxBufferingMs = 60_000;

/** The message that asks the player to report its state. */
export const listeningMessage = JSON.stringify({ event: "listening", id: 1, channel: "widget" });

/** Reads a player message: `true` playing, `false` not playing, `null` nothing about it. */
export function playingFromMessage(data: unknown): boolean | null {
  const state = stateFromMessage(data);
  return state === null ? null : playingStates.has(state);
}

/** The player's state in a message, or `null` when it says nothing about it. */
function stateFromMessage(data: unknown): number | null {
  const { event, info } = readMessage(data);
  const state = event === "onStateChange" ? info : infoDelivered(event, info)?.playerState;
  return typeof state === "number" ? state : null;
}

/**
 * What a player message says of the video's place: `ended` whether it is over now (`endedBefore`:
 * whether it was before this message), and `time` where it is, or `null` when it says nothing.
 */
function placeFromMessage(
  data: unknown,
  endedBefore: boolean,
): { ended: boolean; time: number | null } {
  const state = stateFromMessage(data);
  return { ended: state === null ? endedBefore : state === ended, time: timeFromMessage(data) };
}

/** Where the video is (seconds) in a message, or `null` when it says nothing about it. */
function timeFromMessage(data: unknown): number | null {
  const { event, info } = readMessage(data);
  const time = infoDelivered(event, info)?.currentTime;
  return typeof time === "number" && Number.isFinite(time) && time >= 0 ? time : null;
}

function readMessage(data: unknown): { event?: unknown; info?: unknown } {
  let message: unknown = data;
  if (typeof data === "string") {
    try {
      message = JSON.parse(data);
    } catch {
      return {};
    }
  }
  return typeof message === "object" && message !== null ? message : {};
}

/** The fields of an `infoDelivery` (what changed) or `initialDelivery` (all of it). */
function infoDelivered(event: unknown, info: unknown): Record<string, unknown> | undefined {
  return (event === "infoDelivery" || event === "initialDelivery") &&
    typeof info === "object" &&
    info !== null
    ? (info as Record<string, unknown>)
    : undefined;
}

/**
 * How long a player that has not said a word is given before the page says the video has not
 * loaded: a network that blocks the video's host, or a connection that stalls while the browser
 * still says it is online, leaves the frame an error page or blank, and nothing else would say so.
 */
export const playerAnswerMs = 20_000;

/**
 * Follows `frame`'s player; returns the function that stops following. Stopping also clears the
 * mark, so a video taken off the page never holds the idle timer.
 * - `onTime` hears where the video is, as the player reports it (about every quarter second
 *   while it plays), and `onEnded` where it ended. A video at its end has no place to go on
 *   from: what the player reports there, and after it until it plays again, is not a place;
 * - `onAnswer` hears false when the player has said nothing for `playerAnswerMs`, and true when
 *   it speaks after that.
 */
export function followEmbeddedPlayback(
  frame: HTMLIFrameElement,
  {
    onTime,
    onEnded,
    onAnswer,
  }: {
    onTime?: (seconds: number) => void;
    onEnded?: (seconds: number) => void;
    onAnswer?: (answered: boolean) => void;
  } = {},
): () => void {
  let answered = false;
  let silent = false;
  const silence = setTimeout(() => {
    silent = true;
    onAnswer?.(false);
  }, playerAnswerMs);
  let playing = false;
  const report = (now: boolean) => {
    if (now === playing) return;
    playing = now;
    if (now) frame.dataset.mediaPlaying = "";
    else delete frame.dataset.mediaPlaying;
    // Media events do not bubble; listeners catch them on the way down (capture).
    frame.dispatchEvent(new Event(now ? "playing" : "pause"));
  };
  // The player listens only once its own code has started, some time after the frame's load
  // event: the page says it is listening every 250 ms until the player first speaks (for at most
  // 15 s), as YouTube's own IFrame API does. Said once, it could go unheard, and a patient watching
  // a lesson would be taken for idle.
  let asking: ReturnType<typeof setInterval> | undefined;
  const stopAsking = () => clearInterval(asking);
  let lastState: number | null = null;
  let stalled: ReturnType<typeof setTimeout> | undefined;
  let stalledOut = false;
  let atEnd = false;
  let lastTime = 0;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== embedOrigin || event.source !== frame.contentWindow) return;
    stopAsking();
    if (!answered) {
      answered = true;
      clearTimeout(silence);
      if (silent) onAnswer?.(true);
    }
    const place = placeFromMessage(event.data, atEnd);
    if (place.time !== null) lastTime = place.time;
    if (place.ended && !atEnd) onEnded?.(lastTime);
    else if (!place.ended && place.time !== null) onTime?.(place.time);
    atEnd = place.ended;
    const state = stateFromMessage(event.data);
    if (state === null) return;
    // Buffering for longer than `maxBufferingMs` (reported again and again, or not at all) is no
    // longer taken for watching.
    if (state !== buffering) {
      clearTimeout(stalled);
      stalledOut = false;
    } else if (lastState !== buffering) {
      stalled = setTimeout(() => {
        stalledOut = true;
        report(false);
      }, maxBufferingMs);
    }
    lastState = state;
    report(playingStates.has(state) && !stalledOut);
  };
  const ask = () => frame.contentWindow?.postMessage(listeningMessage, embedOrigin);
  const onLoad = () => {
    stopAsking();
    ask();
    let asked = 1;
    asking = setInterval(() => {
      if (++asked > 60) stopAsking();
      else ask();
    }, 250);
  };
  window.addEventListener("message", onMessage);
  frame.addEventListener("load", onLoad);
  return () => {
    stopAsking();
    clearTimeout(stalled);
    clearTimeout(silence);
    window.removeEventListener("message", onMessage);
    frame.removeEventListener("load", onLoad);
    delete frame.dataset.mediaPlaying;
    if (playing) document.dispatchEvent(new Event("emptied"));
  };
}
