import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "@/components/page-section";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { HydrationPart, usePageLive } from "@/components/hydration-part";
import { PaidFeatureDialog } from "@/components/paid-feature-dialog";
import { ArticleList } from "@/features/lessons/article-list";
import { articles } from "@/features/lessons/articles";
import { LessonGrid } from "@/features/lessons/lesson-grid";
import {
  createLessonPlayer,
  nextLesson,
  playLesson,
  previousLesson,
  selectLesson,
} from "@/features/lessons/lesson-player";
import { LessonPlayerPanel } from "@/features/lessons/lesson-player-panel";
import { lessons } from "@/features/lessons/lessons";
import { useThumbnailsKeptOffline } from "@/features/lessons/keep-thumbnails";
import { useRememberedLesson } from "@/features/lessons/remembered-lesson";
import { useConnectionStatus } from "@/lib/use-online-status";
import { RecoveryCallToAction } from "@/routes/-components/recovery-call-to-action";
import { msg } from "@lingui/core/macro";
import { loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";
import { drawnWhenNear } from "@/theme/drawn-when-near";

const title = msg`Speech Recovery`;

/**
 * The lesson in the address (`?lesson=16`) as a number; the page shows the first lesson for one
 * that is not there. (The route's options load with every page: the lessons' list stays out.)
 */
function validateRecoverySearch(search: Record<string, unknown>): { lesson?: number } {
  return typeof search.lesson === "string" && /^\d{1,4}$/.test(search.lesson)
    ? { lesson: Number(search.lesson) }
    : {};
}

export const Route = createFileRoute("/recovery")({
  // The lesson shown is kept in the address, so a reload or the way back from another page finds
  // it again, and on the device (remembered-lesson.ts), for the page opened again without it.
  validateSearch: validateRecoverySearch,
  head: pageHead(title),
  // The messages of the features this page shows come with it.
  loader: () => loadCatalogParts(["lessons"]),
  component: RecoveryPage,
});

function RecoveryPage() {
  const { t, i18n } = useLingui();
  // The videos come from YouTube, not from this app's server: only the browser's word that there
  // is no network stops them. A slow answer from the speech server says nothing about YouTube.
  const online = useConnectionStatus() !== "offline";
  const [player, setPlayer] = useState(() => createLessonPlayer(lessons.length));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const panelRef = useRef<HTMLElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const lessonsHeadingId = useId();
  const articlesHeadingId = useId();
  useThumbnailsKeptOffline();

  const lesson = lessons[player.index];
  if (!lesson) throw new Error(`No lesson at index ${player.index}`);

  // The prerendered page shows the first lesson: the one in the address comes once the page is
  // live, and again whenever the address changes (the browser's Back and Forward).
  const live = usePageLive();
  const [lessonInAddress, setLessonInAddress] = useState<number | undefined>();
  if (live && search.lesson !== lessonInAddress) {
    setLessonInAddress(search.lesson);
    const index = lessons.findIndex((item) => item.id === search.lesson);
    if (index >= 0) setPlayer((state) => selectLesson(state, index));
  }
  useRememberedLesson(
    live,
    search.lesson,
    (id) => lessons.some((item) => item.id === id),
    (id) => void navigate({ search: { lesson: id }, replace: true, resetScroll: false }),
  );

  // Play says the title of a lesson chosen in the grid (below): the status line need not.
  const [chosenInGrid, setChosenInGrid] = useState(false);
  /** Shows another lesson, and writes it in the address in place of the last one. */
  const goTo = (next: typeof player, fromGrid = false) => {
    setPlayer(next);
    setChosenInGrid(fromGrid);
    const id = lessons[next.index]?.id;
    if (next.index !== player.index && id !== undefined) {
      void navigate({ search: { lesson: id }, replace: true, resetScroll: false });
    }
  };

  // A lesson chosen in the grid (far below the player) is brought into view, and focus moves to
  // its Play button (described by its title) so keyboard and screen-reader users go on from there.
  const chooseLesson = (index: number) => {
    flushSync(() => goTo(selectLesson(player, index), true));
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    panelRef.current?.scrollIntoView({
      behavior: reduceMotion ? "auto" : "smooth",
      block: "start",
    });
    // The lesson already playing has no Play: the video itself takes the focus.
    (playRef.current ?? panelRef.current?.querySelector("iframe"))?.focus({ preventScroll: true });
  };

  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 3 } }}>
        <PageIntro
          title={i18n._(title)}
          lead={t`Video lessons and articles from speech therapists that help you recover clear speech at home, at your own pace.`}
        />

        <HydrationPart>
          <LessonPlayerPanel
            lesson={lesson}
            position={player.index + 1}
            total={player.count}
            playing={player.playing}
            online={online}
            onPlay={() => setPlayer(playLesson)}
            onPrevious={() => goTo(previousLesson(player))}
            onNext={() => goTo(nextLesson(player))}
            statusNamesTitle={!chosenInGrid}
            panelRef={panelRef}
            playRef={playRef}
          />
        </HydrationPart>

        <Box
          component="section"
          aria-labelledby={lessonsHeadingId}
          sx={{
            mt: { xs: 6, md: 8 },
            ...drawnWhenNear({ xs: 2150, sm: 1600, md: 1200, lg: 1250 }),
          }}
        >
          <Stack spacing={1} sx={{ mb: 3 }}>
            <Typography variant="h2" component="h2" id={lessonsHeadingId}>
              {t`All video lessons`}
            </Typography>
            <Typography sx={{ color: "text.secondary" }}>
              {t`Short exercises for breathing, articulation and confidence. Choose a lesson to watch it in the player.`}
            </Typography>
          </Stack>
          <HydrationPart>
            <LessonGrid
              lessons={lessons}
              selectedIndex={player.index}
              onSelect={chooseLesson}
              labelledBy={lessonsHeadingId}
            />
          </HydrationPart>
        </Box>

        <Box
          component="section"
          aria-labelledby={articlesHeadingId}
          sx={{ my: { xs: 6, md: 8 }, ...drawnWhenNear({ xs: 1950, sm: 1250, md: 950, lg: 800 }) }}
        >
          <Stack spacing={1} sx={{ mb: 3 }}>
            <Typography variant="h2" component="h2" id={articlesHeadingId}>
              {t`Educational articles`}
            </Typography>
            <Typography sx={{ color: "text.secondary" }}>
              {t`Short reads about speech recovery for patients, families and carers.`}
            </Typography>
          </Stack>
          <HydrationPart>
            <ArticleList articles={articles} />
          </HydrationPart>
        </Box>

        <RecoveryCallToAction />
      </Container>
      <PaidFeatureDialog
        message={t`The speech recovery feature is available in the paid version. Leave a request and be among the first to try it!`}
      />
    </>
  );
}
