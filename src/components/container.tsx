/**
 * The page's column: full width on a phone, centred up to `maxWidth` wider, with MUI's gutters.
 * MUI's Container as this app uses it, without the 0.7 kB gzip of its fixed and gutterless modes
 * that every page paid for (issue 22).
 */
import type { ElementType, HTMLAttributes, Ref } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";

type Width = "sm" | "md" | "lg";

// Neither `maxWidth` nor what MUI's own styled components keep to themselves reaches the element.
const notForwarded = new Set<PropertyKey>(["maxWidth", "sx", "as", "ownerState", "theme"]);

const Column = styled("div", { shouldForwardProp: (prop) => !notForwarded.has(prop) })<{
  maxWidth: Width;
}>(({ theme, maxWidth }) => ({
  width: "100%",
  boxSizing: "border-box",
  marginInline: "auto",
  paddingInline: theme.spacing(2),
  [theme.breakpoints.up("sm")]: { paddingInline: theme.spacing(3) },
  [theme.breakpoints.up(maxWidth)]: { maxWidth: theme.breakpoints.values[maxWidth] },
}));

export function Container({
  maxWidth = "lg",
  component,
  ref,
  ...props
}: HTMLAttributes<HTMLElement> & {
  maxWidth?: Width;
  component?: ElementType;
  ref?: Ref<HTMLElement>;
  sx?: SxProps<Theme>;
}) {
  // The element is `component` (a <nav>, a <section>) when given, a <div> otherwise.
  return <Column as={component} maxWidth={maxWidth} ref={ref as Ref<HTMLDivElement>} {...props} />;
}
