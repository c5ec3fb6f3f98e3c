import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLingui } from "@lingui/react/macro";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import { TextField } from "@/components/text-field";
import Typography from "@mui/material/Typography";
import CheckIcon from "@mui/icons-material/Check";
import DownloadIcon from "@mui/icons-material/Download";
import LogoutIcon from "@mui/icons-material/Logout";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  downloadRequestsCsv,
  isSignedIn,
  listRequests,
  setHandled,
  signOut,
  StaffApiError,
  type RequestsPage,
  type StaffRequest,
} from "@/features/staff/staff-api";
import { StaffSignIn } from "@/features/staff/staff-sign-in";
import { withFreshFirstPage, withNextPage } from "@/features/staff/fresh-requests";
import { visuallyHidden } from "@/theme/visually-hidden";
import { useFocusMainContentWhenLost } from "@/lib/main-content";
import { useLatest } from "@/lib/use-latest";
import { useOnlineStatus } from "@/lib/use-online-status";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { dateAndTime } from "@/lib/date-time";
import { downloadFile } from "@/lib/download-file";
import { isLanguageCode, nativeNameOf } from "@/shared/languages";

type State = "checking" | "signed-out" | "signed-in" | "unreachable";

/** How often an open inbox looks for new requests while staff look at it. */
const checkEveryMs = 60_000;

/**
 * The staff inbox: after sign-in, the contact requests newest first, a page at a time ("Show
 * more requests" adds the next), a search over name, e-mail, subject and message done by the
 * server, a switch per request to mark it handled, and the CSV of all of them. Request text is
 * shown as text, never as markup.
 */
export function StaffInbox() {
  const { t } = useLingui();
  const online = useOnlineStatus();
  return (
    <>
      {/* Always there, so that losing the connection is announced when it happens. */}
      <div role="status">
        {online ? null : (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t`The connection to the server is lost. The requests shown stay here; searching, marking and the CSV work again once it is back.`}
          </Alert>
        )}
      </div>
      <InboxBySession />
    </>
  );
}

/**
 * Why the sign-in shows after the inbox was open: the session timed out (with what was not done
 * because of it, if anything), or staff signed out here.
 */
type Ended = { timedOut: true; notDone: string | null } | { timedOut: false };

/** The sign-in, or the requests once signed in. */
function InboxBySession() {
  const { t } = useLingui();
  const [state, setState] = useState<State>("checking");
  // Each press of Try again checks the session once more.
  const [checks, setChecks] = useState(0);
  const [ended, setEnded] = useState<Ended | null>(null);
  // Kept here rather than in the list, so that a search typed before the session timed out is
  // there again after signing in; signing out on purpose clears it for whoever comes next.
  const [query, setQuery] = useState("");
  // After a sign-in, a sign-out or a session that ended, what had the focus has gone: the
  // search, or the password field, takes it. Not when the page opens.
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    let active = true;
    isSignedIn()
      .then((signedIn) => active && setState(signedIn ? "signed-in" : "signed-out"))
      .catch(() => active && setState("unreachable"));
    return () => {
      active = false;
    };
  }, [checks]);

  const notice =
    state !== "signed-out" || !ended
      ? []
      : ended.timedOut
        ? [
            t`Your session has ended. Sign in again to go on.`,
            ...(ended.notDone ? [ended.notDone] : []),
          ]
        : [t`You are signed out.`];
  return (
    <>
      {/* Always there, so that an ended session is announced when it ends. */}
      <div role="status">
        {notice.length > 0 ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {notice.map((line) => (
              <Typography key={line} variant="body2" component="p">
                {line}
              </Typography>
            ))}
          </Alert>
        ) : null}
      </div>
      {state === "checking" ? (
        <Typography role="status">{t`Loading…`}</Typography>
      ) : state === "unreachable" ? (
        <TryAgainAlert
          onTryAgain={() => {
            setState("checking");
            setChecks((count) => count + 1);
          }}
        >
          {t`The server could not be reached. Check the connection and try again.`}
        </TryAgainAlert>
      ) : state === "signed-out" ? (
        <StaffSignIn
          takeFocus={changed}
          onSignedIn={() => {
            setEnded(null);
            setChanged(true);
            setState("signed-in");
          }}
        />
      ) : (
        <RequestList
          query={query}
          onQueryChange={setQuery}
          takeFocus={changed}
          onSessionEnded={(timedOut, notDone) => {
            setEnded(timedOut ? { timedOut, notDone: notDone ?? null } : { timedOut });
            if (!timedOut) setQuery("");
            setChanged(true);
            setState("signed-out");
          }}
        />
      )}
    </>
  );
}

/** What could not be done, with the button that tries it again. */
function TryAgainAlert({ onTryAgain, children }: { onTryAgain: () => void; children: ReactNode }) {
  const { t } = useLingui();
  // Gone with its button once pressed: the focus goes on from the page's main content.
  useFocusMainContentWhenLost();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" onClick={onTryAgain}>
          {t`Try again`}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * Why the inbox shows an error: its list or its next page did not load, a request could not be
 * marked, or the CSV could not be had (the server busy, a connection that failed, the server
 * failed).
 */
/** What failed; "-busy": the server answered that its database is away or it is busy (503, 429). */
type InboxProblem =
  | `${"load" | "more" | "mark"}${"" | "-busy"}`
  | "csv-busy"
  | "csv-connection"
  | "csv-failed"
  | null;

function RequestList({
  query,
  onQueryChange,
  takeFocus,
  onSessionEnded,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  /** The search takes the focus as the list comes (after a sign-in). */
  takeFocus: boolean;
  /** `notDone`: what staff asked for that was not done because the session had ended. */
  onSessionEnded: (timedOut: boolean, notDone?: string) => void;
}) {
  const { t } = useLingui();
  const [found, setFound] = useState<RequestsPage | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState<InboxProblem>(null);
  // A success takes away only the failures it answers: the list that comes while the CSV is
  // refused leaves what was said of the CSV (it took it away unread).
  const answered = (...problems: ("load" | "more" | "mark")[]) =>
    setFailed((current) =>
      current && problems.some((problem) => current.startsWith(problem)) ? null : current,
    );
  // Each press of Try again after a failed load reads the first page again.
  const [loads, setLoads] = useState(0);
  // What was done, said once each time (a number makes the same words a new announcement).
  const [announcement, setAnnouncementText] = useState({ text: "", count: 0 });
  const setAnnouncement = (text: string) =>
    setAnnouncementText((current) => ({ text, count: current.count + 1 }));
  // After "Show more requests", the first request added takes the focus, so a keyboard or
  // screen-reader user goes on reading where the list grew.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // Counts the searches shown, so that a page asked for before a new search is not added to it.
  const searchShown = useRef(0);
  // The search the list shows, and how many changes were made to it here (a page added, a request
  // marked): a check for new requests begun before one of them is not applied over it.
  const shownQuery = useRef("");
  const changesHere = useRef(0);
  const latestFound = useLatest(found);
  // How many pages of this search are shown (1, then one more per "Show more requests").
  const pagesShown = useRef(1);

  // The parent's callback as of its last render: were it a dependency, every render of the
  // parent (the connection lost or back) would read the first page again, and drop the pages
  // "Show more requests" had added.
  const latestOnSessionEnded = useLatest(onSessionEnded);
  const handleError = useCallback(
    (error: unknown, problem: "load" | "more" | "mark" = "load", notDone?: string) => {
      if (error instanceof StaffApiError && error.status === 401) {
        latestOnSessionEnded.current(true, notDone);
      } else if (error instanceof StaffApiError && [429, 503].includes(error.status)) {
        setFailed(`${problem}-busy`);
      } else setFailed(problem);
    },
    [latestOnSessionEnded],
  );

  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => {
      listRequests(query)
        .then((result) => {
          if (!active) return;
          searchShown.current += 1;
          shownQuery.current = query;
          pagesShown.current = 1;
          setFound(result);
          setFocusIndex(null);
          answered("load", "more");
        })
        .catch((error: unknown) => active && handleError(error));
    }, 250);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [query, loads, handleError]);

  // Requests keep coming while the inbox is open, and other staff mark them: the first page is
  // read again when staff come back to the inbox, every minute while they look at it, when the
  // connection comes back, and when they ask. What came is said; a search typed meanwhile wins.
  const checkForNew = (asked: boolean) => {
    const search = searchShown.current;
    const changes = changesHere.current;
    // Unasked, the check does not count as use: a signed-in screen left alone still signs out.
    listRequests(shownQuery.current, { inBackground: !asked })
      .then((fresh) => {
        const shown = latestFound.current;
        if (search !== searchShown.current || changes !== changesHere.current || !shown) return;
        const update = withFreshFirstPage(shown, fresh, pagesShown.current);
        pagesShown.current = update.pagesShown;
        setFound(update.page);
        // The request "Show more requests" gave the focus to may have moved: no other takes it.
        setFocusIndex(null);
        if (asked) answered("load", "more");
        const { added } = update;
        if (added > 0 || asked) {
          setAnnouncement(
            added === 0
              ? t`No new requests.`
              : update.atLeast
                ? t`New requests: ${added} or more`
                : t`New requests: ${added}`,
          );
        }
      })
      // Unasked, a check that fails (a moment without connection) says nothing: the list stays,
      // and the next check tries again. An ended session is said either way.
      .catch((error: unknown) => {
        if (asked || (error instanceof StaffApiError && error.status === 401)) handleError(error);
      });
  };
  const checkUnasked = useEffectEvent(() => checkForNew(false));
  useEffect(() => {
    const whenSeen = () => {
      if (document.visibilityState === "visible") checkUnasked();
    };
    const timer = window.setInterval(whenSeen, checkEveryMs);
    document.addEventListener("visibilitychange", whenSeen);
    // The inbox stays open through a moment without connection (routes/staff.tsx).
    window.addEventListener("online", whenSeen);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", whenSeen);
      window.removeEventListener("online", whenSeen);
    };
  }, []);

  const showHandled = (id: string, handledAt: string | null) =>
    setFound(
      (current) =>
        current && {
          ...current,
          requests: current.requests.map((item) =>
            item.id === id ? { ...item, handledAt } : item,
          ),
        },
    );

  // Requests whose mark is on its way to the server. A second press meanwhile is ignored: it sent
  // a second change that could overtake the first, so that the server kept one state and the
  // switch showed the other, and a failure put back the state from before both.
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  // The switch moves at once; the server's time replaces ours, or the switch goes back.
  const toggle = (request: StaffRequest, handled: boolean) => {
    if (saving.has(request.id)) return;
    setSaving((current) => new Set(current).add(request.id));
    changesHere.current += 1;
    showHandled(request.id, handled ? new Date().toISOString() : null);
    setHandled(request.id, handled)
      .then((handledAt) => {
        showHandled(request.id, handledAt);
        answered("mark");
        setAnnouncement(
          handled ? t`Marked as handled: ${request.subject}` : t`Marked as new: ${request.subject}`,
        );
      })
      .catch((error: unknown) => {
        showHandled(request.id, request.handledAt);
        handleError(
          error,
          "mark",
          t`Not saved, press Handled again after signing in: ${request.subject}`,
        );
      })
      .finally(() =>
        setSaving((current) => {
          const left = new Set(current);
          left.delete(request.id);
          return left;
        }),
      );
  };

  const showMore = () => {
    if (!found?.next || loadingMore) return;
    const shownBefore = found.requests.length;
    const search = searchShown.current;
    const after = found.next;
    changesHere.current += 1;
    setLoadingMore(true);
    listRequests(shownQuery.current, { after })
      .then((page) => {
        const shown = latestFound.current;
        const grown = search === searchShown.current && shown && withNextPage(shown, after, page);
        // The list changed meanwhile: the button stays, and asks from the list's new end.
        if (!grown) return;
        setFound(grown);
        pagesShown.current += 1;
        setFocusIndex(shownBefore);
        answered("more");
      })
      // Only this page failed: the list stays, and the button asks for it again.
      .catch((error: unknown) => handleError(error, "more"))
      .finally(() => setLoadingMore(false));
  };

  // The CSV is read whole before it is saved, so that what goes wrong is said here, not only in
  // the browser's list of downloads. One at a time: each press makes a whole export.
  const [downloading, setDownloading] = useState(false);
  const downloadCsv = () => {
    if (downloading) return;
    setDownloading(true);
    setFailed(null);
    void downloadRequestsCsv().then((csv) => {
      setDownloading(false);
      if ("file" in csv) {
        downloadFile(csv.file, csv.fileName);
        setAnnouncement(t`CSV ready: ${csv.fileName}`);
      } else if (csv.problem === "session-ended") {
        onSessionEnded(
          true,
          t`The CSV was not downloaded: press Download CSV again after signing in.`,
        );
      } else setFailed(`csv-${csv.problem}`);
    });
  };

  const shown = found?.requests.length ?? 0;

  // Only the server can end the session: until it has, the inbox stays and says so.
  const [signOutFailed, setSignOutFailed] = useState(false);
  const signOutHere = () => {
    setSignOutFailed(false);
    void signOut().then((done) => (done ? onSessionEnded(false) : setSignOutFailed(true)));
  };

  return (
    <Stack spacing={3}>
      <div role="status" style={visuallyHidden}>
        <span key={announcement.count}>{announcement.text}</span>
      </div>
      <InboxToolbar
        query={query}
        onQueryChange={onQueryChange}
        takeFocus={takeFocus}
        onCheck={() => checkForNew(true)}
        downloading={downloading}
        onDownload={downloadCsv}
        onSignOut={signOutHere}
      />
      {signOutFailed ? (
        <Alert severity="error" role="alert">
          {t`You are still signed in: the server could not be reached to sign you out. Check the connection and press Sign out again.`}
        </Alert>
      ) : null}
      {failed === "mark" ? (
        <Alert severity="error" role="alert">
          {t`The request could not be marked: the server could not be reached. Check the connection and try again.`}
        </Alert>
      ) : failed === "mark-busy" ? (
        <Alert severity="error" role="alert">
          {t`The request could not be marked: the inbox's database is not answering just now. Try again in a few moments.`}
        </Alert>
      ) : failed === "more" ? (
        <Alert severity="error" role="alert">
          {t`More requests could not be loaded. Check the connection and press Show more requests again.`}
        </Alert>
      ) : failed === "more-busy" ? (
        <Alert severity="error" role="alert">
          {t`More requests could not be loaded: the inbox's database is not answering just now. Press Show more requests again in a few moments.`}
        </Alert>
      ) : failed === "csv-busy" ? (
        <Alert severity="error" role="alert">
          {t`The CSV could not be made just now: the server is busy. Try again in a few moments.`}
        </Alert>
      ) : failed === "csv-connection" ? (
        <Alert severity="error" role="alert">
          {t`The CSV could not be downloaded: the connection to the server failed or was cut. Check the connection and try again.`}
        </Alert>
      ) : failed === "csv-failed" ? (
        <Alert severity="error" role="alert">
          {t`The CSV could not be made: the server failed. Try again, and if it fails again, tell the operator.`}
        </Alert>
      ) : failed === "load" || failed === "load-busy" ? (
        <TryAgainAlert
          onTryAgain={() => {
            setFailed(null);
            setLoads((count) => count + 1);
          }}
        >
          {failed === "load"
            ? t`The requests could not be loaded. Check the connection and try again.`
            : t`The requests could not be loaded: the inbox's database is not answering just now. Try again in a few moments.`}
        </TryAgainAlert>
      ) : null}
      <Typography role="status">
        {found === null
          ? t`Loading…`
          : shown === 0
            ? t`No requests found.`
            : found.next
              ? t`Requests shown: ${shown}. Older ones follow.`
              : t`Requests shown: ${shown}. That is all of them.`}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {found?.requests.map((request, index) => (
          <RequestCard
            key={request.id}
            request={request}
            onToggle={toggle}
            saving={saving.has(request.id)}
            takeFocus={index === focusIndex}
          />
        ))}
      </Stack>
      {found?.next ? (
        <Button
          variant="outlined"
          size="large"
          onClick={showMore}
          // Focusable while the page comes (aria-disabled): pressing it must not drop the focus.
          aria-disabled={loadingMore}
          sx={{ alignSelf: "flex-start" }}
        >
          {loadingMore ? t`Loading more requests…` : t`Show more requests`}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The search over the requests, the CSV of all of them, and Sign out. */
function InboxToolbar({
  query,
  onQueryChange,
  takeFocus,
  onCheck,
  downloading,
  onDownload,
  onSignOut,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  takeFocus: boolean;
  onCheck: () => void;
  downloading: boolean;
  onDownload: () => void;
  onSignOut: () => void;
}) {
  const { t } = useLingui();
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) search.current?.focus();
  }, [takeFocus]);
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
      <TextField
        type="search"
        inputRef={search}
        label={t`Search requests`}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        sx={{ flexGrow: 1, minWidth: 240 }}
      />
      <Button variant="outlined" size="large" onClick={onCheck} startIcon={<RefreshIcon />}>
        {t`Check for new requests`}
      </Button>
      <Button
        variant="outlined"
        size="large"
        onClick={onDownload}
        // Focusable while the CSV is made (aria-disabled): pressing it must not drop the focus.
        aria-disabled={downloading}
        startIcon={<DownloadIcon />}
        roomFor={downloading ? t`Download CSV` : t`Preparing the CSV…`}
      >
        {downloading ? t`Preparing the CSV…` : t`Download CSV`}
      </Button>
      <Button variant="text" size="large" onClick={onSignOut} startIcon={<LogoutIcon />}>
        {t`Sign out`}
      </Button>
    </Stack>
  );
}

/** One request, its text shown as text, with its Handled switch. */
function RequestCard({
  request,
  onToggle,
  saving,
  takeFocus,
}: {
  request: StaffRequest;
  onToggle: (request: StaffRequest, handled: boolean) => void;
  /** Its mark is on its way to the server: the switch waits (and keeps the focus). */
  saving: boolean;
  takeFocus: boolean;
}) {
  const { t, i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // Every card's switch is called "Handled": its request's subject says which one it marks.
  const headingId = useId();
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  const when = (iso: string) => dateAndTime(i18n.locale).format(new Date(iso));
  return (
    <Card component="li" variant="outlined">
      <CardContent>
        <Typography
          ref={heading}
          id={headingId}
          tabIndex={-1}
          variant="h3"
          component="h2"
          // In the language the visitor wrote in, so a screen reader reads it in that language.
          lang={request.language}
          sx={{ fontSize: "1.25rem", mb: 0.5 }}
        >
          {request.subject}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {request.name} · {request.email} ·{" "}
          <span lang={request.language}>
            {isLanguageCode(request.language) ? nativeNameOf(request.language) : request.language}
          </span>{" "}
          · {when(request.receivedAt)}
        </Typography>
        <Typography
          lang={request.language}
          sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mb: 1 }}
        >
          {request.message}
        </Typography>
        <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1.5 }}>
          <Button
            variant={request.handledAt ? "contained" : "outlined"}
            aria-pressed={request.handledAt !== null}
            aria-describedby={headingId}
            aria-disabled={saving}
            startIcon={request.handledAt ? <CheckIcon /> : undefined}
            onClick={() => onToggle(request, request.handledAt === null)}
          >
            {t`Handled`}
          </Button>
          {request.handledAt ? (
            <Typography color="text.secondary">{t`Handled ${when(request.handledAt)}`}</Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
