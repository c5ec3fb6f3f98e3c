import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import type { PhraseSymbol } from "@/features/talk/board/board";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { openMojiUrl } from "@/shared/openmoji";

/**
 * A phrase's picture: an OpenMoji symbol, or the user's own picture read from the device. It is
 * decoration beside the phrase's words (which name the button), so it has no text of its own. A
 * picture that cannot be shown (a symbol never seen before, offline) leaves no broken image.
 */
export function PhraseSymbolImage({ symbol, size }: { symbol: PhraseSymbol; size: string }) {
  const source = useSymbolSource(symbol);
  const [failed, setFailed] = useState<string | undefined>();
  if (!source || failed === source) return null;
  return (
    <Box
      component="img"
      src={source}
      alt=""
      width={96}
      height={96}
      decoding="async"
      draggable={false}
      onError={() => setFailed(source)}
      sx={{ display: "block", width: size, height: "auto", aspectRatio: "1", objectFit: "cover" }}
    />
  );
}

function useSymbolSource(symbol: PhraseSymbol): string | undefined {
  const pictureId = symbol.set === "picture" ? symbol.id : undefined;
  const [picture, setPicture] = useState<{ id: string; url: string } | undefined>();
  useEffect(() => {
    if (!pictureId) return;
    let url: string | undefined;
    let cancelled = false;
    void readPicture(pictureId).then((blob) => {
      if (cancelled || !blob) return;
      url = URL.createObjectURL(blob);
      setPicture({ id: pictureId, url });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [pictureId]);
  if (symbol.set === "openmoji") return openMojiUrl(symbol.code);
  return picture && picture.id === pictureId ? picture.url : undefined;
}
