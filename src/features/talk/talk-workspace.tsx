import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Box from "@mui/material/Box";
import { BoardSection } from "@/features/talk/board/board-section";
import { boardFor } from "@/features/talk/board/board";
import type { History } from "@/features/talk/history/history";
import { SaidPanel } from "@/features/talk/speaking/said-panel";
import type { DeviceEngine } from "@/features/talk/speaking/speaker";
import { SectionPanel } from "@/components/section-panel";
import { defaultTalkSettings } from "@/features/talk/talk-settings";
import { useMyVoice } from "@/features/talk/my-voice/use-my-voice";
import { useTalkData } from "@/features/talk/use-talk-data";
import { useTalkSpeech, type SpeechFailure } from "@/features/talk/speaking/use-talk-speech";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import { useOnlineStatus } from "@/lib/use-online-status";
import { visuallyHidden } from "@/theme/visually-hidden";
import { drawnWhenNear } from "@/theme/drawn-when-near";
import { Alert } from "@/components/alert";
import { lazyPart } from "@/components/lazy-part";
import { withCatalogParts } from "@/lib/i18n";
import { WhenNear } from "@/components/when-near";

const noHistory: History = [];

/** The panels' code with their messages (the talk-panels catalog part). */
const withMessages = <Module,>(module: Promise<Module>) =>
  withCatalogParts(["talk-panels"], module);

/**
 * The panels under the board come with their code when the reader nears them, or once the page
 * is live and the browser idle (issue 22): a patient opening Talk wants the board, and it is
 * live without waiting for them.
 */
const MyVoicePanel = lazyPart(() =>
  withMessages(import("@/features/talk/my-voice/my-voice-panel")).then(
    (module) => module.MyVoicePanel,
  ),
);
const TypeToSpeakSection = lazyPart(() =>
  withMessages(import("@/features/talk/speaking/type-to-speak")).then(
    (module) => module.TypeToSpeakSection,
  ),
);
const HistorySection = lazyPart(() =>
  withMessages(import("@/features/talk/history/talk-history")).then(
    (module) => module.HistorySection,
  ),
);
const BoardBackup = lazyPart(() =>
  withMessages(import("@/features/talk/backup/board-backup")).then((module) => module.BoardBackup),
);

/** A panel under the board whose content comes later (see above). */
function LaterPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={drawnWhenNear(600)}>
      <SectionPanel compact title={title}>
        <WhenNear orWhenIdle>{children}</WhenNear>
      </SectionPanel>
    </Box>
  );
}

/**
 * The full-screen listener view comes with its code when there is something to show: its code is
 * fetched as soon as something has been said, so the tap that opens it does not wait.
 */
const loadListenerView = () => import("@/features/talk/speaking/listener-view");
const ListenerView = lazy(() =>
  loadListenerView().then((module) => ({ default: module.ListenerView })),
);

/**
 * The Talk screen: one tap on a phrase, or Enter in the text box, and the device says it. What
 * was said shows large, can be shown full screen to the listener, and goes into the history.
 * The on-device engine and the offline-voice card come from the app (features stay apart).
 */
export function TalkWorkspace({
  loadEngine,
  offlineVoice,
}: {
  loadEngine: () => Promise<DeviceEngine>;
  offlineVoice: (language: SpeechLanguage) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const online = useOnlineStatus();
  const interfaceLanguage: SpeechLanguage = isSpeechLanguage(i18n.locale) ? i18n.locale : "en";
  const { data, changeBoard, replaceBoards, changeHistory, changeSettings } =
    useTalkData(interfaceLanguage);
  const [listenerOpen, setListenerOpen] = useState(false);

  const settings = data?.settings ?? defaultTalkSettings(interfaceLanguage);
  const { language } = settings;
  const boards = data?.boards ?? {};
  const board = boardFor(boards, language);
  const history = data?.history ?? noHistory;
  const voice = useMyVoice(language, board);
  const loaded = data !== null;
  const speech = useTalkSpeech({
    loadEngine,
    warmLanguage: loaded ? language : undefined,
    settings,
    changeHistory,
  });
  const { said, say } = speech;
  const somethingSaid = said !== null;
  useEffect(() => {
    if (somethingSaid) void loadListenerView();
  }, [somethingSaid]);

  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <div role="status" style={visuallyHidden}>
        {speech.status.state === "speaking" && said ? t`Saying: ${said.text}` : ""}
      </div>
      {speech.status.state === "failed" ? (
        <SpeechFailureAlert reason={speech.status.reason} onClose={speech.dismissFailure} />
      ) : null}
      {said ? (
        <SaidPanel
          text={said.text}
          language={said.language}
          speaking={speech.speaking}
          turnForListener={settings.turnForListener}
          onSayAgain={() => say(said.text, said.language)}
          onStop={speech.stop}
          onShowListener={() => setListenerOpen(true)}
          onTurnChange={(turnForListener) => changeSettings({ turnForListener })}
        />
      ) : null}

      <BoardSection
        board={board}
        language={language}
        loaded={loaded}
        changeBoard={changeBoard}
        onLanguageChange={(next) => changeSettings({ language: next })}
        onSay={(phrase) => {
          say(phrase.text, language);
          voice.boardTapped(phrase);
        }}
        onDeleted={(phrase) => voice.setPhrase(phrase.id, undefined)}
      />

      <LaterPanel title={t`My voice`}>
        <MyVoicePanel
          voice={voice}
          board={board}
          language={language}
          pace={settings.takePace}
          onPaceChange={(takePace) => changeSettings({ takePace })}
          onSay={(phrase) => say(phrase.text, language)}
          onStopSpeech={speech.stop}
        />
      </LaterPanel>

      <LaterPanel title={t`Type to speak`}>
        <TypeToSpeakSection
          history={history}
          board={board}
          language={language}
          settings={settings}
          speech={speech}
          changeSettings={changeSettings}
        />
      </LaterPanel>

      <LaterPanel title={t`History`}>
        <HistorySection
          history={history}
          boards={boards}
          say={say}
          changeHistory={changeHistory}
          replaceBoards={replaceBoards}
        />
      </LaterPanel>

      <LaterPanel title={t`Backup`}>
        <BoardBackup
          boards={boards}
          voice={voice.all}
          onImport={(imported, examples) => {
            replaceBoards(imported);
            voice.replaceAll(examples);
          }}
        />
      </LaterPanel>

      {offlineVoice(language)}

      {!online ? (
        <Alert severity="info">
          {t`You are offline. Phrases are said on this device; the voices you have used here work without a connection.`}
        </Alert>
      ) : null}

      {listenerOpen && said ? (
        <Suspense fallback={null}>
          <ListenerView
            text={said.text}
            language={said.language}
            turned={settings.turnForListener}
            onClose={() => setListenerOpen(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function SpeechFailureAlert({ reason, onClose }: { reason: SpeechFailure; onClose: () => void }) {
  const { t } = useLingui();
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
