import { useEffect, useState, type ReactNode } from "react";
import Box from "@mui/material/Box";
import type { PhraseSymbol } from "@/features/talk/board/board";
import { readPicture } from "@/features/talk/board/phrase-pictures";
import { openMojiUrl } from "@/shared/openmoji";
import { visuallyHidden } from "@/theme/visually-hidden";

/**
 * A phrase's picture: an OpenMoji symbol, or the user's own picture read from the device. It is
 * decoration beside the phrase's words (which name the button), so it has no text of its own. A
 * picture that cannot be shown (a symbol never seen before, offline) leaves no broken image.
 */
export function PhraseSymbolImage({
  symbol,
  size,
  words,
  wordsHidden,
}: {
  symbol: PhraseSymbol;
  size: string;
  /** The phrase's words after the picture, and whether only the picture shows (a board of pictures). */
  words?: ReactNode;
  wordsHidden?: boolean;
}) {
  const source = useSymbolSource(symbol);
  const [failed, setFailed] = useState<string | null>();
  // A picture that cannot be shown (its photo gone, a symbol that does not load) leaves the words.
  const missing = source === null || failed === source;
  const image =
    source && !missing ? (
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
    ) : null;
  if (words === undefined) return image;
  return (
    <>
      {image}
      <Box component="span" sx={wordsHidden && !missing ? visuallyHidden : undefined}>
        {words}
      </Box>
    </>
  );
}

/** Where the picture is; null when it is not on the device, undefined until that is known. */
function useSymbolSource(symbol: PhraseSymbol): string | null | undefined {
  const pictureId = symbol.set === "picture" ? symbol.id : undefined;
  const [picture, setPicture] = useState<{ id: string; url: string | null } | undefined>();
  useEffect(() => {
    if (!pictureId) return;
    let url: string | undefined;
    let cancelled = false;
    void readPicture(pictureId).then((blob) => {
      if (cancelled) return;
      url = blob && URL.createObjectURL(blob);
      setPicture({ id: pictureId, url: url ?? null });
    });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [pictureId]);
  if (symbol.set === "openmoji") return openMojiUrl(symbol.code);
  return picture && picture.id === pictureId ? picture.url : undefined;
}
