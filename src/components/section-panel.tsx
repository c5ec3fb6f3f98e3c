import { useId, type ReactNode } from "react";
import { HydrationPart } from "@/components/hydration-part";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/**
 * One of a workspace's panels (Recognition, Talk): a section named by its heading, with
 * controls beside the heading and a lead under it when it has them.
 */
export function SectionPanel({
  title,
  lead,
  actions,
  busy,
  fillHeight = false,
  compact = false,
  children,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  /** Its content is still loading (the stored board, say). */
  busy?: boolean;
  /** Side-by-side panels stretch to the same height. */
  fillHeight?: boolean;
  /** Less padding, for a screen of many panels (Talk). */
  compact?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={busy}
      variant="outlined"
      sx={{
        p: compact ? { xs: 2, md: 3 } : { xs: 2.5, md: 4 },
        ...(fillHeight ? { height: "100%" } : {}),
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: "center", flexWrap: "wrap", gap: 1.5, mb: compact ? 2 : 1 }}
      >
        <Typography id={headingId} variant="h2" component="h2" sx={{ flexGrow: 1, m: 0 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {lead ? <Typography sx={{ color: "text.secondary", mb: 2.5 }}>{lead}</Typography> : null}
      {/* Hydrates on its own, after the heading: a screen of panels is taken over in steps. */}
      <HydrationPart>{children}</HydrationPart>
    </Paper>
  );
}
