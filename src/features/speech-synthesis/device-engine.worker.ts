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

let loaded: { packs: Set<ShippedVoicePack>; engine: Promise<SpeechEngine> } | undefined;

async function fetchPack(pack: ShippedVoicePack): Promise<Uint8Array> {
  const response = await fetch(`/voice-pack/${voicePackFileName(pack)}`);
  if (!response.ok) throw new Error(`voice pack ${pack}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function engineFor(languages: Language[]): Promise<SpeechEngine> {
  const needed = new Set(languages.flatMap(voicePacksFor));
  if (loaded && [...needed].every((pack) => loaded!.packs.has(pack))) return loaded.engine;
  const packs = new Set([...(loaded?.packs ?? []), ...needed]);
  const engine = Promise.all([...packs].map(fetchPack)).then((voicePacks) =>
    createSpeechEngine({ voicePacks }),
  );
  loaded = { packs, engine };
  // A failed load (offline before the packs were ever cached) may be retried later.
  engine.catch(() => {
    if (loaded?.engine === engine) loaded = undefined;
  });
  return engine;
}

const host: EngineHost = {
  engineFor,
  post: (response, transfer = []) => scope.postMessage(response, transfer),
};

scope.onmessage = (event: MessageEvent<EngineRequest>) => handleEngineRequest(host, event.data);
