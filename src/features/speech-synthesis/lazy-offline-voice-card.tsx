/**
 * The offline-voice card with its code fetched when it is shown (issue 22): Recognition shows it
 * under a result, Talk at the end of the page (`WhenNear`, or by itself once the page is idle, so
 * a screen reader's list of headings has it). Its code is in the service worker's
 * cache after the first visit; should it still fail to load, the page goes on without the card,
 * which could only save a voice with a connection anyway.
 */
import { lazy, Suspense, type ComponentType } from "react";
import type { SpeechLanguage } from "@/shared/speech-options";

type CardProps = { language: SpeechLanguage };

const nothing: ComponentType<CardProps> = () => null;

const OfflineVoiceCard = lazy(() =>
  import("@/features/speech-synthesis/offline-voice-card").then(
    (module) => ({ default: module.OfflineVoiceCard as ComponentType<CardProps> }),
    () => ({ default: nothing }),
  ),
);

export function LazyOfflineVoiceCard({ language }: CardProps) {
  return (
    <Suspense fallback={null}>
      <OfflineVoiceCard language={language} />
    </Suspense>
  );
}
