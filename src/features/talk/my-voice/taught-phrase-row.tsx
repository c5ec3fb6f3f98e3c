import { memo, useRef, type ReactNode, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import MicIcon from "@mui/icons-material/Mic";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import type { Phrase } from "@/features/talk/board/board";
import { storageBytes, type StoredExample } from "@/features/talk/my-voice/voice-examples";
import type { SpeechLanguage } from "@/shared/speech-options";
import { Button } from "@/components/button";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { formatNumber } from "@/lib/numbers";

/**
 * One phrase of My voice's list: how many examples it has and their size, and its actions. Drawn
 * again only when its phrase, examples or state change.
 */
export const TaughtPhraseRow = memo(function TaughtPhraseRow({
  phrase,
  examples,
  alike,
  language,
  busy,
  onTeach,
  onPlay,
  onForget,
}: {
  phrase: Phrase;
  examples: StoredExample[];
  /** A taught phrase one word from this untaught one (alike-phrases.ts). */
  alike?: Phrase;
  language: SpeechLanguage;
  busy: boolean;
  onTeach: (phrase: Phrase) => void;
  onPlay: (phrase: Phrase) => void;
  onForget: (phrase: Phrase) => void;
}) {
  const { t, i18n } = useLingui();
  const teachButton = useRef<HTMLButtonElement>(null);
  // Counter-examples (takes that were not this phrase) are kept but not counted as its examples.
  const count = examples.filter((example) => example.origin !== "counter").length;
  const size = count
    ? formatNumber(i18n.locale, storageBytes(examples) / 1000, { maximumFractionDigits: 1 })
    : "";
  return (
    // Styled by the list (my-voice-panel.tsx), once for all rows.
    <li>
      <div className="taught-text">
        <p className="taught-phrase" lang={language}>
          {phrase.text}
        </p>
        <p className="taught-count">
          {count ? t`Examples: ${count}, ${size} kB` : t`Not taught yet`}
        </p>
        {alike && !count ? (
          <p className="taught-alike">
            {t`One word apart from “${alike.text}”: teach this one too, so My voice does not take one for the other.`}
          </p>
        ) : null}
      </div>
      <Button
        ref={teachButton}
        variant="outlined"
        startIcon={<MicIcon />}
        // The visible words first in the name (WCAG 2.5.3), then which phrase.
        aria-label={count ? t`Teach again: ${phrase.text}` : t`Teach my voice: ${phrase.text}`}
        // Held, not disabled, while a take is under way: a keyboard or switch user who listened
        // (Alt+L) from here keeps their place, where a disabled button would drop the focus.
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onTeach(phrase);
        }}
      >
        {count ? t`Teach again` : t`Teach`}
      </Button>
      {examples.some((example) => example.audio) ? (
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          aria-label={t`Play my takes: ${phrase.text}`}
          // Held while a take is under way, which would hear it (echo cancellation is off).
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onPlay(phrase);
          }}
        >
          {t`Play`}
        </Button>
      ) : null}
      {examples.length ? (
        <FocusBackWhenGone to={teachButton}>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            aria-label={t`Forget my voice: ${phrase.text}`}
            onClick={() => onForget(phrase)}
          >
            {t`Forget`}
          </Button>
        </FocusBackWhenGone>
      ) : null}
    </li>
  );
});

/**
 * Buttons that go once pressed (an answer's choices, "I have finished" when the take ends by
 * itself, "Forget" with the examples it deleted): the focus, left on nothing, comes back to `to`,
 * so a keyboard or switch user keeps their place.
 */
export function FocusBackWhenGone({
  to,
  children,
}: {
  to: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  useFocusMainContentWhenLost(to);
  return children;
}
