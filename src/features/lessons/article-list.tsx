import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import ScheduleIcon from "@mui/icons-material/Schedule";
import { categoryLabels, type Article } from "@/features/lessons/articles";

/** The educational articles as cards: category, reading time, title and excerpt. */
export function ArticleList({ articles }: { articles: readonly Article[] }) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: {
          xs: "minmax(0, 1fr)",
          sm: "repeat(2, minmax(0, 1fr))",
          md: "repeat(3, minmax(0, 1fr))",
        },
      }}
    >
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
    </Box>
  );
}

function ArticleCard({ article }: { article: Article }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const minutes = article.readTime;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, md: 3 }, display: "flex", flexDirection: "column", gap: 1.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Box
          component="span"
          sx={{
            px: 1,
            py: 0.25,
            borderRadius: 999,
            bgcolor: "#e8f0fa",
            color: "primary.dark",
            fontSize: "0.8125rem",
            fontWeight: 700,
          }}
        >
          {i18n._(categoryLabels[article.category])}
        </Box>
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: "center", color: "text.secondary", fontSize: "0.875rem" }}
        >
          <ScheduleIcon aria-hidden="true" sx={{ fontSize: "1.1rem" }} />
          <span>{t`${minutes} min read`}</span>
        </Stack>
      </Stack>
      <Typography
        variant="h3"
        component="h3"
        id={titleId}
        sx={{ fontSize: "min(1.2rem, var(--h3))" }}
      >
        {i18n._(article.title)}
      </Typography>
      <Typography sx={{ color: "text.secondary" }}>{i18n._(article.excerpt)}</Typography>
    </Paper>
  );
}
