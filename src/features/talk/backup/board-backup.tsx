import { useEffect, useRef, useState } from "react";
import { Plural, useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import FileUploadIcon from "@mui/icons-material/FileUpload";
import { nativeNameOf } from "@/shared/languages";
import type { SpeechLanguage } from "@/shared/speech-options";
import type { Board, Boards } from "@/features/talk/board/board";
import { removePicturesOnceStored } from "@/features/talk/board/unused-pictures";
import { keepImportedPictures, picturesReplaced } from "@/features/talk/backup/backup-pictures";
import type { VoiceExamples } from "@/features/talk/my-voice/voice-examples";
import {
  boardsOf,
  languagesOf,
  parseBoardFile,
  tooLargeToRead,
  voiceOfImport,
  type BoardFileProblem,
  type BoardFileResult,
} from "@/features/talk/backup/board-file";
import { saveBoardFile, voiceInFile, voiceWaitMs } from "@/features/talk/backup/board-export";
import { OpenBoardTransfer } from "@/features/talk/backup/open-board-transfer";
import { ReplaceDialog } from "@/features/talk/backup/replace-dialog";
import { brand } from "@/lib/brand";
import { downloadFile } from "@/lib/download-file";
import { useKioskActive } from "@/lib/kiosk-flag";
import { formatList } from "@/lib/lists";
import { useFocusWhenDrawn } from "@/lib/use-focus-when-drawn";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { useLatest } from "@/lib/use-latest";

type Problem =
  BoardFileProblem | "unreadable" | "pictures-not-kept" | "not-imported" | "not-exported";

type Outcome =
  | { kind: "imported"; phraseCount: number }
  | { kind: "exported"; picturesLeftOut: number; voiceLeftOut: "not-read" | "late" | null }
  | { kind: "failed"; problem: Problem };

type ReadFile = Extract<BoardFileResult, { ok: true }>;

/**
 * Saves every board in one file, and reads such a file back in place of the current boards of
 * the languages it has, after asking; beside it, boards to and from other AAC apps.
 */
export function BoardBackup({
  boards,
  voice,
  voiceReadFailed,
  language,
  onImport,
  onOpenBoard,
}: {
  boards: Boards;
  /** What My voice learnt; null while it is still reading it from the device. */
  voice: VoiceExamples | null;
  /** The device failed to read what My voice learnt: the file goes without it, at once. */
  voiceReadFailed: boolean;
  /** The speech language in use: its board is the one saved for other apps. */
  language: SpeechLanguage;
  /** `voice` null: the file was saved without what My voice learnt, which stays as it is. */
  onImport: (boards: Boards, voice: VoiceExamples | null) => void;
  onOpenBoard: (
    language: SpeechLanguage,
    board: Board,
    renamed: ReadonlyMap<string, string>,
  ) => void;
}) {
  const { t } = useLingui();
  const kiosk = useKioskActive();
  const name = brand.name;
  const fileRef = useRef<HTMLInputElement>(null);
  const importButtonRef = useRef<HTMLButtonElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A file read and found good, waiting for the user to say it may replace their boards.
  const [pending, setPending] = useState<ReadFile | null>(null);
  const [importing, setImporting] = useState(false);
  // The dialog gone, the focus goes back to Import a board.
  const returnFocus = useFocusWhenDrawn(importButtonRef);
  // The boards as they are when the import's pictures have been kept, not when Replace was
  // pressed: a picture a board took up meanwhile is not erased.
  const latestBoards = useLatest(boards);

  const problemText: Record<Problem, string> = {
    "too-large": t`This file is too large to be a phrase board. Nothing was changed.`,
    "not-json": t`This file is not a phrase board saved by ${name}. Nothing was changed.`,
    "not-a-board": t`This file is not a phrase board saved by ${name}. Nothing was changed.`,
    "newer-version": t`This board was saved by a newer version of ${name}. Update the app, then try again. Nothing was changed.`,
    "bad-phrase": t`A phrase in this file is damaged. Nothing was changed.`,
    "too-many-phrases": t`This file has too many phrases for one board. Nothing was changed.`,
    "bad-voice": t`The voice examples in this file are damaged. Nothing was changed.`,
    "bad-picture": t`A picture in this file is damaged or too large. Nothing was changed.`,
    unreadable: t`The file could not be read. Nothing was changed.`,
    "pictures-not-kept": t`This device could not keep the pictures in this file: its storage may be full. Nothing was changed.`,
    "not-imported": t`The board could not be imported on this device. Check the connection and try again. Nothing was changed.`,
    "not-exported": t`The board could not be exported to a file. Nothing was lost: your boards are as they were. Try again.`,
  };

  const readFile = async (file: File) => {
    setOutcome(null);
    let text: string;
    try {
      // Checked before reading: a video chosen by mistake is not read into memory.
      if (await tooLargeToRead(file)) {
        setOutcome({ kind: "failed", problem: "too-large" });
        return;
      }
      text = await file.text();
    } catch {
      setOutcome({ kind: "failed", problem: "unreadable" });
      return;
    }
    const result = parseBoardFile(text, file.size);
    if (result.ok) setPending(result);
    else setOutcome({ kind: "failed", problem: result.problem });
  };

  const replaceBoards = async (file: ReadFile) => {
    setPending(null);
    setImporting(true);
    try {
      const imported = await keepImportedPictures(await boardsOf(file), file.pictures);
      if (!imported) {
        setOutcome({ kind: "failed", problem: "pictures-not-kept" });
        return;
      }
      const replaced = picturesReplaced(latestBoards.current, imported);
      // What My voice learnt goes with each board replaced, as the question said.
      onImport(imported, voiceOfImport(file, imported));
      removePicturesOnceStored(replaced);
      setOutcome({ kind: "imported", phraseCount: file.phraseCount });
    } catch {
      // A starter board's words not loading (offline, a language never shown here), the device's
      // storage failing: the boards are as they were, and the user is told.
      setOutcome({ kind: "failed", problem: "not-imported" });
    } finally {
      setImporting(false);
      returnFocus();
    }
  };

  // Export pressed and its file not saved yet. Asked for before My voice has read what it learnt
  // (a slow tablet, examples being made again after an update), the file waits for it, or it
  // would go without the user's voice. One file at a time: a second tap (a tremor) makes none.
  const [exportAsked, setExportAsked] = useState(false);
  // But not for ever (a store that never answers, My voice's code that never comes): after
  // voiceWaitMs the boards are saved without the voice, and the user is told. A file of the boards
  // they made is worth more than a wait with no end, or than no file. A read the device failed
  // is not waited for (`voiceInFile`).
  const [voiceWaitOver, setVoiceWaitOver] = useState(false);
  const inFile = voiceInFile(voice, voiceReadFailed, voiceWaitOver);
  const waitForVoice = inFile === "wait";
  useEffect(() => {
    if (!exportAsked || !waitForVoice) return;
    const timer = setTimeout(() => setVoiceWaitOver(true), voiceWaitMs);
    return () => clearTimeout(timer);
  }, [exportAsked, waitForVoice]);
  const readyToSave = !waitForVoice;
  useEffect(() => {
    if (!exportAsked || !readyToSave) return;
    void saveBoardFile({ boards, voice, language }, downloadFile).then((saved) => {
      setExportAsked(false);
      setVoiceWaitOver(false);
      setOutcome(
        saved.ok
          ? {
              kind: "exported",
              picturesLeftOut: saved.picturesLeftOut,
              voiceLeftOut: saved.voiceLeftOut ? (inFile === "not-read" ? inFile : "late") : null,
            }
          : { kind: "failed", problem: "not-exported" },
      );
    });
    // Once, when asked and the voice is there or waited for long enough (not again at each change
    // of it while it is made).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exportAsked, readyToSave]);

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Save your phrase boards and what My voice has learnt in one file, to keep a copy or to move them to a new phone. Recordings are not included. Importing a file replaces the boards it contains.`}
      </Typography>
      {/* The file would hold what a patient's voice taught, and outlast the privacy reset. */}
      {kiosk ? (
        <Typography sx={{ color: "text.secondary" }}>
          {t`This shared tablet does not save files, so nothing of yours stays on it for the next person.`}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        {kiosk ? null : (
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            // Stays focusable while the file is made, and makes no second file meanwhile.
            aria-disabled={exportAsked || undefined}
            onClick={
              exportAsked
                ? undefined
                : () => {
                    setOutcome(null);
                    setExportAsked(true);
                  }
            }
          >
            {t`Export the board`}
          </Button>
        )}
        <Button
          ref={importButtonRef}
          variant="outlined"
          startIcon={<FileUploadIcon />}
          // Stays focusable while the pictures are kept, and takes no second file meanwhile.
          aria-disabled={importing || undefined}
          onClick={importing ? undefined : () => fileRef.current?.click()}
        >
          {t`Import a board`}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t`Board file to import`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void readFile(file);
          }}
        />
      </Stack>
      <div role="status">
        {exportAsked ? (
          <Typography>
            {voice
              ? t`Making the board file…`
              : t`Getting what My voice has learnt… The file is saved once it is ready.`}
          </Typography>
        ) : null}
        {outcome?.kind === "exported" ? (
          <Alert
            role="none"
            severity={outcome.picturesLeftOut > 0 || outcome.voiceLeftOut ? "warning" : "success"}
          >
            {t`Board exported.`}
            {outcome.voiceLeftOut === "late"
              ? ` ${t`What My voice has learnt is not in the file: it could not be read in time. Reload the page, then export again to include it.`}`
              : null}
            {outcome.voiceLeftOut === "not-read"
              ? ` ${t`What My voice has learnt is not in the file: it could not be read on this device. Reload the page, then export again to include it.`}`
              : null}
            {outcome.picturesLeftOut > 0 ? (
              <>
                {" "}
                <Plural
                  value={outcome.picturesLeftOut}
                  one="# picture could not be included: its phrases are in the file without it."
                  other="# pictures could not be included: their phrases are in the file without them."
                />
              </>
            ) : null}
          </Alert>
        ) : null}
        {outcome?.kind === "imported" ? (
          <Alert role="none" severity="success">
            <Plural
              value={outcome.phraseCount}
              one="Board imported: # phrase."
              other="Board imported: # phrases."
            />
          </Alert>
        ) : null}
      </div>
      {outcome?.kind === "failed" ? (
        <Alert severity="error" role="alert">
          {problemText[outcome.problem]}
        </Alert>
      ) : null}
      <OpenBoardTransfer language={language} boards={boards} onOpen={onOpenBoard} />
      {pending ? (
        <ReplaceBoardsDialog
          file={pending}
          onReplace={() => void replaceBoards(pending)}
          onCancel={() => {
            setPending(null);
            returnFocus();
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Asks before a file takes the place of boards: a slip in the file picker must not cost the
 * user the boards they made and what My voice learnt.
 */
function ReplaceBoardsDialog({
  file,
  onReplace,
  onCancel,
}: {
  file: ReadFile;
  onReplace: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const languages = formatList(
    i18n.locale,
    languagesOf(file).map((language) => nativeNameOf(language)),
    "conjunction",
  );
  return (
    <ReplaceDialog
      title={t`Replace your boards?`}
      replaceLabel={t`Replace the boards`}
      onReplace={onReplace}
      onCancel={onCancel}
    >
      {file.voiceLeftOut ? (
        <Plural
          value={file.phraseCount}
          one={`The file has # phrase for ${languages}. It takes the place of your boards in these languages. It was saved without what My voice learnt, so what My voice learnt on this device stays as it is. Your boards in other languages stay as they are.`}
          other={`The file has # phrases for ${languages}. It takes the place of your boards in these languages. It was saved without what My voice learnt, so what My voice learnt on this device stays as it is. Your boards in other languages stay as they are.`}
        />
      ) : (
        <Plural
          value={file.phraseCount}
          one={`The file has # phrase for ${languages}. It takes the place of your boards in these languages, and of what My voice learnt for them. Your boards in other languages stay as they are.`}
          other={`The file has # phrases for ${languages}. It takes the place of your boards in these languages, and of what My voice learnt for them. Your boards in other languages stay as they are.`}
        />
      )}
    </ReplaceDialog>
  );
}
