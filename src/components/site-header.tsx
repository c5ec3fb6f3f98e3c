import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { useLingui } from "@lingui/react/macro";
import { useRouterState } from "@tanstack/react-router";
import Box from "@mui/material/Box";
import { Container } from "@/components/container";
import { IconButton } from "@/components/icon-button";
import Stack from "@mui/material/Stack";
import { keyframes, type Theme } from "@mui/material/styles";
import MenuIcon from "@mui/icons-material/Menu";
import CloseIcon from "@mui/icons-material/Close";
import { ButtonLink } from "@/components/router-link";
import { OfflineIndicator } from "@/components/offline-indicator";
import { LanguageSwitcher } from "@/components/language-switcher";
import { LogoMark } from "@/components/logo";
import { brand } from "@/lib/brand";
import { tokens } from "@/theme/tokens";
import { visuallyHidden } from "@/theme/visually-hidden";

type NavTarget = "/about" | "/contact" | "/recognition" | "/talk" | "/recovery";

const activeStyle = {
  "&[aria-current='page']": {
    backgroundColor: "rgba(10, 88, 168, 0.1)",
    color: tokens.color.primaryDark,
    boxShadow: `inset 0 -3px 0 ${tokens.color.primary}`,
  },
} as const;

// How the bar lays itself out, most generous first; useNavLayout picks the first that fits on one
// line and marks the header with it (`data-nav`). "links": the links and Get Started in the bar,
// from `md` up (at 1024 px the English links fit and the Kyrgyz ones do not). "menu": the menu
// button stands in for them. "narrow": the brand name is left to screen readers, as on a phone
// offline; "narrowest": the word "Offline" too, its icon staying; "tightest": the bar's margins
// halve as well, which a 320 px phone needs in kiosk mode offline. Until the app has measured (a
// prerendered page before it starts), the breakpoints guess: from `lg` the links fit in every
// language, below `md` they never do (the menu button); between the two neither shows until the
// app knows which fits, so no menu button appears only to be swapped for the links.
const navLayouts = ["links", "menu", "narrow", "narrowest", "tightest"] as const;
const inLinksLayout = "[data-nav='links'] &";
const inMenuLayout = "[data-nav]:not([data-nav='links']) &";
const linksOnly = (display: "flex" | "inline-flex") => (theme: Theme) => ({
  display: "none",
  [theme.breakpoints.up("lg")]: { display },
  [inMenuLayout]: { display: "none" },
  [theme.breakpoints.up("md")]: { [inLinksLayout]: { display } },
});
const menuOnly = (display: "block" | "inline-flex") => (theme: Theme) => ({
  // From `md` only the menu layout shows it: before the app has measured, and in the links layout.
  [theme.breakpoints.up("md")]: { display: "none" },
  [inMenuLayout]: { display },
});
const brandNameStyle = {
  "[data-nav='narrow'] &, [data-nav='narrowest'] &, [data-nav='tightest'] &": visuallyHidden,
};
const offlineLabelStyle = { "[data-nav='narrowest'] &, [data-nav='tightest'] &": visuallyHidden };
const barMarginStyle = { "[data-nav='tightest'] &": { paddingInline: 1 } };

/** Whether `node` is inside one of `parts`. */
const isWithin = (node: unknown, ...parts: RefObject<HTMLElement | null>[]) =>
  node instanceof Node && parts.some((part) => part.current?.contains(node));

/**
 * The phone menu's state. It belongs to the page it was opened on: any way of leaving that page
 * (the logo, a link in the page, Back) closes it. The open menu covers the top of the page, so it
 * gives way as soon as the user turns to the page: a tap or click outside it, or focus moving on
 * past it. Escape closes it too and puts focus back on its button, where a keyboard user expects
 * to be.
 */
function usePhoneMenu(
  toggleRef: RefObject<HTMLButtonElement | null>,
  menuRef: RefObject<HTMLElement | null>,
) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const open = menuOpenOn === pathname;
  useEffect(() => {
    if (!open) return;
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
  }, [open, toggleRef, menuRef]);
  const close = () => setMenuOpenOn(null);
  return {
    open,
    close,
    toggle: () => setMenuOpenOn(open ? null : pathname),
    closeWhenFocusLeaves: (event: FocusEvent) => {
      // Focus going nowhere (a tap on plain text, say) is left to the click handler above.
      if (event.relatedTarget && !isWithin(event.relatedTarget, toggleRef, menuRef)) close();
    },
  };
}

type NavItem = { to: NavTarget; label: string };

/** The phone menu slides down from under the bar (not at all for those who ask for less motion). */
const menuOpening = keyframes({
  from: { opacity: 0, transform: "translateY(-8px)" },
  to: { opacity: 1, transform: "none" },
});

/** The links as the phone menu lists them, under the bar. */
function PhoneMenu({
  menu,
  menuRef,
  navItems,
}: {
  menu: ReturnType<typeof usePhoneMenu>;
  menuRef: RefObject<HTMLElement | null>;
  navItems: NavItem[];
}) {
  const { t } = useLingui();
  if (!menu.open) return null;
  return (
    <Box sx={[menuOnly("block"), { animation: `${menuOpening} 200ms ease-out` }]}>
      {/* Lined up with the bar, also on a tablet or a wide screen whose bar is too full. */}
      <Container
        component="nav"
        maxWidth="lg"
        ref={menuRef}
        id="mobile-menu"
        aria-label={t`Main`}
        onBlur={menu.closeWhenFocusLeaves}
        sx={{ pb: 2 }}
      >
        <Stack spacing={1}>
          {navItems.map((item) => (
            <ButtonLink
              key={item.to}
              to={item.to}
              color="inherit"
              onClick={menu.close}
              sx={{ justifyContent: "flex-start", ...activeStyle }}
            >
              {item.label}
            </ButtonLink>
          ))}
          <ButtonLink to="/contact" variant="contained" onClick={menu.close}>
            {t`Get Started`}
          </ButtonLink>
          <ButtonLink to="/contact" variant="outlined" onClick={menu.close}>
            {t`Sign In`}
          </ButtonLink>
        </Stack>
      </Container>
    </Box>
  );
}

/** `actions`: extra controls at the end of the bar (the root puts the kiosk exit button there). */
export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useLingui();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const menu = usePhoneMenu(toggleRef, menuRef);
  const headerRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // The menu goes with its button: when the links take the button's place (a tablet turned to
  // landscape), it closes rather than opening again when the tablet is turned back.
  useNavLayout(headerRef, barRef, () => {
    if (toggleRef.current?.getClientRects().length === 0) menu.close();
  });

  const navItems: NavItem[] = [
    { to: "/about", label: t`About` },
    { to: "/contact", label: t`Contact` },
    { to: "/recognition", label: t`Recognition` },
    { to: "/talk", label: t`Talk` },
    { to: "/recovery", label: t`Recovery` },
  ];

  return (
    <Box
      component="header"
      ref={headerRef}
      sx={{
        position: "fixed",
        insetInline: 0,
        top: 0,
        zIndex: "appBar",
        borderBottom: 1,
        borderColor: "divider",
        backgroundColor: "background.paper",
      }}
    >
      <Container maxWidth="lg" sx={barMarginStyle}>
        <Box
          ref={barRef}
          // Nothing wraps or shrinks: a bar that does not fit takes the next of navLayouts.
          sx={{
            display: "flex",
            alignItems: "center",
            minHeight: tokens.headerHeight,
            gap: 1,
            whiteSpace: "nowrap",
            "& > *": { flexShrink: 0 },
          }}
        >
          <ButtonLink
            to="/"
            color="inherit"
            activeOptions={{ exact: true }}
            sx={{ px: 1, gap: 1, fontSize: "1.25rem", fontWeight: 800 }}
          >
            <LogoMark />
            <Box component="span" sx={brandNameStyle}>
              {brand.name}
            </Box>
          </ButtonLink>
          <Box component="nav" aria-label={t`Main`} sx={[linksOnly("flex"), { gap: 0.5, ml: 2 }]}>
            {navItems.map((item) => (
              <ButtonLink
                key={item.to}
                to={item.to}
                color="inherit"
                sx={{ paddingInline: 1.5, ...activeStyle }}
              >
                {item.label}
              </ButtonLink>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <OfflineIndicator labelSx={offlineLabelStyle} />
          <LanguageSwitcher />
          {actions}
          <ButtonLink to="/contact" variant="contained" sx={linksOnly("inline-flex")}>
            {t`Get Started`}
          </ButtonLink>
          <IconButton
            ref={toggleRef}
            sx={menuOnly("inline-flex")}
            aria-label={menu.open ? t`Close menu` : t`Open menu`}
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
            onClick={menu.toggle}
            onBlur={menu.closeWhenFocusLeaves}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Box>
      </Container>
      <PhoneMenu menu={menu} menuRef={menuRef} navItems={navItems} />
    </Box>
  );
}

/**
 * Sets `data-nav` on `header` to the first of `navLayouts` in which its bar fits on one line (the
 * last if none does), then calls `onLayout`. No breakpoint can promise that: the labels come in
 * six languages, the bar also holds the offline notice and the kiosk exit button when they show,
 * and users may enlarge the text. Each check tries the layouts, measuring each, and decides in
 * one go, before the browser paints, so the header never shows a layout that does not fit.
 */
function useNavLayout(
  headerRef: RefObject<HTMLElement | null>,
  barRef: RefObject<HTMLElement | null>,
  onLayout: () => void,
) {
  const laidOut = useEffectEvent(onLayout);
  useLayoutEffect(() => {
    const header = headerRef.current;
    const bar = barRef.current;
    if (!header || !bar) return;
    const check = () => {
      for (const layout of navLayouts) {
        header.dataset.nav = layout;
        if (bar.scrollWidth <= bar.clientWidth) break;
      }
      laidOut();
    };
    check();
    // A new width, or new content in the bar: another language, the offline notice.
    const resizes = new ResizeObserver(check);
    resizes.observe(bar);
    const changes = new MutationObserver(check);
    changes.observe(bar, { childList: true, characterData: true, subtree: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
    };
  }, [headerRef, barRef]);
}
