/// <reference lib="webworker" />
/**
 * A module Web Worker hosting the phrase recogniser, so feature extraction and alignment never run
 * on the UI thread. The page owns storage (IndexedDB): it loads the stored examples here, and
 * every change answers with the phrase's examples as they are now, in their storable form.
 */
import {
  checkTake,
  deserialiseFeatures,
  extractFeatures,
  PhraseRecogniser,
  serialiseFeatures,
  type ExampleOrigin,
  type Recognition,
  type SerialisedFeatures,
  type TakeProblem,
  type TakeStats,
} from "@/shared/phrase-recogniser/index.ts";

export type StoredExample = {
  features: SerialisedFeatures;
  origin: ExampleOrigin;
  addedAt: number;
};

export type RecogniserRequest =
  | { id: number; type: "load"; phrases: { phraseId: string; examples: StoredExample[] }[] }
  /** Checks a take against the phrase's other takes and, when it is fine, keeps it as an example. */
  | { id: number; type: "enrol"; phraseId: string; samples: Float32Array; sampleRate: number }
  /** Checks a take without keeping it. */
  | { id: number; type: "checkTake"; phraseId?: string; samples: Float32Array; sampleRate: number }
  /** A confirmed answer becomes another example (the features come from "recognise"). */
  | { id: number; type: "confirm"; phraseId: string; features: SerialisedFeatures }
  | { id: number; type: "remove"; phraseId: string }
  | { id: number; type: "recognise"; samples: Float32Array; sampleRate: number };

export type TakeReport = { ok: boolean; problem?: TakeProblem; stats: TakeStats };

export type RecogniserResponse =
  | { id: number; ok: true; type: "load"; phrases: number }
  | { id: number; ok: true; type: "enrol"; take: TakeReport; examples: StoredExample[] }
  | { id: number; ok: true; type: "checkTake"; take: TakeReport }
  | { id: number; ok: true; type: "confirm"; examples: StoredExample[] }
  | { id: number; ok: true; type: "remove" }
  | {
      id: number;
      ok: true;
      type: "recognise";
      recognition: Recognition;
      features: SerialisedFeatures;
    }
  | { id: number; ok: false; error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const recogniser = new PhraseRecogniser();

const stored = (phraseId: string): StoredExample[] =>
  recogniser.examples(phraseId).map((e) => ({
    features: serialiseFeatures(e.features),
    origin: e.origin,
    addedAt: e.addedAt,
  }));

function takeReport(phraseId: string | undefined, samples: Float32Array, sampleRate: number) {
  const others = phraseId ? recogniser.examples(phraseId).map((e) => e.features) : [];
  const check = checkTake(samples, sampleRate, {
    others,
    typicalSpread: recogniser.typicalSpread(),
  });
  const take: TakeReport = {
    ok: check.ok,
    ...(check.problem ? { problem: check.problem } : {}),
    stats: check.stats,
  };
  return { take, features: check.features };
}

function handle(request: RecogniserRequest): RecogniserResponse {
  const { id } = request;
  switch (request.type) {
    case "load":
      for (const phraseId of recogniser.phraseIds()) recogniser.removePhrase(phraseId);
      for (const { phraseId, examples } of request.phrases)
        recogniser.setExamples(
          phraseId,
          examples.map((e) => ({
            features: deserialiseFeatures(e.features),
            origin: e.origin,
            addedAt: e.addedAt,
          })),
        );
      return { id, ok: true, type: "load", phrases: recogniser.phraseIds().length };
    case "enrol": {
      const { take, features } = takeReport(request.phraseId, request.samples, request.sampleRate);
      if (take.ok) recogniser.addExample(request.phraseId, features, "taught");
      return { id, ok: true, type: "enrol", take, examples: stored(request.phraseId) };
    }
    case "checkTake":
      return {
        id,
        ok: true,
        type: "checkTake",
        take: takeReport(request.phraseId, request.samples, request.sampleRate).take,
      };
    case "confirm":
      recogniser.addExample(request.phraseId, deserialiseFeatures(request.features), "confirmed");
      return { id, ok: true, type: "confirm", examples: stored(request.phraseId) };
    case "remove":
      recogniser.removePhrase(request.phraseId);
      return { id, ok: true, type: "remove" };
    case "recognise": {
      const features = extractFeatures(request.samples, request.sampleRate);
      return {
        id,
        ok: true,
        type: "recognise",
        recognition: recogniser.recognise(features),
        features: serialiseFeatures(features),
      };
    }
  }
}

scope.addEventListener("message", (event: MessageEvent<RecogniserRequest>) => {
  let response: RecogniserResponse;
  try {
    response = handle(event.data);
  } catch (error) {
    response = {
      id: event.data.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    };
  }
  scope.postMessage(response);
});
