/// <reference lib="webworker" />
/**
 * A module Web Worker hosting one warm eSpeak NG engine, so synthesis never runs on the UI
 * thread. It fetches only the voice packs a language needs (the service worker caches them
 * after first use); when Russian is first asked for, the engine is rebuilt with its add-on.
 */
import { createSpeechEngine, type SpeechEngine } from "@/shared/speech-engine/espeak-engine";
import {
  voicePackFileName,
  voicePacksFor,
  type Language,
  type ShippedVoicePack,
} from "@/shared/speech-engine/voice-pack";
import {
  handleEngineRequest,
  type EngineHost,
  type EngineRequest,
} from "@/shared/speech-engine/engine-host";

const scope = self as unknown as DedicatedWorkerGlobalScope;

type Loaded = { packs: Set<ShippedVoicePack>; engine: Promise<SpeechEngine> };

/** The engine built last: the languages its packs cover are said with it, also while… */
let ready: Loaded | undefined;
/** …one with more packs loads (a language asked for the first time in this visit). */
let loading: Loaded | undefined;

/**
 * A download that brings no byte for this long has stalled (a connection that hangs without
 * going offline): it fails, and the next request asks for it again. Without a limit, every
 * phrase in its language would wait on it, silent, until a reload.
 */
const stallMs = 15_000;

async function fetchPack(pack: ShippedVoicePack): Promise<Uint8Array> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stillComing = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`voice pack ${pack}: stalled`)), stallMs);
  };
  stillComing();
  try {
    const response = await fetch(`/voice-pack/${voicePackFileName(pack)}`, {
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`voice pack ${pack}: HTTP ${response.status}`);
    if (!response.body) return new Uint8Array(await response.arrayBuffer());
    // Read as it comes, each piece putting the limit off again.
    const reader = response.body.getReader();
    const chunks: BlobPart[] = [];
    for (;;) {
      stillComing();
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    return new Uint8Array(await new Blob(chunks).arrayBuffer());
  } finally {
    clearTimeout(timer);
  }
}

const covers = (state: Loaded, needed: Set<ShippedVoicePack>) =>
  [...needed].every((pack) => state.packs.has(pack));

function engineFor(languages: Language[]): Promise<SpeechEngine> {
  const needed = new Set(languages.flatMap(voicePacksFor));
  if (ready && covers(ready, needed)) return ready.engine;
  if (loading && covers(loading, needed)) return loading.engine;
  const packs = new Set([...(ready?.packs ?? []), ...(loading?.packs ?? []), ...needed]);
  const state: Loaded = {
    packs,
    engine: Promise.all([...packs].map(fetchPack)).then((voicePacks) =>
      createSpeechEngine({ voicePacks }),
    ),
  };
  loading = state;
  state.engine.then(
    () => {
      if (loading === state) loading = undefined;
      // Unless one with packs this lacks was built meanwhile.
      if (!ready || covers(state, ready.packs)) ready = state;
    },
    // A failed load (offline before the packs were ever cached, or stalled) may be retried
    // later; the engine that worked goes on working.
    () => {
      if (loading === state) loading = undefined;
    },
  );
  return state.engine;
}

const host: EngineHost = {
  engineFor,
  post: (response, transfer = []) => scope.postMessage(response, transfer),
};

scope.onmessage = (event: MessageEvent<EngineRequest>) => handleEngineRequest(host, event.data);
