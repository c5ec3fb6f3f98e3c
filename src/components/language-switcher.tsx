import { useId, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TranslateIcon from "@mui/icons-material/Translate";
import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { chooseLanguage, isLanguageCode, languages, nativeNameOf } from "@/lib/i18n";

export function LanguageSwitcher() {
  const { t, i18n } = useLingui();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = isLanguageCode(i18n.locale) ? i18n.locale : "en";
  const currentName = nativeNameOf(current);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? "true" : undefined}
        aria-label={t`Language: ${currentName}`}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Box component="span" lang={current} sx={{ display: { xs: "none", sm: "inline" } }}>
          {currentName}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language.code}
            lang={language.code}
            selected={language.code === current}
            onClick={() => {
              setAnchor(null);
              void chooseLanguage(language.code);
            }}
          >
            <ListItemIcon>{language.code === current ? <CheckIcon /> : null}</ListItemIcon>
            <ListItemText>{language.nativeName}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
