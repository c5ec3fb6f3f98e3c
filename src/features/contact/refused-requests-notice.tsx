/**
 * The app-wide news that requests which had to wait were refused by the server when they were
 * finally sent (refusal-news.ts), with the way to the contact page, where each is shown with the
 * reason and can be corrected and sent again. Its words are a catalog part of their own
 * (src/shared/catalog-parts.ts), fetched with the first such news (outbox-news.tsx).
 */
import { useLingui } from "@lingui/react/macro";
import Typography from "@mui/material/Typography";
import { ClosableAlert } from "@/components/closable-alert";
import { AlertTitle } from "@/components/alert";
import { ButtonLink } from "@/components/router-link";
import { SubjectList } from "@/features/contact/subject-list";
import type { RefusedRequest } from "@/features/contact/refusal-news";

export function RefusedRequestsNotice({
  refused,
  onTold,
}: {
  refused: RefusedRequest[];
  /** Closed, or followed to the contact page: the user knows. */
  onTold: () => void;
}) {
  const { t } = useLingui();
  return (
    // An alert, said as it appears; it does not take the focus from what the user is doing.
    <ClosableAlert
      severity="error"
      variant="filled"
      onClose={onTold}
      sx={{ width: "100%", maxWidth: 560, boxShadow: 6, pointerEvents: "auto" }}
    >
      <AlertTitle>
        {refused.length === 1
          ? t`Your saved message was not delivered`
          : t`Your saved messages were not delivered`}
      </AlertTitle>
      <SubjectList subjects={refused.map((item) => item.subject)} />
      <Typography sx={{ mt: 1 }}>
        {t`The server did not accept what was sent. Nothing you wrote is lost: on the contact page you can see why, correct it and send it again.`}
      </Typography>
      <ButtonLink
        to="/contact"
        variant="outlined"
        color="inherit"
        onClick={onTold}
        sx={{ mt: 1.5 }}
      >
        {t`Open the contact page`}
      </ButtonLink>
    </ClosableAlert>
  );
}
