/** The header's offline indicator: shown while the connection is down or unreliable. */
import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import type { SxProps, Theme } from "@mui/material/styles";
import SignalWifiOffIcon from "@mui/icons-material/SignalWifiOff";
import { useConnectionStatus } from "@/lib/use-online-status";

/**
 * "Offline" when the browser has no network, "Connection unreliable" when it has one but the
 * server's answers time out (the app then works as offline until the next answer).
 * `labelSx`: extra styles for the label (the header hides it when space runs out).
 */
export function OfflineIndicator({ labelSx }: { labelSx?: SxProps<Theme> }) {
  const { t } = useLingui();
  const status = useConnectionStatus();
  return (
    <Box role="status" sx={{ display: "contents" }}>
      {status === "online" ? null : (
        <Box
          sx={{
            display: "inline-flex",
            alignItems: "center",
            gap: 0.75,
            px: 1.5,
            minHeight: 36,
            borderRadius: 999,
            bgcolor: "warning.main",
            color: "#fff",
            fontWeight: 700,
            fontSize: "0.875rem",
            whiteSpace: "nowrap",
          }}
        >
          <SignalWifiOffIcon fontSize="small" aria-hidden="true" />
          <Box component="span" sx={labelSx}>
            {status === "offline" ? t`Offline` : t`Connection unreliable`}
          </Box>
        </Box>
      )}
    </Box>
  );
}
