import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import { Alert } from "@/components/alert";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import type { SpeechFailure, useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import type { TalkSettings } from "@/features/talk/talk-settings";
import { visuallyHidden } from "@/theme/visually-hidden";
import { loadWhenOnline } from "@/lib/load-when-online";
import { lazyPart } from "@/components/lazy-part";
import { withCatalogParts } from "@/lib/i18n";

/**
 * The panel of what was said comes with the first thing said (with the speech engine, which is
 * loaded then too): a page nobody has tapped yet does not wait for it.
 */
const SaidPanel = lazyPart(() =>
  loadWhenOnline(() =>
    withCatalogParts(["talk-panels"], import("@/features/talk/speaking/said-panel")),
  )().then((module) => module.SaidPanel),
);

/**
 * The full-screen listener view comes with its code when there is something to show: its code is
 * fetched as soon as something has been said, so the tap that opens it does not wait.
 */
const loadListenerView = () =>
  withCatalogParts(["talk-panels"], import("@/features/talk/speaking/listener-view"));
const ListenerView = lazy(
  loadWhenOnline(() => loadListenerView().then((module) => ({ default: module.ListenerView }))),
);

/**
 * What is being said and what was said last, above the board: the status for screen readers, why
 * something could not be said, the large "said" panel and the listener's full-screen view.
 */
export function SaidArea({
  speech,
  turnForListener,
  onTurnChange,
}: {
  speech: ReturnType<typeof useTalkSpeech>;
  turnForListener: TalkSettings["turnForListener"];
  onTurnChange: (turnForListener: TalkSettings["turnForListener"]) => void;
}) {
  const { t } = useLingui();
  const [listenerOpen, setListenerOpen] = useState(false);
  const { said, say, status } = speech;
  const somethingSaid = said !== null;
  useEffect(() => {
    // A head start only: opening the listener view loads it again should this fail.
    if (somethingSaid) loadListenerView().catch(() => undefined);
  }, [somethingSaid]);
  // What is said appears here, above the board: the board stays under the finger (its code comes
  // after the page is drawn, before the first tap).
  const areaRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    import("@/lib/keep-pressed-in-place").then(
      ({ keepPressedInPlace }) => {
        if (!gone && areaRef.current) stop = keepPressedInPlace(areaRef.current);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, []);

  return (
    <Stack ref={areaRef} spacing={{ xs: 2.5, md: 3 }}>
      <div role="status" style={visuallyHidden}>
        {status.state === "speaking" && said ? t`Saying: ${said.text}` : ""}
      </div>
      {status.state === "failed" ? (
        <SpeechFailureAlert reason={status.reason} onClose={speech.dismissFailure} />
      ) : null}
      {said ? (
        <Suspense fallback={null}>
          <SaidPanel
            text={said.text}
            language={said.language}
            speaking={speech.speaking}
            turnForListener={turnForListener}
            onSayAgain={() => say(said.text, said.language)}
            onStop={speech.stop}
            onShowListener={() => setListenerOpen(true)}
            onTurnChange={onTurnChange}
          />
        </Suspense>
      ) : null}
      {listenerOpen && said ? (
        <Suspense fallback={null}>
          <ListenerView
            text={said.text}
            language={said.language}
            turned={turnForListener}
            onClose={() => setListenerOpen(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function SpeechFailureAlert({ reason, onClose }: { reason: SpeechFailure; onClose: () => void }) {
  const { t } = useLingui();
  // Closed, the focus goes on from the page's main content, not from its top.
  useFocusMainContentWhenLost();
  const message = {
    "nothing-to-say": t`There is nothing to read aloud in this text. Record or type some words.`,
    "no-voice": t`The voice for this language is not on this device yet. Connect to the internet once to load it; after that it works offline.`,
    failed: t`This could not be said aloud. Please try again.`,
  }[reason];
  return (
    <Alert severity="error" role="alert" onClose={onClose} closeText={t`Close`}>
      {message}
    </Alert>
  );
}
