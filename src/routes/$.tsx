import { useEffect } from "react";
import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useLingui } from "@lingui/react/macro";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { ButtonLink } from "@/components/router-link";
import { msg } from "@lingui/core/macro";
import { pageHead } from "@/lib/page-title";

export const Route = createFileRoute("/$")({
  head: pageHead(msg`Page not found`),
  component: NotFoundPage,
});

function NotFoundPage() {
  const { t } = useLingui();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <Container maxWidth="md" sx={{ py: 10, textAlign: "center" }}>
      <Typography variant="h1" component="h1" gutterBottom>
        404
      </Typography>
      <Typography variant="h2" component="p" gutterBottom>
        {t`Oops! Page not found`}
      </Typography>
      <ButtonLink to="/" variant="contained" size="large" sx={{ mt: 3 }}>
        {t`Return to Home`}
      </ButtonLink>
    </Container>
  );
}
