import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import CheckIcon from "@mui/icons-material/Check";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { chooseLanguage, languages, type LanguageCode } from "@/lib/i18n";

/** The six languages, opened from the language button (language-switcher.tsx). */
export default function LanguageMenu({
  id,
  anchor,
  current,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: LanguageCode;
  onClose: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === current}
          onClick={() => {
            onClose();
            void chooseLanguage(language.code);
          }}
        >
          <ListItemIcon>{language.code === current ? <CheckIcon /> : null}</ListItemIcon>
          <ListItemText>{language.nativeName}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
