import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { ButtonLink } from "@/components/router-link";

/** A page's shell: the single main heading (the route's `head` gives the document title). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 4, md: 6 } }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

/** The 'Back to Home' link that opens the inner pages. */
export function BackToHomeLink() {
  const { t } = useLingui();
  return (
    <ButtonLink to="/" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
      {t`Back to Home`}
    </ButtonLink>
  );
}

/**
 * The opening of a feature page: the way back home, the single main heading and a lead
 * paragraph. Render it inside the page's container.
 */
export function PageIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <BackToHomeLink />
      <Typography variant="h1" component="h1" sx={{ mt: 2, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography sx={{ fontSize: "1.125rem", color: "text.secondary", maxWidth: 760, mb: 4 }}>
        {lead}
      </Typography>
    </>
  );
}
