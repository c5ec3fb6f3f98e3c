import { useId, useRef, useState, type Ref, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import SignalWifiOffIcon from "@mui/icons-material/SignalWifiOff";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { LessonThumbnail } from "@/features/lessons/lesson-thumbnail";
import { LevelBadge } from "@/features/lessons/level-badge";
import { LessonEmbed } from "@/features/lessons/lesson-embed";
import { useLessonPlaces } from "@/features/lessons/lesson-places";
import { isVerticalLesson } from "@/features/lessons/lesson-player";
import type { Lesson } from "@/features/lessons/lessons";
import { Button } from "@/components/button";
import { visuallyHidden } from "@/theme/visually-hidden";

type LessonPlayerPanelProps = {
  lesson: Lesson;
  /** 1-based position of the lesson in the list. */
  position: number;
  total: number;
  playing: boolean;
  online: boolean;
  onPlay: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /**
   * Whether the status line names the lesson's title after "Lesson 3 of 16": after Previous or
   * Next, where the focus stays. A lesson chosen from the grid puts the focus on Play, which the
   * title describes, and a screen reader would say the title twice.
   */
  statusNamesTitle: boolean;
  /** The panel, scrolled into view when a lesson is chosen from the grid. */
  panelRef?: Ref<HTMLElement>;
  /**
   * Play, focused when a lesson is chosen from the grid: the next step, and before the title on
   * the page, so from the title the keyboard would skip it. It is described by the title.
   */
  playRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The selected lesson: Previous / Next at the top, then its video (a thumbnail until Play is
 * pressed, then the embed), level, title, description, duration and instructor.
 */
export function LessonPlayerPanel({
  lesson,
  position,
  total,
  playing,
  online,
  onPlay,
  onPrevious,
  onNext,
  statusNamesTitle,
  panelRef,
  playRef,
}: LessonPlayerPanelProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const offlineId = useId();
  const vertical = isVerticalLesson(lesson);
  const title = i18n._(lesson.title);
  // Where each lesson's video was, kept on the device: a frame taken away by a lost connection
  // comes back there, not at 0:00, and a lesson left by a stray tap on Next or on the list, or
  // when the app was closed, offers to go on from there.
  const [watched, watchedAt] = useLessonPlaces();
  // Where a video watched to its end ended, while the page is open: cut off there by a lost
  // connection, it comes back at its end rather than playing again from the start by itself.
  const endedAt = useRef(new Map<string, number>());
  // The player did not answer in time (the video has not loaded): said, with a way to load again.
  const [unanswered, setUnanswered] = useState(false);
  const [loads, setLoads] = useState(0);

  return (
    <Paper
      component="section"
      ref={panelRef}
      aria-label={t`Lesson player`}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      {/* First in the panel, above all that changes size from one lesson to the next (the video's
          frame, 9:16 or 16:9; the title; the description), at every width: Previous and Next stay
          where they were, so a finger with a tremor that taps Next again finds Next there. */}
      <LessonSteps
        title={title}
        position={position}
        total={total}
        onPrevious={onPrevious}
        onNext={onNext}
        statusNamesTitle={statusNamesTitle}
      />
      <Box
        sx={{
          mt: 2,
          display: "grid",
          gap: { xs: 2, md: 4 },
          gridTemplateColumns: {
            xs: "minmax(0, 1fr)",
            md: vertical ? "minmax(0, 360px) minmax(0, 1fr)" : "minmax(0, 3fr) minmax(0, 2fr)",
          },
          alignItems: "start",
        }}
      >
        <Box>
          <Box
            component="figure"
            aria-labelledby={titleId}
            data-orientation={vertical ? "vertical" : "horizontal"}
            sx={{
              position: "relative",
              m: 0,
              mx: "auto",
              overflow: "hidden",
              borderRadius: 2,
              bgcolor: "#14202e",
              ...(vertical
                ? { aspectRatio: "9 / 16", width: "min(100%, calc(min(60vh, 640px) * 9 / 16))" }
                : { aspectRatio: "16 / 9", width: "100%" }),
            }}
          >
            {/* Offline, the video cannot load or go on: the cover says why, and the video loads
              again when the connection is back (a frame that failed would stay an error page). */}
            {playing && online ? (
              <LessonEmbed
                key={`${lesson.youtubeId} ${loads}`}
                youtubeId={lesson.youtubeId}
                title={title}
                startSeconds={() =>
                  watched.get(lesson.youtubeId) ?? endedAt.current.get(lesson.youtubeId) ?? 0
                }
                // In whole seconds: the page is drawn again once a second while a video plays.
                onTime={(seconds) => watchedAt(lesson.youtubeId, Math.floor(seconds))}
                // Watched to its end, a lesson is not offered to go on from there.
                onEnded={(seconds) => {
                  endedAt.current.set(lesson.youtubeId, seconds);
                  watchedAt(lesson.youtubeId, undefined);
                }}
                onAnswer={(answered) => setUnanswered(!answered)}
                afterIt={playRef}
              />
            ) : (
              <LessonCover
                lesson={lesson}
                online={online}
                titleId={titleId}
                offlineId={offlineId}
                watchedSeconds={watched.get(lesson.youtubeId) ?? 0}
                onPlay={(from) => {
                  // Play starts the lesson from its beginning; "Go on" from where it was.
                  if (from === "start") {
                    watchedAt(lesson.youtubeId, undefined);
                    endedAt.current.delete(lesson.youtubeId);
                  }
                  onPlay();
                }}
                playRef={playRef}
              />
            )}
          </Box>
          <OfflineVideoNote online={online} id={offlineId} />
          <UnansweredVideoNote
            shown={unanswered && playing && online}
            // The note goes as the new frame comes, which takes the focus from its button.
            onTryAgain={() => {
              setUnanswered(false);
              setLoads((count) => count + 1);
            }}
          />
        </Box>

        <LessonDetails lesson={lesson} title={title} titleId={titleId} />
      </Box>
    </Paper>
  );
}

/** The look of a button over the lesson's picture. */
const overImage = {
  borderRadius: 999,
  // The theme's blue ring is hard to see on a dark image: add a white one.
  "&.Mui-focusVisible, &:focus-visible": { outline: "3px solid #ffffff", outlineOffset: 3 },
} as const;

/** Watched less than this, a lesson left is not offered to go on: it starts again. */
const GO_ON_AFTER_SECONDS = 30;

/** A place in a video as a clock shows it: 14:05, 1:02:07. */
function clockTime(seconds: number): string {
  const whole = Math.floor(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * Before Play: the lesson's thumbnail with the Play button over it (unusable offline), and "Go on
 * from 14:05" under it when the lesson was watched for a while earlier and left.
 */
function LessonCover({
  lesson,
  online,
  titleId,
  offlineId,
  watchedSeconds,
  onPlay,
  playRef,
}: {
  lesson: Lesson;
  online: boolean;
  /** The lesson's title, which describes Play. */
  titleId: string;
  /** The offline note that tells why Play does nothing. */
  offlineId: string;
  /** Where the lesson's video was when it was left (0: not watched, or watched to its end). */
  watchedSeconds: number;
  onPlay: (from: "start" | "where-left") => void;
  playRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useLingui();
  const describedBy = online ? titleId : `${titleId} ${offlineId}`;
  const time = clockTime(watchedSeconds);
  return (
    <>
      <LessonThumbnail key={lesson.id} lesson={lesson} loading="eager" />
      <Box
        sx={{
          position: "absolute",
          inset: 0,
          display: "grid",
          placeItems: "center",
          alignContent: "center",
          gap: 2,
          background: "linear-gradient(rgba(20, 32, 46, 0.15), rgba(20, 32, 46, 0.55))",
        }}
      >
        <Button
          ref={playRef}
          variant="contained"
          size="large"
          startIcon={online ? <PlayArrowIcon /> : <SignalWifiOffIcon />}
          aria-disabled={online ? undefined : true}
          aria-describedby={describedBy}
          onClick={() => {
            if (online) onPlay("start");
          }}
          sx={{
            minHeight: 56,
            px: 3,
            fontSize: "1.125rem",
            boxShadow: 3,
            ...overImage,
            "&[aria-disabled='true']": {
              bgcolor: "#44505e",
              cursor: "not-allowed",
            },
          }}
        >
          {t`Play lesson`}
        </Button>
        {watchedSeconds >= GO_ON_AFTER_SECONDS ? (
          <Button
            variant="contained"
            aria-disabled={online ? undefined : true}
            aria-describedby={describedBy}
            onClick={() => {
              if (online) onPlay("where-left");
            }}
            sx={{
              minHeight: 48,
              px: 2.5,
              bgcolor: "#ffffff",
              color: "#14202e",
              "&:hover": { bgcolor: "#e8eef5" },
              ...overImage,
              "&[aria-disabled='true']": { bgcolor: "#c9d1da", cursor: "not-allowed" },
            }}
          >
            {t`Go on from ${time}`}
          </Button>
        ) : null}
      </Box>
    </>
  );
}

/** The notes under the video: a warning's colours, in a row. */
const videoNoteLook = {
  alignItems: "center",
  p: 1.5,
  borderRadius: 2,
  bgcolor: "#fff4e5",
  color: "#5c3b00",
  border: 1,
  borderColor: "#e0b25c",
} as const;

/**
 * A video whose player has not answered in time (a network that blocks it, a stalled connection
 * the browser does not notice): a note under it says so, with Try again, which loads it again
 * where it was (announced when it shows).
 */
function UnansweredVideoNote({ shown, onTryAgain }: { shown: boolean; onTryAgain: () => void }) {
  const { t } = useLingui();
  return (
    <Box role="status" sx={{ mt: shown ? 1.5 : 0 }}>
      {shown ? (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ ...videoNoteLook, flexWrap: "wrap" }}>
          <Typography component="span" sx={{ fontWeight: 600, flex: "1 1 16rem" }}>
            {t`The video has not loaded. The connection may be slow, or videos may be blocked on this network.`}
          </Typography>
          <Button variant="outlined" onClick={onTryAgain}>
            {t`Try again`}
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}

/** Offline, a note under the video says that it needs a connection (announced when it shows). */
function OfflineVideoNote({ online, id }: { online: boolean; id: string }) {
  const { t } = useLingui();
  return (
    <Box role="status" sx={{ mt: online ? 0 : 1.5 }}>
      {online ? null : (
        <Stack id={id} direction="row" spacing={1} sx={videoNoteLook}>
          <SignalWifiOffIcon aria-hidden="true" />
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {t`This video needs an internet connection. Connect to the internet to play it.`}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

/**
 * Previous / Next and "Lesson 3 of 16", in a row whose place depends on nothing that changes with
 * the lesson: the buttons come first (the status's length varies), and their labels are the same
 * from lesson to lesson.
 */
function LessonSteps({
  title,
  position,
  total,
  onPrevious,
  onNext,
  statusNamesTitle,
}: Pick<
  LessonPlayerPanelProps,
  "position" | "total" | "onPrevious" | "onNext" | "statusNamesTitle"
> & { title: string }) {
  const { t } = useLingui();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
      <Button variant="outlined" startIcon={<ChevronLeftIcon />} onClick={onPrevious}>
        {t`Previous`}
      </Button>
      <Button variant="outlined" endIcon={<ChevronRightIcon />} onClick={onNext}>
        {t`Next`}
      </Button>
      <Typography role="status" sx={{ color: "text.secondary", px: 1 }}>
        {t`Lesson ${position} of ${total}`}
        {statusNamesTitle ? (
          <Box component="span" sx={visuallyHidden}>
            {`: ${title}`}
          </Box>
        ) : null}
      </Typography>
    </Stack>
  );
}

/** Beside the video (under it on a phone): level, title, description, duration and instructor. */
function LessonDetails({
  lesson,
  title,
  titleId,
}: {
  lesson: Lesson;
  title: string;
  titleId: string;
}) {
  const { t, i18n } = useLingui();
  const duration = lesson.duration;
  const instructor =
    typeof lesson.instructor === "string" ? lesson.instructor : i18n._(lesson.instructor);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Box>
        <LevelBadge level={lesson.level} />
      </Box>
      <Typography
        variant="h2"
        component="h2"
        id={titleId}
        sx={{ fontSize: { xs: "1.5rem", md: "1.875rem" } }}
      >
        {title}
      </Typography>
      <Typography sx={{ fontSize: "1.0625rem" }}>{i18n._(lesson.description)}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none", color: "text.secondary" }}>
        <li>{t`Duration: ${duration}`}</li>
        <li>{t`Instructor: ${instructor}`}</li>
      </Box>
    </Stack>
  );
}
