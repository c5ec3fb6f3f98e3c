import { useId, type ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/** One of the Talk screen's sections: named by its heading, with actions beside it. */
export function TalkPanel({
  title,
  actions,
  busy,
  children,
}: {
  title: string;
  actions?: ReactNode;
  /** Its content is still loading (the stored board, say). */
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-busy={busy}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack direction="row" sx={{ alignItems: "center", flexWrap: "wrap", gap: 1.5, mb: 2 }}>
        <Typography id={headingId} variant="h2" component="h2" sx={{ flexGrow: 1, m: 0 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
