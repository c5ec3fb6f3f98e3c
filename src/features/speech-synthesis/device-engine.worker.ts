/// <reference lib="webworker" />
/**
 * A module Web Worker hosting one warm eSpeak NG engine, so synthesis never runs on the UI
 * thread. It fetches only the voice packs a language needs (the service worker caches them
 * after first use); when Russian is first asked for, the engine is rebuilt with its add-on.
 */
import { createSpeechEngine, type SpeechEngine } from "./engine/espeak-engine.ts";
import {
  voicePackFileName,
  voicePacksFor,
  type Language,
  type ShippedVoicePack,
} from "./engine/voice-pack.ts";
import { encodeWav } from "./engine/wav.ts";

export type DeviceEngineRequest =
  | { id: number; type: "prepare"; languages: Language[] }
  | {
      id: number;
      type: "synthesize";
      text: string;
      language: Language;
      rate?: number;
      pitch?: number;
    };

export type DeviceEngineResponse =
  | { id: number; ok: true; type: "prepare" }
  | {
      id: number;
      ok: true;
      type: "synthesize";
      wav: Uint8Array<ArrayBuffer>;
      sampleRate: number;
      durationMs: number;
    }
  | { id: number; ok: false; error: string };

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

scope.onmessage = async (event: MessageEvent<DeviceEngineRequest>) => {
  const request = event.data;
  try {
    if (request.type === "prepare") {
      await engineFor(request.languages);
      scope.postMessage({
        id: request.id,
        ok: true,
        type: "prepare",
      } satisfies DeviceEngineResponse);
      return;
    }
    const engine = await engineFor([request.language]);
    const { samples, sampleRate } = engine.synthesizeSync(request.text, request.language, {
      rate: request.rate,
      pitch: request.pitch,
    });
    const wav = encodeWav(samples, sampleRate) as Uint8Array<ArrayBuffer>;
    const response: DeviceEngineResponse = {
      id: request.id,
      ok: true,
      type: "synthesize",
      wav,
      sampleRate,
      durationMs: (samples.length * 1000) / sampleRate,
    };
    scope.postMessage(response, [wav.buffer]);
  } catch (error) {
    scope.postMessage({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies DeviceEngineResponse);
  }
};
