/**
 * Dauys' phrase recogniser: learns the user's own way of saying their phrases from a few takes.
 * Pure TypeScript (no DOM, no Node APIs): the browser worker and the Node evaluator share it.
 */
export {
  extractFeatures,
  frameCount,
  offsetOf,
  takeStats,
  METHODS,
  FEATURES_FORMAT,
  FEATURES_FORMATS,
  NORMALISED_FRAMES,
} from "./features.ts";
export type {
  FeatureOptions,
  FeaturesFormat,
  Method,
  PhraseFeatures,
  TakeStats,
} from "./features.ts";
export { dtwDistance } from "./align.ts";
export {
  PhraseRecogniser,
  chooseVaried,
  MAX_EXAMPLES_PER_PHRASE,
  MAX_COUNTER_EXAMPLES,
  FAR_SCORE,
  RULE,
  BASELINE_THRESHOLD,
} from "./recogniser.ts";
export type {
  AcceptanceRule,
  Candidate,
  Decision,
  Example,
  ExampleOrigin,
  Recognition,
  RecogniserOptions,
} from "./recogniser.ts";
export { checkTake, MIN_VOICED_MS } from "./take-check.ts";
export type { TakeCheck, TakeCheckOptions, TakeProblem } from "./take-check.ts";
export { VoiceDetector } from "./voice-detector.ts";
export type {
  TakeEnd,
  VoiceDetectorOptions,
  VoiceDetectorState,
  VoiceEvent,
} from "./voice-detector.ts";
export {
  DEFAULT_TAKE_LIMITS,
  FIXED_RULE,
  learnTakeLimits,
  rememberTeachingTakes,
  TAKE_LIMIT_BOUNDS,
  TEACHING_LIMITS,
} from "./take-limits.ts";
export type { TakeHabit, TakeLimits, TeachingPace } from "./take-limits.ts";
export { serialiseFeatures, deserialiseFeatures, isOlderFormat } from "./serialise.ts";
export type { SerialisedFeatures } from "./serialise.ts";
export { decodeWav, encodeWav16, WavError } from "./wav-reader.ts";
export type { DecodedWav } from "./wav-reader.ts";
