/**
 * A button: the browser's own `<button>` (or `<a>` for a link that looks like one), drawn as MUI's
 * Button draws it, in the three looks this app uses (contained, outlined, text), at least 44×44 px.
 * MUI's Button came with ButtonBase, its ripple and a loading spinner, about 6 kB gzip every page
 * evaluated before its first tap (issue 22); a native button already does what they add here:
 * it is focusable, Enter and Space press it, `:focus-visible` shows the page's focus ring.
 */
import type { ComponentProps, ReactNode, Ref } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import { tokens } from "@/theme/tokens";

type Variant = "contained" | "outlined" | "text";
type Color = "primary" | "secondary" | "error" | "inherit";

/** What a `<button>` looks like before it is drawn as anything: no border, margin or padding. */
export const bareButton = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  position: "relative",
  boxSizing: "border-box",
  margin: 0,
  padding: 0,
  border: 0,
  font: "inherit",
  color: "inherit",
  backgroundColor: "transparent",
  cursor: "pointer",
  userSelect: "none",
  verticalAlign: "middle",
  textDecoration: "none",
  WebkitTapHighlightColor: "transparent",
} as const;

/** A `<button>` with nothing drawn: for a control drawn by its own styles (a lesson card). */
export const BareButton = styled("button")(bareButton);

type OwnerState = { variant: Variant; color: Color; size: "medium" | "large"; fullWidth: boolean };

/**
 * Styles shared by the button and the link, for its look, colour and size. Chosen here rather
 * than by nested selectors, so they sit in the class itself, where a caller's `sx` overrides them.
 */
const look = ({ theme, ownerState }: { theme: Theme; ownerState: OwnerState }) => {
  // The same few looks for every button of the page: made once per theme, not per drawing.
  const { variant, color, size, fullWidth } = ownerState;
  const key = `${variant} ${color} ${size} ${fullWidth}`;
  let made = looksMade.get(theme);
  if (!made) {
    made = new Map();
    looksMade.set(theme, made);
  }
  let style = made.get(key);
  if (!style) {
    style = makeLook(theme, ownerState);
    made.set(key, style);
  }
  return style;
};

const looksMade = new WeakMap<Theme, Map<string, ReturnType<typeof makeLook>>>();

function makeLook(theme: Theme, { variant, color, size, fullWidth }: OwnerState) {
  const palette = color === "inherit" ? null : theme.palette[color];
  const large = size === "large";
  const hoverBg = theme.alpha(
    palette?.main ?? theme.palette.text.primary,
    theme.palette.action.hoverOpacity,
  );
  const looks = {
    contained: {
      color: palette?.contrastText ?? theme.palette.text.primary,
      backgroundColor: palette?.main ?? theme.palette.grey[300],
      hover: { backgroundColor: palette?.dark ?? theme.palette.grey.A100 },
    },
    outlined: {
      color: palette?.main ?? "inherit",
      border: `1px solid ${palette ? theme.alpha(palette.main, 0.5) : "currentColor"}`,
      hover: { backgroundColor: hoverBg, borderColor: palette?.main ?? "currentColor" },
    },
    text: { color: palette?.main ?? "inherit", hover: { backgroundColor: hoverBg } },
  };
  const { hover, ...colours } = looks[variant];
  // Outlined buttons draw a pixel of border inside the same height.
  const paddingBlock = (large ? 8 : 6) - (variant === "outlined" ? 1 : 0);
  return {
    ...bareButton,
    ...theme.typography.button,
    ...(large ? { fontSize: theme.typography.pxToRem(15) } : {}),
    minWidth: tokens.minTarget,
    minHeight: tokens.minTarget,
    padding: `${paddingBlock}px 20px`,
    borderRadius: tokens.radius,
    ...(fullWidth ? { width: "100%" } : {}),
    ...colours,
    transition: theme.transitions.create(["background-color", "border-color", "color"], {
      duration: theme.transitions.duration.short,
    }),
    "@media (hover: hover)": { "&:hover": hover },
    "&:disabled, &[aria-disabled=true]": {
      color: theme.palette.action.disabled,
      cursor: "default",
      pointerEvents: "none",
      ...(variant === "contained"
        ? { backgroundColor: theme.palette.action.disabledBackground }
        : variant === "outlined"
          ? { borderColor: theme.palette.action.disabledBackground }
          : {}),
    },
    "& > .button-start-icon, & > .button-end-icon": {
      display: "inherit",
      "& > svg": { fontSize: large ? 22 : 20 },
    },
    "& > .button-start-icon": { marginRight: 8, marginLeft: -4 },
    "& > .button-end-icon": { marginRight: -4, marginLeft: 8 },
  } as const;
}

const NativeButton = styled("button")<{ ownerState: OwnerState }>(look);

const NativeAnchor = styled("a")<{ ownerState: OwnerState }>(look);

type Look = {
  variant?: Variant;
  color?: Color;
  size?: "medium" | "large";
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  /**
   * The label the button shows at other times ("Sending…" beside "Send Message"), whose room it
   * keeps: laid out hidden (neither drawn nor read) in one grid cell with the label shown, so the
   * button is as big as the longer one whichever it shows. A button that changed size as it was
   * pressed moved under a trembling finger, and moved what is beside or under it: in Russian on
   * a phone "Edit the board" took a line of its own, and "Done editing" went up beside "Speak in".
   */
  roomFor?: string;
};

/** The look's props taken apart from the element's own: what the element is given to draw it. */
function drawn<P extends Look & { className?: string; children?: ReactNode }>({
  variant = "text",
  color = "primary",
  size = "medium",
  fullWidth = false,
  startIcon,
  endIcon,
  roomFor,
  className,
  children,
  ...element
}: P) {
  return {
    element,
    look: {
      className: className ? `button ${className}` : "button",
      ownerState: { variant, color, size, fullWidth },
      children: (
        <>
          {startIcon ? <span className="button-start-icon">{startIcon}</span> : null}
          {roomFor ? (
            // Inline styles: every page starts with the buttons, and Talk has few bytes to spare.
            <span style={{ display: "grid", alignItems: "center" }}>
              <span style={{ gridArea: "1/1" }}>{children}</span>
              <span aria-hidden style={{ gridArea: "1/1", visibility: "hidden" }}>
                {roomFor}
              </span>
            </span>
          ) : (
            children
          )}
          {endIcon ? <span className="button-end-icon">{endIcon}</span> : null}
        </>
      ),
    },
  };
}

export type ButtonProps = Look &
  Omit<ComponentProps<"button">, "color" | "ref"> & { ref?: Ref<HTMLButtonElement> };

export function Button({ type = "button", ...props }: ButtonProps) {
  const { element, look } = drawn(props);
  return <NativeButton type={type} {...element} {...look} />;
}

export type ButtonAnchorProps = Look &
  Omit<ComponentProps<"a">, "color" | "ref"> & { ref?: Ref<HTMLAnchorElement> };

/** A link drawn as a button (it goes somewhere, where a button does something). */
export function ButtonAnchor(props: ButtonAnchorProps) {
  const { element, look } = drawn(props);
  return <NativeAnchor {...element} {...look} />;
}
