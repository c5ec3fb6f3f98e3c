import { useEffect, useMemo, useState, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import CheckIcon from "@mui/icons-material/Check";
import EditIcon from "@mui/icons-material/Edit";
import { BoardBackup } from "@/features/talk/board-backup";
import {
  addPhrase,
  boardFor,
  boardHasText,
  cleanPhraseText,
  deletePhrase,
  editPhrase,
  movePhrase,
  newPhraseId,
  pinPhrase,
  reinsertPhrase,
  restoreStarters,
  toggleFavourite,
  type Phrase,
  type PhraseDraft,
} from "@/features/talk/board";
import { clearHistory, deleteEntry, recordSaid, type History } from "@/features/talk/history";
import { ListenerView } from "@/features/talk/listener-view";
import { PhraseBoard, type BoardActions } from "@/features/talk/phrase-board";
import { PhraseDialog } from "@/features/talk/phrase-dialog";
import { SaidPanel } from "@/features/talk/said-panel";
import { createSpeaker, StaleRequestError, type DeviceEngine } from "@/features/talk/speaker";
import { TalkHistory } from "@/features/talk/talk-history";
import { defaultTalkSettings } from "@/features/talk/talk-settings";
import { TalkPanel } from "@/features/talk/talk-panel";
import { TypeToSpeak } from "@/features/talk/type-to-speak";
import { MyVoicePanel } from "@/features/talk/my-voice-panel";
import { useMyVoice } from "@/features/talk/use-my-voice";
import { useTalkData } from "@/features/talk/use-talk-data";
import { buildVocabulary } from "@/features/talk/word-completion";
import { languages } from "@/lib/i18n";
import {
  isSpeechLanguage,
  NothingToSpeakError,
  speechLanguages,
  type SpeechLanguage,
} from "@/lib/speech-options";
import { useOnlineStatus } from "@/lib/use-online-status";
import { visuallyHidden } from "@/theme/visually-hidden";

type SpeechStatus =
  | { state: "idle" }
  | { state: "preparing" }
  | { state: "speaking" }
  | { state: "failed"; reason: "nothing-to-say" | "no-voice" | "failed" };

const noHistory: History = [];

type Said = { text: string; language: SpeechLanguage };
type Deleted = { phrase: Phrase; index: number; language: SpeechLanguage };

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
  const [status, setStatus] = useState<SpeechStatus>({ state: "idle" });
  const [speaker] = useState(() =>
    createSpeaker(loadEngine, () =>
      setStatus((current) => (current.state === "speaking" ? { state: "idle" } : current)),
    ),
  );
  useEffect(() => () => speaker.dispose(), [speaker]);
  const [text, setText] = useState("");
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<{ mode: "add" } | { mode: "edit"; phrase: Phrase } | null>(
    null,
  );
  const [said, setSaid] = useState<Said | null>(null);
  const [listenerOpen, setListenerOpen] = useState(false);
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [notice, setNotice] = useState("");

  const settings = data?.settings ?? defaultTalkSettings(interfaceLanguage);
  const { language } = settings;
  const board = boardFor(data?.boards ?? {}, language);
  const history = data?.history ?? noHistory;
  const voice = useMyVoice(language, board);

  // The engine and this language's voice load while the user looks at the board.
  const loaded = data !== null;
  useEffect(() => {
    if (loaded) void speaker.warm(language).catch(() => undefined);
  }, [loaded, language, speaker]);

  const vocabulary = useMemo(
    () =>
      buildVocabulary([
        ...history.filter((entry) => entry.language === language).map((entry) => entry.text),
        ...board.map((phrase) => phrase.text),
      ]),
    [history, board, language],
  );

  const say = (words: string, sayLanguage: SpeechLanguage) => {
    const clean = cleanPhraseText(words);
    if (!clean) return;
    setSaid({ text: clean, language: sayLanguage });
    setStatus({ state: "preparing" });
    setNotice("");
    speaker
      .speak({ text: clean, language: sayLanguage, rate: settings.rate, pitch: settings.pitch })
      .then(() => {
        setStatus({ state: "speaking" });
        changeHistory((current) =>
          recordSaid(current, {
            id: crypto.randomUUID(),
            text: clean,
            language: sayLanguage,
            saidAt: Date.now(),
          }),
        );
      })
      .catch((error: unknown) => {
        if (error instanceof StaleRequestError) return;
        const reason =
          error instanceof NothingToSpeakError
            ? "nothing-to-say"
            : !navigator.onLine
              ? "no-voice"
              : "failed";
        setStatus({ state: "failed", reason });
      });
  };

  const stop = () => {
    speaker.stop();
    setStatus({ state: "idle" });
  };

  const boardActions: BoardActions = {
    onSay: (phrase) => say(phrase.text, language),
    onAdd: () => setDialog({ mode: "add" }),
    onEdit: (phrase) => setDialog({ mode: "edit", phrase }),
    onDelete: (phrase) => {
      setDeleted({ phrase, index: board.indexOf(phrase), language });
      changeBoard((current) => deletePhrase(current, phrase.id));
      voice.setPhrase(phrase.id, undefined);
    },
    onMove: (phrase, direction) =>
      changeBoard((current) => movePhrase(current, phrase.id, direction)),
    onToggleFavourite: (phrase) => changeBoard((current) => toggleFavourite(current, phrase.id)),
    onRestore: () => {
      changeBoard((current) => restoreStarters(current, language));
      setNotice(t`The starter phrases are back.`);
    },
  };

  const savePhrase = (draft: PhraseDraft) => {
    if (dialog?.mode === "edit") {
      const { id } = dialog.phrase;
      changeBoard((current) => editPhrase(current, id, draft));
    } else {
      changeBoard((current) => addPhrase(current, draft, newPhraseId()));
    }
    setDialog(null);
  };

  const failure =
    status.state === "failed"
      ? {
          "nothing-to-say": t`There is nothing to read aloud in this text. Record or type some words.`,
          "no-voice": t`The voice for this language is not on this device yet. Connect to the internet once to load it; after that it works offline.`,
          failed: t`This could not be said aloud. Please try again.`,
        }[status.reason]
      : null;
  const speaking = status.state === "speaking" || status.state === "preparing";

  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <div role="status" style={visuallyHidden}>
        {status.state === "speaking" && said ? t`Saying: ${said.text}` : ""}
      </div>
      {failure ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setStatus({ state: "idle" })}
          closeText={t`Close`}
        >
          {failure}
        </Alert>
      ) : null}
      {said ? (
        <SaidPanel
          text={said.text}
          language={said.language}
          speaking={speaking}
          turnForListener={settings.turnForListener}
          onSayAgain={() => say(said.text, said.language)}
          onStop={stop}
          onShowListener={() => setListenerOpen(true)}
          onTurnChange={(turnForListener) => changeSettings({ turnForListener })}
        />
      ) : null}

      <TalkPanel
        title={t`Phrase board`}
        busy={!loaded}
        actions={
          <Stack
            direction="row"
            sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center", maxWidth: "100%" }}
          >
            <TextField
              select
              label={t`Speak in`}
              value={language}
              onChange={(event) => {
                if (isSpeechLanguage(event.target.value)) {
                  changeSettings({ language: event.target.value });
                }
              }}
              slotProps={{ select: { native: true } }}
              sx={{ minWidth: 180, maxWidth: "100%" }}
            >
              {speechLanguages.map((code) => (
                <option key={code} value={code}>
                  {languages.find((item) => item.code === code)?.nativeName ?? code}
                </option>
              ))}
            </TextField>
            <Button
              variant={editing ? "contained" : "outlined"}
              aria-pressed={editing}
              startIcon={editing ? <CheckIcon /> : <EditIcon />}
              onClick={() => setEditing(!editing)}
            >
              {editing ? t`Done editing` : t`Edit the board`}
            </Button>
          </Stack>
        }
      >
        <Stack spacing={2}>
          <div role="status">
            {deleted ? (
              <Alert
                severity="info"
                action={
                  <Button
                    color="inherit"
                    onClick={() => {
                      const { phrase, index } = deleted;
                      if (deleted.language === language) {
                        changeBoard((current) => reinsertPhrase(current, phrase, index));
                      }
                      setDeleted(null);
                    }}
                  >
                    {t`Undo`}
                  </Button>
                }
              >
                {t`Deleted: ${deleted.phrase.text}`}
              </Alert>
            ) : notice ? (
              <Alert severity="success">{notice}</Alert>
            ) : null}
          </div>
          <div lang={language}>
            <PhraseBoard board={board} editing={editing} actions={boardActions} />
          </div>
        </Stack>
      </TalkPanel>

      <TalkPanel title={t`My voice`}>
        <MyVoicePanel
          voice={voice}
          board={board}
          language={language}
          onSay={(phrase) => say(phrase.text, language)}
        />
      </TalkPanel>

      <TalkPanel title={t`Type to speak`}>
        <TypeToSpeak
          text={text}
          language={language}
          vocabulary={vocabulary}
          rate={settings.rate}
          pitch={settings.pitch}
          speaking={speaking}
          onTextChange={setText}
          onSpeak={() => say(text, language)}
          onStop={stop}
          onRateChange={(rate) => changeSettings({ rate })}
          onPitchChange={(pitch) => changeSettings({ pitch })}
        />
      </TalkPanel>

      <TalkPanel title={t`History`}>
        <TalkHistory
          history={history}
          isOnBoard={(entry) =>
            boardHasText(boardFor(data?.boards ?? {}, entry.language), entry.text)
          }
          onSay={(entry) => say(entry.text, entry.language)}
          onPin={(entry) => {
            const target = boardFor(data?.boards ?? {}, entry.language);
            replaceBoards({
              ...(data?.boards ?? {}),
              [entry.language]: pinPhrase(target, entry.text, newPhraseId()),
            });
          }}
          onDelete={(entry) => changeHistory((current) => deleteEntry(current, entry.id))}
          onClear={() => changeHistory(() => clearHistory())}
        />
      </TalkPanel>

      <TalkPanel title={t`Backup`}>
        <BoardBackup
          boards={data?.boards ?? {}}
          voice={voice.all}
          onImport={(boards, examples) => {
            replaceBoards(boards);
            voice.replaceAll(examples);
          }}
        />
      </TalkPanel>

      {offlineVoice(language)}

      {!online ? (
        <Alert severity="info">
          {t`You are offline. Phrases are said on this device; the voices you have used here work without a connection.`}
        </Alert>
      ) : null}

      {dialog ? (
        <PhraseDialog
          mode={dialog.mode}
          initial={
            dialog.mode === "edit"
              ? { text: dialog.phrase.text, category: dialog.phrase.category }
              : { text: "", category: "mine" }
          }
          onSave={savePhrase}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {listenerOpen && said ? (
        <ListenerView
          text={said.text}
          language={said.language}
          turned={settings.turnForListener}
          onClose={() => setListenerOpen(false)}
        />
      ) : null}
    </Stack>
  );
}
