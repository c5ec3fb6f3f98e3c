import { createFileRoute } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { PageHeading } from "@/components/page-section";
import { ContactForm } from "@/features/contact/contact-form";
import { ContactCards } from "@/features/marketing/contact-cards";
import { msg } from "@lingui/core/macro";
import { loadCatalogParts } from "@/lib/i18n";
import { pageHead } from "@/lib/page-title";
import { drawnWhenNear } from "@/theme/drawn-when-near";

const title = msg`Contact Us`;

export const Route = createFileRoute("/contact")({
  head: pageHead(title),
  // The marketing sections' messages come with the pages that show them.
  loader: () => loadCatalogParts(["marketing"]),
  component: ContactPage,
});

function ContactPage() {
  const { t, i18n } = useLingui();
  return (
    <>
      <PageHeading title={i18n._(title)}>
        <Typography sx={{ fontSize: "1.25rem", maxWidth: 760 }}>
          {t`Tell us about yourself, your patients or your organisation. We respond within 24 hours.`}
        </Typography>
      </PageHeading>
      <Container
        maxWidth="lg"
        sx={{
          py: 4,
          display: "grid",
          gap: 4,
          // minmax(0, …): a column as narrow as the screen, never as wide as its widest word.
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 7fr) minmax(0, 5fr)" },
          alignItems: "start",
        }}
      >
        <Card variant="outlined" component="section" aria-labelledby="contact-form-title">
          <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography id="contact-form-title" variant="h2" component="h2" gutterBottom>
              {t`Send us a message`}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t`All fields are required.`}
            </Typography>
            <ContactForm />
          </CardContent>
        </Card>
        <Box
          component="aside"
          aria-label={t`Other ways to reach us`}
          sx={drawnWhenNear({ xs: 1000, sm: 750, md: 1000, lg: 800 })}
        >
          <ContactCards />
        </Box>
      </Container>
    </>
  );
}
