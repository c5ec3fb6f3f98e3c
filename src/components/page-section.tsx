import type { ReactNode } from "react";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { usePageTitle } from "@/lib/use-page-title";

/** A page's shell: sets the document title and renders the single main heading. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 4, md: 6 } }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
