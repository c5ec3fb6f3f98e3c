import { useId } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import { CardList } from "@/components/card-list";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import TranslateIcon from "@mui/icons-material/Translate";
import { recognitionLanguages } from "@/features/recognition/recognition-languages";
import { drawnWhenNear } from "@/theme/drawn-when-near";
import { brand } from "@/lib/brand";

/** The languages the page recognizes and speaks, for visitors wondering whether theirs is one. */
export function MultilingualSupport() {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const name = brand.name;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        p: { xs: 2.5, md: 4 },
        bgcolor: "background.default",
        ...drawnWhenNear({ xs: 700, sm: 400, md: 350, lg: 350 }),
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1 }}>
        <TranslateIcon color="primary" aria-hidden="true" />
        <Typography id={headingId} variant="h2" component="h2">
          {t`Multilingual support`}
        </Typography>
      </Box>
      <Typography sx={{ mb: 2.5 }}>
        {t`Speak in any of these six languages: ${name} writes down what you say and reads your text aloud in the same language.`}
      </Typography>
      {/* Columns wide enough for the longest name ("Азербайджанский"). */}
      <CardList minWidth={240} gap={1.5}>
        {recognitionLanguages.map((language) => (
          <Box
            component="li"
            key={language.code}
            sx={{
              display: "flex",
              alignItems: "center",
              gap: 1.5,
              px: 2,
              py: 1.5,
              borderRadius: 1,
              bgcolor: "background.paper",
              border: 1,
              borderColor: "divider",
              fontWeight: 600,
              overflowWrap: "anywhere",
            }}
          >
            {i18n._(language.name)}
          </Box>
        ))}
      </CardList>
    </Paper>
  );
}
