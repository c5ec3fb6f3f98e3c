// worker_threads entry for the pool's tests: the real engine worker (engine-worker.ts), except
// that a text holding `hangingText` is never answered, as a job stuck in the engine would not be.
// Since the engine refuses an audio longer than 600 s (src/shared/audio-length.ts), no real text
// keeps a fast machine's engine busy past a test's time limit.

import { parentPort } from "node:worker_threads";
import type { EngineRequest } from "../../src/shared/speech-engine/engine-host.ts";

export const hangingText = "[the engine hangs on this]";

// Imported by the tests for `hangingText` only; the rest runs in the worker thread.
if (parentPort) {
  const port = parentPort;
  const on = port.on.bind(port) as (event: string, listener: (value: unknown) => void) => void;
  port.on = ((event: string, listener: (value: unknown) => void) => {
    on(event, (value) => {
      const request = value as EngineRequest;
      if (event === "message" && request.type === "synthesize") {
        if (request.text.includes(hangingText)) return;
      }
      listener(value);
    });
    return port;
  }) as typeof port.on;
  await import("./engine-worker.ts");
}
