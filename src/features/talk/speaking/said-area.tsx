import { lazy, Suspense, useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import type { useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import type { TalkSettings } from "@/features/talk/talk-settings";
import { visuallyHidden } from "@/theme/visually-hidden";
import { loadWhenOnline } from "@/lib/load-when-online";
import { useLaterBehaviour } from "@/lib/use-later-behaviour";
import { lazyPart } from "@/components/lazy-part";
import { withCatalogParts } from "@/lib/i18n";

/**
 * The panel of what was said comes with the first thing said (with the speech engine, which is
 * loaded then too): a page nobody has tapped yet does not wait for it.
 */
const loadSaidPanel = loadWhenOnline(() =>
  withCatalogParts(["talk-panels"], import("@/features/talk/speaking/said-panel")),
);
const SaidPanel = lazyPart(() => loadSaidPanel().then((module) => module.SaidPanel));
/** Why something could not be said: with the panel's code, which the first try brings. */
const SpeechFailureAlert = lazyPart(() =>
  loadSaidPanel().then((module) => module.SpeechFailureAlert),
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
  const areaRef = useLaterBehaviour<HTMLDivElement>(() =>
    import("@/lib/keep-pressed-in-place").then(({ keepPressedInPlace }) => keepPressedInPlace),
  );

  return (
    <Stack ref={areaRef} spacing={{ xs: 2.5, md: 3 }}>
      <div role="status" style={visuallyHidden}>
        {status.state === "speaking" && said ? t`Saying: ${said.text}` : ""}
      </div>
      {status.state === "failed" ? (
        <Suspense fallback={null}>
          <SpeechFailureAlert reason={status.reason} onClose={speech.dismissFailure} />
        </Suspense>
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
