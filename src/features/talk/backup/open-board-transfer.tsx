import { useRef, useState } from "react";
import { Plural, useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import FileUploadIcon from "@mui/icons-material/FileUpload";
import { nativeNameOf } from "@/shared/languages";
import type { SpeechLanguage } from "@/shared/speech-options";
import { boardFor, type Board, type Boards } from "@/features/talk/board/board";
import type { OpenBoardProblem } from "@/features/talk/backup/open-board";
import { pictureForFile } from "@/features/talk/backup/backup-pictures";
import { ReplaceDialog } from "@/features/talk/backup/replace-dialog";
import {
  OpenedSummary,
  SavedSummary,
  type Opened,
  type Saved,
} from "@/features/talk/backup/open-board-outcome";
import { brand } from "@/lib/brand";
import { downloadFile } from "@/lib/download-file";
import { useKioskActive } from "@/lib/kiosk-flag";
import { useFocusWhenDrawn } from "@/lib/use-focus-when-drawn";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { useLatest } from "@/lib/use-latest";

type Problem = OpenBoardProblem | "unreadable" | "not-kept" | "not-saved";

type Outcome =
  | { kind: "working" }
  | ({ kind: "opened" } & Opened)
  | ({ kind: "saved" } & Saved)
  | { kind: "refused"; problem: Problem };

// The format's code (zip, schema) loads when it is first used, not with the Backup panel.
const loadOpenBoard = () =>
  Promise.all([
    import("@/features/talk/backup/open-board"),
    import("@/features/talk/backup/open-board-export"),
    import("@/features/talk/backup/open-board-device"),
    import("@/features/talk/board/phrase-picture-writes"),
    import("@/features/talk/board/unused-pictures"),
    import("@/features/talk/backup/board-language-words"),
  ]);

/** The biggest file read at all; the same limit as open-board-schema.ts's, without loading it. */
const maxFileBytes = 50 * 1024 * 1024;

/**
 * Boards to and from other AAC apps (Cboard, CoughDrop) in the Open Board Format: opening one
 * replaces the board of its language; saving writes the current language's board as a set.
 */
export function OpenBoardTransfer({
  language,
  boards,
  onOpen,
}: {
  language: SpeechLanguage;
  boards: Boards;
  /** `renamed`: the replaced board's phrases the opened one has the words of (old id to new). */
  onOpen: (language: SpeechLanguage, board: Board, renamed: ReadonlyMap<string, string>) => void;
}) {
  const { t } = useLingui();
  // No file on a clinic's shared tablet: it would outlast the privacy reset (board-backup.tsx).
  const kiosk = useKioskActive();
  const fileRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const working = outcome?.kind === "working";

  const problemText: Record<Problem, string> = {
    // Over 50 MB for a set, or 20 MB for one board: the same for the user.
    "too-large": t`This file is too large to be a phrase board. Nothing was changed.`,
    "not-open-board": t`This file is not an Open Board file (.obf or .obz). Nothing was changed.`,
    "newer-version": t`This board uses a newer version of the Open Board Format than this app reads. Nothing was changed.`,
    damaged: t`This board file is damaged: some of it is missing or of the wrong kind. Nothing was changed.`,
    "unsafe-path": t`This file points to places outside itself, which a board never does, so it was refused. Nothing was changed.`,
    "too-large-unpacked": t`This file unpacks to far more than a board needs, so it was refused. Nothing was changed.`,
    "picture-too-large": t`A picture in this board is over 5 MB. Make it smaller in the other app, then try again. Nothing was changed.`,
    "too-many-boards": t`This set has more than 200 boards, more than can be read. Nothing was changed.`,
    "too-many-phrases": t`This board has more than 300 phrases, more than one board here holds. Nothing was changed.`,
    "no-phrases": t`This board has no phrases to say. Nothing was changed.`,
    unreadable: t`The file could not be read. Nothing was changed.`,
    "not-kept": t`The pictures could not be kept on this device (its storage may be full). Nothing was changed.`,
    "not-saved": t`The board could not be saved for another app. Nothing was lost: your board is as it was. Try again.`,
  };

  // The question "Replace your board?" while it is asked, with the way to answer it.
  const [asking, setAsking] = useState<{
    language: SpeechLanguage;
    phraseCount: number;
    answer: (replace: boolean) => void;
  } | null>(null);
  const askToReplace = (boardLanguage: SpeechLanguage, phraseCount: number) =>
    new Promise<boolean>((resolve) =>
      setAsking({
        language: boardLanguage,
        phraseCount,
        answer: (replace) => {
          setAsking(null);
          returnFocus();
          resolve(replace);
        },
      }),
    );
  const openButtonRef = useRef<HTMLButtonElement>(null);
  // The dialog gone, the focus goes back to the button that opened the file.
  const returnFocus = useFocusWhenDrawn(openButtonRef);
  const askedLanguage = asking ? nativeNameOf(asking.language) : "";

  const latestBoards = useLatest(boards);

  const openFile = async (file: File) => {
    if (file.size > maxFileBytes) {
      setOutcome({ kind: "refused", problem: "too-large" });
      return;
    }
    setOutcome({ kind: "working" });
    try {
      setOutcome(await openBoardFile(file));
    } catch {
      // Anything unforeseen (the format's code not loading offline, the file gone while read)
      // still ends the work and says so, instead of leaving "Working on the board…".
      setOutcome({ kind: "refused", problem: "unreadable" });
    }
  };

  const openBoardFile = async (file: File): Promise<Outcome | null> => {
    const [bytes, modules] = await Promise.all([
      file.arrayBuffer().then((buffer) => new Uint8Array(buffer)),
      loadOpenBoard(),
    ]);
    const [
      { readOpenBoard, keepOpenBoard, picturesLeftBehind, phrasesWithSameWords },
      ,
      { fetchPicture },
      pictures,
      { removePicturesOnceStored },
      { categoryByName },
    ] = modules;
    const read = await readOpenBoard(bytes, {
      fallbackLanguage: language,
      categoryFor: await categoryByName(),
      fetchPicture,
    });
    if (!read.ok) return { kind: "refused", problem: read.problem };
    // A board the user changed is theirs: asked before it goes (the starter board is not).
    const own = latestBoards.current[read.imported.language];
    if (own && !(await askToReplace(read.imported.language, read.imported.phrases.length))) {
      return null;
    }
    // A picture bigger than the board shows, or one a board backup could not carry (GIF, SVG),
    // is kept small, as a board file takes it; one that cannot be made small is kept as it came.
    const kept = await keepOpenBoard(read.imported, {
      savePicture: async (picture) =>
        pictures.savePicture((await pictureForFile(picture)) ?? picture),
      removePictures: pictures.removePictures,
    });
    if (!kept.ok) return { kind: "refused", problem: "not-kept" };
    const { imported } = read;
    const replaced = boardFor(latestBoards.current, imported.language);
    onOpen(imported.language, kept.board, phrasesWithSameWords(replaced, kept.board));
    // The boards as they are now: pictures may have been fetched for a while.
    removePicturesOnceStored(
      picturesLeftBehind(latestBoards.current, imported.language, kept.board),
    );
    return {
      kind: "opened",
      language: imported.language,
      languageFromFile: imported.languageFromFile,
      phraseCount: kept.board.length,
      pictureCount: kept.pictureCount,
      leftOut: imported.leftOut,
    };
  };

  const save = async () => {
    setOutcome({ kind: "working" });
    try {
      const [, { writeOpenBoardSet }, { pictureForExport, symbolForExport }, , , { setWordsIn }] =
        await loadOpenBoard();
      const written = await writeOpenBoardSet({
        language,
        board: boardFor(boards, language),
        name: `${brand.name}: ${nativeNameOf(language)}`,
        ...(await setWordsIn(language)),
        readPicture: pictureForExport,
        readSymbol: symbolForExport,
      });
      downloadFile(
        new Blob([written.bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }),
        `${brand.name.replace(/[^\p{L}\p{N}]+/gu, "-").toLowerCase()}-board-${language}.obz`,
      );
      setOutcome({ kind: "saved", ...written });
    } catch {
      // The format's code not loading offline, too little memory for the zip: no file was made.
      setOutcome({ kind: "refused", problem: "not-saved" });
    }
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="open-board-title">
      <Typography id="open-board-title" component="h3" variant="subtitle1">
        {t`Boards of other AAC apps`}
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Cboard, CoughDrop and other AAC apps share boards as Open Board files. Opening one replaces the phrase board of its language; its pictures are kept on this device.`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        <Button
          ref={openButtonRef}
          variant="outlined"
          startIcon={<FileUploadIcon />}
          // Both buttons stay focusable while a board is worked on, and take no press meanwhile.
          aria-disabled={working || undefined}
          onClick={working ? undefined : () => fileRef.current?.click()}
        >
          {t`Open a board from another app (.obf, .obz)`}
        </Button>
        {kiosk ? null : (
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            aria-disabled={working || undefined}
            onClick={working ? undefined : () => void save()}
          >
            {t`Save for another app (.obz)`}
          </Button>
        )}
        <input
          ref={fileRef}
          type="file"
          accept=".obf,.obz,application/json,application/zip"
          hidden
          aria-label={t`Open Board file to open`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void openFile(file);
          }}
        />
      </Stack>
      <div role="status">
        {outcome?.kind === "working" ? <Typography>{t`Working on the board…`}</Typography> : null}
        {outcome?.kind === "opened" ? <OpenedSummary {...outcome} /> : null}
        {outcome?.kind === "saved" ? <SavedSummary {...outcome} /> : null}
      </div>
      {outcome?.kind === "refused" ? (
        <Alert severity="error" role="alert">
          {problemText[outcome.problem]}
        </Alert>
      ) : null}
      {asking ? (
        <ReplaceDialog
          title={t`Replace your board in ${askedLanguage}?`}
          replaceLabel={t`Replace the board`}
          onReplace={() => asking.answer(true)}
          onCancel={() => asking.answer(false)}
        >
          <Plural
            value={asking.phraseCount}
            one={`The board in this file has # phrase. It takes the place of your board in ${askedLanguage}, with the changes you made to it.`}
            other={`The board in this file has # phrases. It takes the place of your board in ${askedLanguage}, with the changes you made to it.`}
          />
        </ReplaceDialog>
      ) : null}
    </Stack>
  );
}
