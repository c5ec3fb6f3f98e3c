import {
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import MicIcon from "@mui/icons-material/Mic";
import KeyboardIcon from "@mui/icons-material/Keyboard";
import { BoardSection } from "@/features/talk/board/board-section";
import { boardFor, type Board } from "@/features/talk/board/board";
import {
  keepLoadingStarterTexts,
  onStarterTextsLoaded,
  starterTextsOf,
} from "@/features/talk/board/starter-phrases";
import type { History } from "@/features/talk/history/history";
import { SaidArea } from "@/features/talk/speaking/said-area";
import type { DeviceEngine } from "@/features/talk/speaking/speaker";
import { useTalkSpeech } from "@/features/talk/speaking/use-talk-speech";
import { useMyVoice } from "@/features/talk/my-voice/use-my-voice";
import {
  BoardBackup,
  HistorySection,
  LaterPanel,
  MyVoicePanel,
  ScanSettingsPanel,
  SwitchScanning,
  TypeToSpeakSection,
} from "@/features/talk/talk-panels";
import { defaultTalkSettings } from "@/features/talk/talk-defaults";
import { useTalkData } from "@/features/talk/use-talk-data";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import { useOnlineStatus } from "@/lib/use-online-status";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

const noHistory: History = [];
const noPhrases: Board = [];

/** Whether this language's starter phrases are here; asks for them when they are not. */
function useStarterTexts(language: SpeechLanguage): boolean {
  const here = useSyncExternalStore(
    onStarterTextsLoaded,
    () => starterTextsOf(language) !== undefined,
    () => starterTextsOf(language) !== undefined,
  );
  useEffect(() => {
    if (!here) void keepLoadingStarterTexts(language);
  }, [here, language]);
  return here;
}

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
  const { data, changeBoard, changeBoardIn, replaceBoardsIn, changeHistory, changeSettings } =
    useTalkData(interfaceLanguage);

  const settings = data?.settings ?? defaultTalkSettings(interfaceLanguage);
  const { language } = settings;
  const boards = data?.boards ?? {};
  // The page came with its own language's starter phrases; a board in another language waits for
  // its own (a moment, from the device), drawn busy meanwhile.
  const boardHere = useStarterTexts(language) || boards[language] !== undefined;
  const board = boardHere ? boardFor(boards, language) : noPhrases;
  const history = data?.history ?? noHistory;
  const voice = useMyVoice(language, board);
  const loaded = data !== null && boardHere;
  const speech = useTalkSpeech({
    loadEngine,
    warmLanguage: loaded ? language : undefined,
    settings,
    changeHistory,
  });
  const { say } = speech;
  // Switch scanning goes through everything in here (scanning/scan-targets.ts).
  const screenRef = useRef<HTMLDivElement>(null);
  // My voice's panel, which the Listen at the top brings into view, and the board, which My voice
  // brings into view when a take waits for the phrase meant to be tapped there.
  const myVoiceRef = useRef<HTMLDivElement>(null);
  const typeRef = useRef<HTMLDivElement>(null);
  // Presses of the Type at the top: each puts the focus in Type to speak's box, once it is there.
  const [typePresses, setTypePresses] = useState(0);
  const boardRef = useRef<HTMLDivElement>(null);
  const showBoard = useCallback(() => {
    // The first phrase takes the focus (for a keyboard or a screen reader), the board's top shows.
    boardRef.current?.querySelector<HTMLElement>("li button")?.focus({ preventScroll: true });
    boardRef.current?.scrollIntoView({ block: "start" });
  }, []);
  // Presses of the Listen at the top, and the last one My voice's panel (under the board) took:
  // kept here, so a panel drawn again (Try again after an error) does not take an old press.
  const [listenPresses, setListenPresses] = useState({ asked: 0, taken: 0 });
  // Switch scanning turned on in the settings on this page (not on when the page opened): it
  // waits for the switch to start. Chosen with an arrow key (the first choice after Off is One
  // switch), it took the focus away from the settings at once and around the screen for rounds.
  const [scanChosenHere, setScanChosenHere] = useState(false);
  const listenTaken = useCallback(
    (press: number) =>
      setListenPresses((presses) => ({ ...presses, taken: Math.max(presses.taken, press) })),
    [],
  );

  return (
    <Stack ref={screenRef} spacing={{ xs: 2.5, md: 3 }}>
      <SaidArea
        speech={speech}
        turnForListener={settings.turnForListener}
        onTurnChange={(turnForListener) => changeSettings({ turnForListener })}
      />

      {/* My voice's Listen and Type to speak's box within reach: under the board, they are
          screens away on a phone (a long scroll for a hand with a tremor). Listen brings My voice
          into view and listens; Type brings the box, with the focus in it. Switch scanning leaves
          them out: it reaches the panels themselves, and a step before the board in every round
          would slow those who never use them. */}
      <Stack direction="row" data-scan-skip sx={{ flexWrap: "wrap", gap: 2 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<MicIcon />}
          onClick={() => {
            myVoiceRef.current?.scrollIntoView({ block: "start" });
            setListenPresses((presses) => ({ ...presses, asked: presses.asked + 1 }));
          }}
          sx={{ minHeight: 56, px: 3 }}
        >
          {t`Listen`}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<KeyboardIcon />}
          onClick={() => {
            typeRef.current?.scrollIntoView({ block: "start" });
            setTypePresses((presses) => presses + 1);
          }}
          sx={{ minHeight: 56, px: 3 }}
        >
          {t`Type`}
        </Button>
      </Stack>

      <div ref={boardRef}>
        <BoardSection
          board={board}
          language={language}
          loaded={loaded}
          look={settings.boardLook}
          onLookChange={(boardLook) => changeSettings({ boardLook })}
          changeBoard={changeBoard}
          changeBoardIn={changeBoardIn}
          onLanguageChange={(next) => changeSettings({ language: next })}
          onSay={(phrase) => {
            say(phrase.text, language);
            voice.boardTapped(phrase);
          }}
          onDeleted={(phrase) => voice.phraseDeleted(phrase.id)}
          onRestored={(phrase) => voice.phraseRestored(phrase.id)}
        />
      </div>

      <LaterPanel title={t`My voice`} ref={myVoiceRef}>
        <MyVoicePanel
          voice={voice}
          listenPress={listenPresses.asked > listenPresses.taken ? listenPresses.asked : null}
          onListenTaken={listenTaken}
          board={board}
          language={language}
          pace={settings.takePace}
          onPaceChange={(takePace) => changeSettings({ takePace })}
          onSay={(phrase) => say(phrase.text, language)}
          said={speech.said}
          onStopSpeech={speech.stop}
          onRetractSpeech={speech.retract}
          onShowBoard={showBoard}
        />
      </LaterPanel>

      <LaterPanel title={t`Type to speak`} ref={typeRef}>
        <TypeToSpeakSection
          focusPress={typePresses}
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
          speech={speech}
          changeHistory={changeHistory}
          changeBoardIn={changeBoardIn}
        />
      </LaterPanel>

      <LaterPanel title={t`Backup`}>
        <BoardBackup
          boards={boards}
          voice={voice.all}
          voiceReadFailed={voice.readFailed}
          language={language}
          onImport={(imported, examples) => {
            replaceBoardsIn(imported);
            if (examples) voice.replaceLanguages(examples);
          }}
          onOpenBoard={(boardLanguage, opened, renamed) => {
            replaceBoardsIn({ [boardLanguage]: opened });
            voice.phrasesRenamed(boardLanguage, renamed);
            // The board opened is the one shown: Talk speaks its language from now on.
            if (boardLanguage !== language) changeSettings({ language: boardLanguage });
          }}
        />
      </LaterPanel>

      <LaterPanel title={t`Switch access`}>
        <ScanSettingsPanel
          settings={settings.scanning}
          onChange={(scanning) => {
            if (settings.scanning.mode === "off" && scanning.mode !== "off")
              setScanChosenHere(true);
            changeSettings({ scanning });
          }}
        />
      </LaterPanel>

      {offlineVoice(language)}

      {!online ? (
        <Alert severity="info">
          {t`You are offline. Phrases are said on this device; the voices you have used here work without a connection.`}
        </Alert>
      ) : null}

      {settings.scanning.mode !== "off" ? (
        <Suspense fallback={null}>
          <SwitchScanning
            rootRef={screenRef}
            settings={settings.scanning}
            startStopped={scanChosenHere}
            speech={speech}
            loadEngine={loadEngine}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
