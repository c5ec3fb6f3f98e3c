import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Collapse from "@mui/material/Collapse";
import Container from "@mui/material/Container";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Toolbar from "@mui/material/Toolbar";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import { ButtonLink } from "@/components/router-link";
import { OfflineIndicator } from "@/components/app-notices";
import { LanguageSwitcher } from "@/components/language-switcher";
import { LogoMark } from "@/components/logo";
import { brand } from "@/lib/brand";
import { tokens } from "@/theme/tokens";

type NavTarget = "/about" | "/contact" | "/recognition" | "/recovery";

const activeStyle = {
  "&[aria-current='page']": {
    backgroundColor: "rgba(10, 88, 168, 0.1)",
    color: tokens.color.primaryDark,
    boxShadow: `inset 0 -3px 0 ${tokens.color.primary}`,
  },
} as const;

/** Whether `node` is inside one of `parts`. */
const isWithin = (node: unknown, ...parts: RefObject<HTMLElement | null>[]) =>
  node instanceof Node && parts.some((part) => part.current?.contains(node));

/** `actions`: extra controls at the end of the bar (the root puts the kiosk exit button there). */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  // The phone menu belongs to the page it was opened on: any way of leaving that page (the
  // logo, a link in the page, Back) closes it.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const closeMenu = () => setMenuOpenOn(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);

  // The open menu covers the top of the page, so it gives way as soon as the user turns to the
  // page: a tap or click outside it, or focus moving on past it. Escape closes it too and puts
  // focus back on its button, where a keyboard user expects to be.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!isWithin(event.target, toggleRef, menuRef)) setMenuOpenOn(null);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("click", closeOnOutsideClick, true);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("click", closeOnOutsideClick, true);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [menuOpen]);
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    // Focus going nowhere (a tap on plain text, say) is left to the click handler above.
    if (event.relatedTarget && !isWithin(event.relatedTarget, toggleRef, menuRef)) closeMenu();
  };

  const navItems: { to: NavTarget; label: string }[] = [
    { to: "/about", label: t`About` },
    { to: "/contact", label: t`Contact` },
    { to: "/recognition", label: t`Recognition` },
    { to: "/recovery", label: t`Recovery` },
  ];

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", backgroundColor: "background.paper" }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: tokens.headerHeight, gap: 1 }}>
          <ButtonLink
            to="/"
            color="inherit"
            activeOptions={{ exact: true }}
            sx={{ px: 1, gap: 1, fontSize: "1.25rem", fontWeight: 800 }}
          >
            <LogoMark />
            {brand.name}
          </ButtonLink>
          <Box
            component="nav"
            aria-label={t`Main`}
            sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ml: 2 }}
          >
            {navItems.map((item) => (
              <ButtonLink key={item.to} to={item.to} color="inherit" sx={activeStyle}>
                {item.label}
              </ButtonLink>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <OfflineIndicator />
          <LanguageSwitcher />
          {actions}
          <ButtonLink
            to="/contact"
            variant="contained"
            sx={{ display: { xs: "none", md: "inline-flex" } }}
          >
            {t`Get Started`}
          </ButtonLink>
          <IconButton
            ref={toggleRef}
            sx={{ display: { md: "none" } }}
            aria-label={menuOpen ? t`Close menu` : t`Open menu`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
            onBlur={closeWhenFocusLeaves}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
      </Container>
      <Collapse in={menuOpen} unmountOnExit sx={{ display: { md: "none" } }}>
        <Box
          component="nav"
          ref={menuRef}
          id="mobile-menu"
          aria-label={t`Main`}
          onBlur={closeWhenFocusLeaves}
          sx={{ px: 2, pb: 2 }}
        >
          <Stack spacing={1}>
            {navItems.map((item) => (
              <ButtonLink
                key={item.to}
                to={item.to}
                color="inherit"
                onClick={closeMenu}
                sx={{ justifyContent: "flex-start", ...activeStyle }}
              >
                {item.label}
              </ButtonLink>
            ))}
            <ButtonLink to="/contact" variant="contained" onClick={closeMenu}>
              {t`Get Started`}
            </ButtonLink>
            <ButtonLink to="/contact" variant="outlined" onClick={closeMenu}>
              {t`Sign In`}
            </ButtonLink>
          </Stack>
        </Box>
      </Collapse>
    </AppBar>
  );
}
