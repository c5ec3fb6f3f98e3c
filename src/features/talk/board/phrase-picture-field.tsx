import { useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import SearchIcon from "@mui/icons-material/Search";
import { Button } from "@/components/button";
import type { PhraseSymbol } from "@/features/talk/board/board";
import { createPhotoKeeper } from "@/features/talk/board/phrase-photo";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import { SymbolPicker } from "@/features/talk/board/symbol-picker";

/**
 * The phrase's picture in the phrase dialog: what it is now, a symbol to choose by searching in
 * the user's language, a photo (taken now or chosen from the device's files, made small on the
 * device and kept there), or none.
 */
export function PhrasePictureField({
  symbol,
  onChange,
  onPictureKept,
  busy,
  onBusyChange,
}: {
  symbol: PhraseSymbol | undefined;
  onChange: (symbol: PhraseSymbol | undefined) => void;
  /** A photo was kept on the device for this phrase (erased again if the dialog is cancelled). */
  onPictureKept: (id: string) => void;
  /** A photo is being made smaller and kept: the phrase waits for it before it is saved. */
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const setBusy = onBusyChange;
  const [notice, setNotice] = useState("");
  const chooseButton = useRef<HTMLButtonElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [photos] = useState(createPhotoKeeper);
  // The dialog closed (Cancel): a photo still being made smaller is erased once it is ready.
  useEffect(() => () => photos.overtake(), [photos]);

  const keepPhoto = async (photo: File | undefined) => {
    if (!photo) return;
    setBusy(true);
    setNotice(t`Making the photo smaller…`);
    const kept = await photos.keep(photo);
    // What overtook the photo has said what the picture is, and ended the wait.
    if (kept === "overtaken") return;
    setBusy(false);
    if (kept === "too-large") setNotice(t`This file is too large for a picture.`);
    else if (kept === "not-a-picture")
      setNotice(t`This file is not a picture this device can show.`);
    else if (kept === "not-kept") setNotice(t`The photo could not be kept on this device.`);
    else {
      onPictureKept(kept.id);
      onChange({ set: "picture", id: kept.id });
      setNotice(t`The photo is the phrase's picture now.`);
    }
  };
  /** The user chose another picture, or none: a photo under way is not used. */
  const choose = (symbol: PhraseSymbol | undefined) => {
    photos.overtake();
    setBusy(false);
    onChange(symbol);
  };
  const photoInput = (ref: typeof cameraInput, capture: boolean) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture={capture ? "environment" : undefined}
      hidden
      onChange={(event) => {
        void keepPhoto(event.target.files?.[0]);
        event.target.value = "";
      }}
    />
  );

  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: "grid", gap: 1.5 }}
    >
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {t`Picture`}
      </Typography>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
        {symbol ? (
          <PhraseSymbolImage symbol={symbol} size="72px" />
        ) : (
          <Typography color="text.secondary">{t`No picture yet.`}</Typography>
        )}
        <Button
          ref={chooseButton}
          variant="outlined"
          startIcon={<SearchIcon />}
          aria-expanded={picking}
          onClick={() => setPicking(!picking)}
        >
          {t`Choose a symbol`}
        </Button>
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          disabled={busy}
          onClick={() => cameraInput.current?.click()}
        >
          {t`Take a photo`}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ImageOutlinedIcon />}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          {t`Choose a photo`}
        </Button>
        {photoInput(cameraInput, true)}
        {photoInput(fileInput, false)}
        {symbol ? (
          <Button
            variant="outlined"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => {
              choose(undefined);
              setNotice(t`The phrase has no picture now.`);
              // This button goes with the picture: the focus stays in the field.
              chooseButton.current?.focus();
            }}
          >
            {t`Remove the picture`}
          </Button>
        ) : null}
      </Stack>
      <Typography role="status" sx={{ minHeight: "1.5em" }}>
        {notice}
      </Typography>
      {picking ? (
        <SymbolPicker
          selected={symbol?.set === "openmoji" ? symbol.code : undefined}
          onChoose={(code, name) => {
            choose({ set: "openmoji", code });
            setNotice(t`Picture chosen: ${name}`);
            setPicking(false);
            chooseButton.current?.focus();
          }}
        />
      ) : null}
    </Box>
  );
}
