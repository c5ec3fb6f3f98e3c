import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { BackToHomeLink, PageHeading } from "@/components/page-section";
import { ButtonLink } from "@/components/router-link";
import { LanguagesGrid } from "@/features/marketing/languages-grid";
import { PartnersGrid } from "@/features/marketing/partners-grid";
import { SymbolCredits } from "@/features/marketing/symbol-credits";
import { msg } from "@lingui/core/macro";
import { loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";

const title = msg`About`;

export const Route = createFileRoute("/about")({
  head: pageHead(title),
  // The marketing sections' messages come with the pages that show them.
  loader: () => loadCatalogParts(["marketing"]),
  component: AboutPage,
});

function AboutPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: 3 }}>
        <BackToHomeLink />
      </Container>
      <PageHeading title={i18n._(title)}>
        <Typography sx={{ fontSize: "1.25rem", maxWidth: 760 }}>
          {t`Dauys is built with speech therapists, doctors and patients in Central Asia and the CIS. Our goal is simple: everyone whose speech is hard to understand after cerebral palsy, Parkinson's disease or a stroke should be understood again.`}
        </Typography>
      </PageHeading>
      <LanguagesGrid />
      <PartnersGrid />
      <SymbolCredits />
      <Container
        maxWidth="md"
        component="section"
        aria-labelledby="about-contact-title"
        sx={{ py: 8, textAlign: "center" }}
      >
        <Typography id="about-contact-title" variant="h2" component="h2" gutterBottom>
          {t`Let's work together`}
        </Typography>
        <Typography sx={{ fontSize: "1.125rem", mb: 3 }}>
          {t`Clinics, universities, associations and public institutions: tell us how we can help your patients.`}
        </Typography>
        <ButtonLink to="/contact" variant="contained" size="large">
          {t`Contact Us`}
        </ButtonLink>
      </Container>
    </>
  );
}
