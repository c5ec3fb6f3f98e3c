/// <reference lib="webworker" />
/**
 * My voice's recogniser in a Web Worker, so feature extraction and alignment never hold up the
 * page. It keeps one board's examples (the phrases of the language the board speaks) and
 * answers take checks and recognitions; the page owns storage and sends what is stored. When
 * it is given more examples than it keeps, it says which it kept (the page stores those).
 */
import { deserialiseFeatures, serialiseFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import { checkTake, type TakeProblem } from "@/shared/phrase-recogniser/take-check.ts";
import { extractFeatures } from "@/shared/phrase-recogniser/features.ts";
import { decodeWav } from "@/shared/phrase-recogniser/wav-reader.ts";
import {
  PhraseRecogniser,
  type ExampleOrigin,
  type Recognition,
} from "@/shared/phrase-recogniser/recogniser.ts";

export type StoredExampleFeatures = {
  features: SerialisedFeatures;
  origin: ExampleOrigin;
  addedAt: number;
};

export type VoiceWorkerRequest =
  | { id: number; type: "load"; phrases: Record<string, StoredExampleFeatures[]> }
  | { id: number; type: "set-examples"; phraseId: string; examples: StoredExampleFeatures[] }
  /** Which of a stored list past the caps to keep, as "set-examples" would: no phrase changes. */
  | { id: number; type: "choose"; examples: StoredExampleFeatures[] }
  | {
      id: number;
      type: "check-take";
      samples: Float32Array;
      sampleRate: number;
      others: SerialisedFeatures[];
    }
  | { id: number; type: "recognise"; samples: Float32Array; sampleRate: number }
  | { id: number; type: "is-far"; phraseId: string; features: SerialisedFeatures }
  /** Features made again from a kept recording (a WAV file), after a change of method. */
  | { id: number; type: "remake"; wav: ArrayBuffer };

export type VoiceWorkerResponse =
  | { id: number; ok: true; type: "done" }
  /** The phrases whose stored examples this recogniser cannot read (another method or format). */
  | { id: number; ok: true; type: "loaded"; unreadable: string[] }
  /** Indices of the examples given that were kept. */
  | { id: number; ok: true; type: "kept"; kept: number[] }
  | { id: number; ok: true; type: "far"; far: boolean }
  | { id: number; ok: true; type: "features"; features: SerialisedFeatures }
  | {
      id: number;
      ok: true;
      type: "take";
      problem: TakeProblem | null;
      features: SerialisedFeatures;
    }
  | {
      id: number;
      ok: true;
      type: "recognition";
      recognition: Recognition;
      features: SerialisedFeatures;
      ms: number;
    }
  | { id: number; ok: false; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const recogniser = new PhraseRecogniser();

const readExamples = (examples: StoredExampleFeatures[]) =>
  examples.map((example) => ({
    features: deserialiseFeatures(example.features),
    origin: example.origin,
    addedAt: example.addedAt,
  }));

const setExamples = (phraseId: string, examples: StoredExampleFeatures[]): number[] =>
  recogniser.setExamples(phraseId, readExamples(examples));

function answer(request: VoiceWorkerRequest): VoiceWorkerResponse {
  switch (request.type) {
    case "load": {
      for (const phraseId of recogniser.phraseIds()) recogniser.removePhrase(phraseId);
      // One phrase that cannot be read leaves it out, not the phrases after it.
      const unreadable: string[] = [];
      for (const [phraseId, examples] of Object.entries(request.phrases)) {
        try {
          setExamples(phraseId, examples);
        } catch {
          unreadable.push(phraseId);
        }
      }
      recogniser.refreshSpace();
      return { id: request.id, ok: true, type: "loaded", unreadable };
    }
    case "set-examples": {
      const kept = setExamples(request.phraseId, request.examples);
      recogniser.refreshSpace();
      return { id: request.id, ok: true, type: "kept", kept };
    }
    case "choose":
      return {
        id: request.id,
        ok: true,
        type: "kept",
        kept: recogniser.chooseExamples(readExamples(request.examples)),
      };
    case "is-far":
      return {
        id: request.id,
        ok: true,
        type: "far",
        far: recogniser.isFar(request.phraseId, deserialiseFeatures(request.features)),
      };
    case "check-take": {
      const typical = recogniser.typicalSpread();
      const check = checkTake(request.samples, request.sampleRate, {
        others: request.others.map((features) => deserialiseFeatures(features)),
        ...(Number.isFinite(typical) ? { typicalSpread: typical } : {}),
        compare: (a, b) => recogniser.compare(a, b),
      });
      return {
        id: request.id,
        ok: true,
        type: "take",
        problem: check.problem ?? null,
        features: serialiseFeatures(check.features),
      };
    }
    case "remake": {
      const wav = decodeWav(new Uint8Array(request.wav));
      return {
        id: request.id,
        ok: true,
        type: "features",
        features: serialiseFeatures(extractFeatures(wav.samples, wav.sampleRate)),
      };
    }
    case "recognise": {
      const started = performance.now();
      const features = extractFeatures(request.samples, request.sampleRate);
      const recognition = recogniser.recognise(features);
      return {
        id: request.id,
        ok: true,
        type: "recognition",
        recognition,
        features: serialiseFeatures(features),
        ms: performance.now() - started,
      };
    }
  }
}

scope.onmessage = (event: MessageEvent<VoiceWorkerRequest>) => {
  try {
    scope.postMessage(answer(event.data));
  } catch (error) {
    scope.postMessage({
      id: event.data.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies VoiceWorkerResponse);
  }
};
