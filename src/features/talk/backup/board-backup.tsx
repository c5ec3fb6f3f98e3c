import { useRef, useState } from "react";
import { Plural, useLingui } from "@lingui/react/macro";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import FileDownloadIcon from "@mui/icons-material/FileDownload";
import FileUploadIcon from "@mui/icons-material/FileUpload";
import type { SpeechLanguage } from "@/shared/speech-options";
import { picturesOf, type Board, type Boards } from "@/features/talk/board/board";
import { removePictures } from "@/features/talk/board/phrase-pictures";
import { keepImportedPictures, readBoardPictures } from "@/features/talk/backup/backup-pictures";
import type { VoiceExamples } from "@/features/talk/my-voice/voice-examples";
import {
  boardFileName,
  exportBoards,
  parseBoardFile,
  type BoardFileProblem,
} from "@/features/talk/backup/board-file";
import { OpenBoardTransfer } from "@/features/talk/backup/open-board-transfer";
import { brand } from "@/lib/brand";
import { downloadFile } from "@/lib/download-file";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

type Outcome =
  { ok: true; phraseCount: number } | { ok: false; problem: BoardFileProblem | "unreadable" };

/**
 * Saves every board in one file, and reads such a file back in place of the current boards;
 * beside it, boards to and from other AAC apps.
 */
export function BoardBackup({
  boards,
  voice,
  language,
  onImport,
  onOpenBoard,
}: {
  boards: Boards;
  voice: VoiceExamples;
  /** The speech language in use: its board is the one saved for other apps. */
  language: SpeechLanguage;
  onImport: (boards: Boards, voice: VoiceExamples) => void;
  onOpenBoard: (language: SpeechLanguage, board: Board) => void;
}) {
  const { t } = useLingui();
  const name = brand.name;
  const fileRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const problemText: Record<BoardFileProblem | "unreadable", string> = {
    "too-large": t`This file is too large to be a phrase board. Nothing was changed.`,
    "not-json": t`This file is not a phrase board saved by ${name}. Nothing was changed.`,
    "not-a-board": t`This file is not a phrase board saved by ${name}. Nothing was changed.`,
    "newer-version": t`This board was saved by a newer version of ${name}. Update the app, then try again. Nothing was changed.`,
    "bad-phrase": t`A phrase in this file is damaged. Nothing was changed.`,
    "too-many-phrases": t`This file has too many phrases for one board. Nothing was changed.`,
    "bad-voice": t`The voice examples in this file are damaged. Nothing was changed.`,
    "bad-picture": t`A picture in this file is damaged or too large. Nothing was changed.`,
    unreadable: t`The file could not be read. Nothing was changed.`,
  };

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ ok: false, problem: "unreadable" });
      return;
    }
    const result = parseBoardFile(text, file.size);
    if (!result.ok) {
      setOutcome(result);
      return;
    }
    const imported = await keepImportedPictures(result.boards, result.pictures);
    // The pictures of the boards the file replaces are erased from the device.
    const allPictures = (of: Boards) =>
      Object.values(of).flatMap((board: Board) => picturesOf(board));
    const kept = new Set(allPictures(imported));
    void removePictures(allPictures(boards).filter((id) => !kept.has(id)));
    onImport(imported, result.voice);
    setOutcome({ ok: true, phraseCount: result.phraseCount });
  };

  const exportFile = async () => {
    const pictures = await readBoardPictures(boards);
    downloadFile(
      new Blob([exportBoards(boards, voice, new Date(), pictures)], { type: "application/json" }),
      boardFileName,
    );
  };

  return (
    <Stack spacing={2}>
      <Typography sx={{ color: "text.secondary" }}>
        {t`Save your phrase boards and what My voice has learnt in one file, to keep a copy or to move them to a new phone. Recordings are not included. Importing a file replaces the boards it contains.`}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          onClick={() => void exportFile()}
        >
          {t`Export the board`}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileUploadIcon />}
          onClick={() => fileRef.current?.click()}
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
            if (file) void importFile(file);
          }}
        />
      </Stack>
      <div role="status">
        {outcome?.ok ? (
          <Alert role="none" severity="success">
            <Plural
              value={outcome.phraseCount}
              one="Board imported: # phrase."
              other="Board imported: # phrases."
            />
          </Alert>
        ) : null}
      </div>
      {outcome && !outcome.ok ? (
        <Alert severity="error" role="alert">
          {problemText[outcome.problem]}
        </Alert>
      ) : null}
      <OpenBoardTransfer language={language} boards={boards} onOpen={onOpenBoard} />
    </Stack>
  );
}
