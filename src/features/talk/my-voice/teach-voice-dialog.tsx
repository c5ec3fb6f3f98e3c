import { useEffect, useId, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { brand } from "@/lib/brand";
import {
  microphoneProblemOf,
  openMicrophone,
  type MicrophoneProblem,
  type MicrophoneSession,
} from "@/features/talk/my-voice/microphone";
import { useMicrophoneProblemText } from "@/features/talk/my-voice/microphone-problem-text";
import { askRecogniser } from "@/features/talk/my-voice/voice-recogniser";
import { takesToTeach, type StoredExample } from "@/features/talk/my-voice/voice-examples";
import { MicrophoneInUse } from "@/features/talk/my-voice/microphone-in-use";
import { VoiceMeter } from "@/features/talk/my-voice/voice-meter";
import { encodeWav16 } from "@/shared/phrase-recogniser/wav-reader.ts";
import type { SerialisedFeatures } from "@/shared/phrase-recogniser/serialise.ts";
import type { TakeProblem } from "@/shared/phrase-recogniser/take-check.ts";
import type { TakeHabit, TakeLimits } from "@/shared/phrase-recogniser/take-limits.ts";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";

/** Focuses a button when it is first drawn (the dialog keeps focus inside once it is there). */
const focusOnce = (element: HTMLButtonElement | null) => element?.focus();

export type TeachingStatus =
  | { kind: "starting" }
  | {
      kind: "listening";
      problem?: TakeProblem | "no-voice";
      /** The last take reached the longest take (s) and was kept as it was. */
      keptAtLimitS?: number;
    }
  | { kind: "checking" }
  | { kind: "done" }
  /** The microphone would not open, or stopped: "Try again" opens it again, keeping the takes. */
  | { kind: "no-microphone"; problem: MicrophoneProblem }
  /** The recogniser could not check a take (its worker did not load or failed). */
  | { kind: "failed" };

/**
 * The microphone open for the dialog's lifetime, taking takes until three are kept: each is
 * checked by the recogniser against the others, and kept (with its recording when the user
 * agreed) or refused with the reason. The pauses and length of the kept takes go to `onSaved`
 * too, for learning the user's pace. A microphone that will not open, or stops mid-take, waits
 * for `tryAgain` and is opened again; the takes kept so far stay.
 */
function useTeachingSession(
  keepRecordings: boolean,
  limits: TakeLimits,
  onSaved: (examples: StoredExample[], habits: TakeHabit[]) => void,
) {
  const [status, setStatus] = useState<TeachingStatus>({ kind: "starting" });
  const [kept, setKept] = useState(0);
  const [level, setLevel] = useState(0);
  const session = useRef<MicrophoneSession | null>(null);
  const retry = useRef<(() => void) | null>(null);

  useEffect(() => {
    let cancelled = false;
    const takes: StoredExample[] = [];
    const habits: TakeHabit[] = [];
    /** Says what went wrong with the microphone, and waits for "Try again". */
    const troubled = (problem: MicrophoneProblem) => {
      setStatus({ kind: "no-microphone", problem });
      return new Promise<void>((resolve) => {
        retry.current = () => {
          retry.current = null;
          setStatus({ kind: "starting" });
          resolve();
        };
      });
    };
    const run = async () => {
      while (!cancelled && takes.length < takesToTeach) {
        let microphone: MicrophoneSession;
        try {
          microphone = await openMicrophone((value) => setLevel(value));
        } catch (error) {
          if (cancelled) return;
          await troubled(microphoneProblemOf(error));
          continue;
        }
        if (cancelled) {
          microphone.close();
          return;
        }
        session.current = microphone;
        setStatus({ kind: "listening" });
        const lost = await takeTakes(microphone);
        microphone.close();
        session.current = null;
        if (lost) await troubled("lost");
        else break;
      }
      if (!cancelled && takes.length === takesToTeach) {
        setStatus({ kind: "done" });
        onSaved(takes, habits);
      }
    };
    /** Takes until three are kept; true when the microphone stopped first. */
    const takeTakes = async (microphone: MicrophoneSession) => {
      while (!cancelled && takes.length < takesToTeach) {
        const take = await microphone.nextTake(limits);
        if (cancelled) break;
        if (take.end === "lost") return true;
        if (take.end === "no-voice") {
          setStatus({ kind: "listening", problem: "no-voice" });
          continue;
        }
        setStatus({ kind: "checking" });
        const others: SerialisedFeatures[] = takes.map((example) => example.features);
        // The recording is made before the samples go to the worker: they are moved there, not
        // copied, and none are left here afterwards.
        const audio = keepRecordings
          ? new Blob([encodeWav16(take.samples, take.sampleRate) as BlobPart], {
              type: "audio/wav",
            })
          : undefined;
        const answer = await askRecogniser(
          { type: "check-take", samples: take.samples, sampleRate: take.sampleRate, others },
          [take.samples.buffer],
        ).catch(() => null);
        if (cancelled) break;
        if (!answer || answer.type !== "take") {
          // Not the user's take: no take could be checked, so none is asked for again.
          setStatus({ kind: "failed" });
          break;
        }
        if (answer.problem) {
          setStatus({ kind: "listening", problem: answer.problem });
          continue;
        }
        takes.push({
          features: answer.features,
          origin: "taught",
          addedAt: Date.now(),
          ...(audio ? { audio } : {}),
        });
        habits.push(take.habit);
        setKept(takes.length);
        setStatus(
          take.end === "time-limit"
            ? { kind: "listening", keptAtLimitS: Math.round(limits.maxTakeMs / 1000) }
            : { kind: "listening" },
        );
      }
      return false;
    };
    void run();
    return () => {
      cancelled = true;
      session.current?.close();
      session.current = null;
    };
    // One teaching session per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    status,
    kept,
    level,
    stopTake: () => session.current?.stopTake(),
    tryAgain: () => retry.current?.(),
  };
}

/**
 * What the dialog says about the session: the next step, or what went wrong; and the steps of an
 * ordinary take (starting, say it, checking it), whose room the status line keeps.
 */
function useTeachMessage(status: TeachingStatus, kept: number) {
  const { t } = useLingui();
  const microphoneText = useMicrophoneProblemText();
  const name = brand.name;
  const problemText: Record<TakeProblem | "no-voice", string> = {
    "no-voice": t`I did not hear anything. Say the phrase when you are ready.`,
    "too-quiet": t`That was too quiet. Please say it a little louder, or come closer to the device.`,
    clipped: t`That was too loud. Please say it a little more softly, or move back from the device.`,
    "too-short": t`That was too short to learn from. Please say the whole phrase.`,
    "unlike-others": t`That did not sound like your other takes. Please say it again the way you usually do.`,
  };
  const takeNumber = Math.min(kept + 1, takesToTeach);
  const starting = t`Starting the microphone…`;
  const sayNow = t`Say the phrase now (take ${takeNumber} of ${takesToTeach}).`;
  const checking = t`Checking the take…`;
  const message =
    status.kind === "starting"
      ? starting
      : status.kind === "no-microphone"
        ? microphoneText[status.problem]
        : status.kind === "failed"
          ? t`The recogniser could not run on this device. Please reload the page and try again.`
          : status.kind === "checking"
            ? checking
            : status.kind === "done"
              ? t`Done. ${name} now knows how you say this phrase.`
              : status.problem
                ? problemText[status.problem]
                : sayNow;

  const seconds = status.kind === "listening" && !status.problem ? status.keptAtLimitS : undefined;
  return {
    message: seconds ? `${t`The take stopped at ${seconds} s; it was kept.`} ${message}` : message,
    steps: [starting, sayNow, checking],
  };
}

/**
 * The next step, announced as it changes; or what went wrong, in an alert. The line keeps the
 * room of the longest step whichever it shows, the others laid out in the same grid cell but
 * hidden: "I have finished this take" is under it, in a dialog centred on the screen, and moved
 * 14 px at every step on a phone, three times a take, where "Say the phrase now (take 1 of 3)."
 * took two lines and "Checking the take…" one. An alert takes the same cell, so it moves the
 * button only by what it needs beyond the steps' room; so does a take kept at the time limit,
 * whose note comes before the next step.
 */
export function TeachStatus({ status, kept }: { status: TeachingStatus; kept: number }) {
  const { message, steps } = useTeachMessage(status, kept);
  const problem =
    status.kind === "no-microphone" ||
    status.kind === "failed" ||
    (status.kind === "listening" && status.problem);
  return (
    <Box
      // Figures of one width: "take 2 of 3" is as long as "take 1 of 3".
      sx={{ display: "grid", fontVariantNumeric: "tabular-nums", "& > *": { gridArea: "1 / 1" } }}
    >
      {/* The steps not shown: the one shown is on the page once. */}
      {steps
        .filter((step) => step !== message)
        .map((step) => (
          <Typography key={step} aria-hidden="true" sx={{ fontWeight: 700, visibility: "hidden" }}>
            {step}
          </Typography>
        ))}
      <div role="status">
        {problem ? null : <Typography sx={{ fontWeight: 700 }}>{message}</Typography>}
      </div>
      {problem ? (
        <Alert severity={status.kind === "failed" ? "error" : "warning"} role="alert">
          {message}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * Teaches a phrase: the user says it three times, hands free. The microphone stays open, each
 * take starts when the voice does and ends after a pause (or on Stop); a take that is too quiet,
 * clipped, too short or unlike the others is explained in plain words and asked for again.
 */
export function TeachVoiceDialog({
  phraseText,
  language,
  keepRecordings,
  limits,
  onSaved,
  onClose,
}: {
  phraseText: string;
  language: string;
  keepRecordings: boolean;
  /** How takes are cut: the user's pause and longest take. */
  limits: TakeLimits;
  onSaved: (examples: StoredExample[], habits: TakeHabit[]) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = brand.name;
  const titleId = useId();
  const { status, kept, level, stopTake, tryAgain } = useTeachingSession(
    keepRecordings,
    limits,
    onSaved,
  );

  return (
    <Dialog
      open
      // A stray tap beside the dialog (a tremor) does not throw the takes away: Cancel or Escape.
      onClose={(_event, reason) => reason !== "backdropClick" && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t`Teach my voice`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t`Say this phrase three times, in your own way. Pause after each time: ${name} listens for your voice and keeps each take by itself.`}
          </DialogContentText>
          <Typography lang={language} sx={{ fontSize: "1.75rem", fontWeight: 700 }}>
            {phraseText}
          </Typography>
          <VoiceMeter level={status.kind === "listening" ? level : 0} />
          {status.kind === "starting" ||
          status.kind === "listening" ||
          status.kind === "checking" ? (
            <MicrophoneInUse />
          ) : null}
          <Typography>{t`Takes kept: ${kept} of ${takesToTeach}`}</Typography>
          <TeachStatus status={status} kept={kept} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: "wrap" }}>
        {/* There from the start and focused, so a keyboard or switch ends a take with one press;
            aria-disabled (still focusable) while no take is being heard. */}
        {status.kind === "starting" || status.kind === "listening" || status.kind === "checking" ? (
          <Button
            ref={focusOnce}
            variant="outlined"
            aria-disabled={status.kind !== "listening"}
            onClick={() => {
              if (status.kind === "listening") stopTake();
            }}
          >
            {t`I have finished this take`}
          </Button>
        ) : null}
        {status.kind === "no-microphone" ? (
          // Focused, as "I have finished this take" was: one press opens the microphone again.
          <Button key="try-again" ref={focusOnce} variant="contained" onClick={tryAgain}>
            {t`Try again`}
          </Button>
        ) : null}
        {status.kind === "done" ? (
          // The button that had the focus is gone: it moves here, so Enter closes.
          <Button key="close" ref={focusOnce} variant="contained" onClick={onClose}>
            {t`Close`}
          </Button>
        ) : (
          <Button key="cancel" variant="outlined" onClick={onClose}>
            {t`Cancel`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
