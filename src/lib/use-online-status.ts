/**
 * Whether the app can count on the network. The browser's `navigator.onLine` says only whether
 * there is a network at all; on an unstable connection it stays true while requests stall. So
 * the parts of the app that talk to the server report a request that timed out
 * (`reportConnectionTimeout`) and one that got an answer (`reportConnectionAnswer`): from a
 * timeout until the next answer, the connection counts as unreliable and the app behaves as
 * offline (connection-check.ts asks the server, meanwhile, whether it answers again).
 */
import { useSyncExternalStore } from "react";

export type ConnectionStatus = "online" | "offline" | "unreliable";

let unreliable = false;
let waitingForNetwork = false;
const listeners = new Set<() => void>();

function setUnreliable(value: boolean) {
  if (unreliable === value) return;
  unreliable = value;
  for (const listener of listeners) listener();
}

/**
 * A request to the server got no answer in time although the browser says it is online. The
 * connection counts as unreliable until a request is answered, or the network comes back after
 * the browser lost it (a page that makes no requests would otherwise never hear it works again).
 */
export function reportConnectionTimeout(): void {
  if (!waitingForNetwork && typeof window !== "undefined") {
    waitingForNetwork = true;
    window.addEventListener(
      "online",
      () => {
        waitingForNetwork = false;
        setUnreliable(false);
      },
      { once: true },
    );
  }
  setUnreliable(true);
}

/** A request to the server was answered (whatever the answer): the connection works again. */
export function reportConnectionAnswer(): void {
  setUnreliable(false);
}

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  listeners.add(onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
    listeners.delete(onChange);
  };
}

function connectionStatus(): ConnectionStatus {
  if (!navigator.onLine) return "offline";
  return unreliable ? "unreliable" : "online";
}

/** Online, offline, or online by the browser's word but with requests timing out. */
export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribe, connectionStatus, () => "online");
}

/** True while the browser reports a network connection and requests are being answered. */
export function useOnlineStatus(): boolean {
  return useConnectionStatus() === "online";
}
