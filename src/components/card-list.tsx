import type { ReactNode } from "react";
import Box from "@mui/material/Box";

/**
 * A responsive list of cards: one column on phones, more as the screen widens, fewer as the text
 * grows (the narrowest column is in rem, which follows the text size the user chose).
 */
export function CardList({
  children,
  minWidth = 260,
  gap = 3,
}: {
  children: ReactNode;
  /** The narrowest a column may be, in CSS px at the usual text size (unless the screen is narrower). */
  minWidth?: number;
  gap?: number;
}) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${minWidth / 16}rem), 1fr))`,
      }}
    >
      {children}
    </Box>
  );
}
