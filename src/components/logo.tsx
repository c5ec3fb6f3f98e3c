import Box from "@mui/material/Box";

/** The Dauys mark: a speech bubble with sound waves. Decorative; the name beside it is the label. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flex: "none" }}
    >
      <rect width="48" height="48" rx="12" fill="#0a58a8" />
      <path
        d="M12 14h24a4 4 0 0 1 4 4v11a4 4 0 0 1-4 4H22l-7 6v-6h-3a4 4 0 0 1-4-4V18a4 4 0 0 1 4-4z"
        fill="#fff"
      />
      <path
        d="M17 23.5v1M21 20.5v7M25 18.5v11M29 21.5v5M33 23v2"
        stroke="#0a58a8"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </Box>
  );
}
