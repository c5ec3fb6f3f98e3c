import { useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Button } from "@/components/button";
import type { PhraseSymbol } from "@/features/talk/board/board";
import { PhraseSymbolImage } from "@/features/talk/board/phrase-symbol-image";
import { SymbolPicker } from "@/features/talk/board/symbol-picker";

/**
 * The phrase's picture in the phrase dialog: what it is now, a symbol to choose by searching in
 * the user's language, or none.
 */
export function PhrasePictureField({
  symbol,
  onChange,
}: {
  symbol: PhraseSymbol | undefined;
  onChange: (symbol: PhraseSymbol | undefined) => void;
}) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState("");
  const chooseButton = useRef<HTMLButtonElement>(null);

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
        {symbol ? (
          <Button
            variant="outlined"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => {
              onChange(undefined);
              setNotice(t`The phrase has no picture now.`);
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
            onChange({ set: "openmoji", code });
            setNotice(t`Picture chosen: ${name}`);
            setPicking(false);
            chooseButton.current?.focus();
          }}
        />
      ) : null}
    </Box>
  );
}
