import { useId, type ReactNode } from "react";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import Typography from "@mui/material/Typography";
import { HydrationPart } from "@/components/hydration-part";
import { drawnWhenNear, type HeightEstimate } from "@/theme/drawn-when-near";

/**
 * A titled band of a marketing page; the title is the section's accessible name. It is drawn
 * when it comes near the screen, and taken for `estimate` px tall until then.
 */
export function MarketingSection({
  title,
  subtitle,
  tinted = false,
  estimate,
  children,
}: {
  title: string;
  subtitle?: string;
  tinted?: boolean;
  estimate: HeightEstimate;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        py: { xs: 6, md: 8 },
        bgcolor: tinted ? "background.paper" : undefined,
        ...drawnWhenNear(estimate),
      }}
    >
      <Container maxWidth="lg">
        <Typography id={titleId} variant="h2" component="h2" sx={{ textAlign: "center", mb: 1 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography
            color="text.secondary"
            sx={{ textAlign: "center", maxWidth: 720, mx: "auto", mb: 4, fontSize: "1.125rem" }}
          >
            {subtitle}
          </Typography>
        ) : (
          <Box sx={{ mb: 4 }} />
        )}
        <HydrationPart>{children}</HydrationPart>
      </Container>
    </Box>
  );
}
