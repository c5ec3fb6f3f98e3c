import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Button } from "@/components/button";
import { TextField } from "@/components/text-field";
import { loadSymbolIndex } from "@/features/talk/board/symbol-index-loader";
import { searchKeptSymbols, searchSymbols } from "@/features/talk/board/symbol-search";
import { useConnectionStatus } from "@/lib/use-online-status";
import { openMojiUrl } from "@/shared/openmoji";
import { keptSymbolCodes } from "@/shared/symbol-cache";
import type { SymbolIndex } from "@/shared/symbol-index";

type IndexState =
  | { status: "loading"; retrying?: boolean }
  | { status: "failed" }
  | { status: "ready"; index: SymbolIndex };

const resultsStyle = {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(64px, 1fr))",
  gap: 1,
  maxHeight: 300,
  overflowY: "auto",
  p: 0.5,
  m: 0,
} as const;

const symbolButtonStyle = {
  width: "100%",
  minWidth: 56,
  minHeight: 64,
  p: 0.5,
  "&[aria-pressed='true']": { outline: "3px solid", outlineColor: "primary.main" },
} as const;

const symbolNameStyle = {
  fontSize: "0.8125rem",
  lineHeight: 1.2,
  textAlign: "center",
  overflowWrap: "anywhere",
} as const;

/**
 * Finds an OpenMoji symbol by words in the user's interface language (the CLDR's names and
 * keywords). The results are one stop for Tab; the arrow keys move among them, Enter or Space
 * chooses. How many were found is announced as the search changes. Without a connection only
 * the symbols whose pictures are on the device are offered, and the picker says the others need
 * one; a picture that still does not load shows the symbol's name instead.
 */
export function SymbolPicker({
  selected,
  onChoose,
}: {
  selected: string | undefined;
  onChoose: (code: string, name: string) => void;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [state, setState] = useState<IndexState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const results = useRef<HTMLDivElement>(null);
  const searchField = useRef<HTMLInputElement | HTMLTextAreaElement>(null);
  const tryAgain = useRef<HTMLButtonElement>(null);
  // The requests of an unreliable connection stall: the app behaves as offline then too.
  const offline = useConnectionStatus() !== "online";
  // The symbols on the device: undefined until known, null when the device cannot say.
  const [kept, setKept] = useState<Set<string> | null>();
  // The pictures that did not load are asked for again when the connection changes.
  const [failed, setFailed] = useState({ codes: new Set<string>(), offline });
  if (failed.offline !== offline) setFailed({ codes: new Set(), offline });

  useEffect(() => {
    let cancelled = false;
    loadSymbolIndex(locale).then(
      (index) => {
        if (cancelled) return;
        // Try again goes once the symbols are there: whoever pressed it goes on to the search.
        if (tryAgain.current && tryAgain.current === document.activeElement)
          searchField.current?.focus();
        setState({ status: "ready", index });
      },
      () => !cancelled && setState({ status: "failed" }),
    );
    return () => {
      cancelled = true;
    };
  }, [locale, attempt]);

  useEffect(() => {
    if (!offline) return;
    let cancelled = false;
    void keptSymbolCodes().then((codes) => !cancelled && setKept(codes));
    return () => {
      cancelled = true;
    };
  }, [offline]);

  const checkingDevice = offline && kept === undefined;
  const { found, othersNeedConnection } = useMemo(() => {
    if (state.status !== "ready" || checkingDevice)
      return { found: [], othersNeedConnection: false };
    if (offline && kept) return searchKeptSymbols(state.index, query, locale, kept);
    return { found: searchSymbols(state.index, query, locale), othersNeedConnection: false };
  }, [state, query, locale, offline, kept, checkingDevice]);
  const current = Math.min(active, Math.max(0, found.length - 1));

  const status = () => {
    if (state.status === "loading" || checkingDevice) return t`Loading the symbols…`;
    if (state.status === "failed")
      return t`The symbols could not be loaded. Check the connection and try again.`;
    const searched = query.trim() !== "";
    const count = found.length;
    if (othersNeedConnection) {
      if (count > 0) {
        return searched
          ? t`Symbols found on this device: ${count}. More need an internet connection.`
          : t`Only the symbols on this device are shown. The others need an internet connection.`;
      }
      return searched
        ? t`No symbol for this word is on this device. Connect to the internet to see them.`
        : t`No symbols are on this device yet. Connect to the internet to see them.`;
    }
    if (count === 0) return t`No symbol found. Try another word.`;
    return searched ? t`Symbols found: ${found.length}` : "";
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(results.current?.querySelectorAll("button") ?? [])];
    if (buttons.length === 0) return;
    const top = buttons[0]!.offsetTop;
    const perRow = Math.max(1, buttons.filter((button) => button.offsetTop === top).length);
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: perRow,
      ArrowUp: -perRow,
    };
    let next: number | undefined;
    if (event.key in step) next = current + step[event.key]!;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    next = Math.max(0, Math.min(buttons.length - 1, next));
    setActive(next);
    buttons[next]!.focus();
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <TextField
        inputRef={searchField}
        type="search"
        label={t`Search symbols`}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        autoComplete="off"
      />
      <Typography role="status" sx={{ minHeight: "1.5em" }}>
        {status()}
      </Typography>
      {/* Held (aria-disabled) while it works rather than gone, so the focus stays on it and is
          still there should the symbols fail again. */}
      {state.status === "failed" || (state.status === "loading" && state.retrying) ? (
        <Button
          ref={tryAgain}
          variant="outlined"
          aria-disabled={state.status === "loading"}
          onClick={() => {
            if (state.status === "loading") return;
            setState({ status: "loading", retrying: true });
            setAttempt(attempt + 1);
          }}
          sx={{ justifySelf: "start" }}
        >
          {t`Try again`}
        </Button>
      ) : null}
      {found.length > 0 ? (
        <Box
          ref={results}
          role="group"
          aria-label={t`Symbols`}
          onKeyDown={moveFocus}
          sx={resultsStyle}
        >
          {found.map((symbol, position) => (
            <Button
              key={symbol.code}
              variant="outlined"
              aria-label={symbol.name}
              aria-pressed={symbol.code === selected}
              title={symbol.name}
              tabIndex={position === current ? 0 : -1}
              onFocus={() => setActive(position)}
              onClick={() => onChoose(symbol.code, symbol.name)}
              sx={symbolButtonStyle}
            >
              {failed.codes.has(symbol.code) ? (
                <Box component="span" sx={symbolNameStyle}>
                  {symbol.name}
                </Box>
              ) : (
                <Box
                  component="img"
                  src={openMojiUrl(symbol.code)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  onError={() =>
                    setFailed((now) => ({ ...now, codes: new Set(now.codes).add(symbol.code) }))
                  }
                  sx={{ width: 48, height: 48 }}
                />
              )}
            </Button>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
