import { useId, type ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

/** One of the Recognition page's panels: a section named by its heading, with an optional lead. */
export function WorkspacePanel({
  title,
  lead,
  fillHeight = false,
  children,
}: {
  title: string;
  lead?: string;
  /** Side-by-side panels stretch to the same height. */
  fillHeight?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2.5, md: 4 }, ...(fillHeight ? { height: "100%" } : {}) }}
    >
      <Typography id={headingId} variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      {lead ? <Typography sx={{ color: "text.secondary", mb: 2.5 }}>{lead}</Typography> : null}
      {children}
    </Paper>
  );
}
