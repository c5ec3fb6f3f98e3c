/**
 * A message set apart by its colour and icon: a problem, a success, what is waiting. MUI's Alert,
 * in the parts this app uses (severity, the standard, outlined and filled looks, an action or a
 * Close button, a title), with the same colours. MUI's came with its own IconButton and Paper,
 * about 3 kB gzip that Contact, Recognition and Talk loaded before their first paint for an alert
 * most visitors never see (issue 22).
 */
import type { ComponentProps, ReactNode, Ref } from "react";
import { styled, type SxProps, type Theme } from "@mui/material/styles";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import CloseIcon from "@mui/icons-material/Close";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import ReportProblemOutlinedIcon from "@mui/icons-material/ReportProblemOutlined";
import { IconButton } from "@/components/icon-button";

export type AlertSeverity = "success" | "info" | "warning" | "error";

type OwnerState = { severity: AlertSeverity; variant: "standard" | "outlined" | "filled" };

const Root = styled("div")<{ ownerState: OwnerState }>(({
  theme,
  ownerState: { severity, variant },
}) => {
  const palette = theme.palette[severity];
  return {
    ...theme.typography.body2,
    display: "flex",
    padding: "6px 16px",
    borderRadius: theme.shape.borderRadius,
    ...(variant === "filled"
      ? {
          fontWeight: theme.typography.fontWeightMedium,
          color: theme.palette.getContrastText(palette.main),
          backgroundColor: palette.main,
        }
      : {
          color: theme.darken(palette.light, 0.6),
          backgroundColor:
            variant === "standard" ? theme.lighten(palette.light, 0.9) : "transparent",
          border: variant === "outlined" ? `1px solid ${palette.light}` : undefined,
          "& > .alert-icon": { color: palette.main },
        }),
  };
});

const Icon = styled("div")({
  marginRight: 12,
  padding: "7px 0",
  display: "flex",
  fontSize: 22,
  opacity: 0.9,
});

const Message = styled("div")({ padding: "8px 0", minWidth: 0, overflow: "auto" });

const Action = styled("div")({
  display: "flex",
  alignItems: "flex-start",
  padding: "4px 0 0 16px",
  marginLeft: "auto",
  marginRight: -8,
});

const icons: Record<AlertSeverity, ReactNode> = {
  success: <CheckCircleOutlineIcon fontSize="inherit" />,
  info: <InfoOutlinedIcon fontSize="inherit" />,
  warning: <ReportProblemOutlinedIcon fontSize="inherit" />,
  error: <ErrorOutlineIcon fontSize="inherit" />,
};

export type AlertProps = Omit<ComponentProps<"div">, "role" | "children" | "ref"> & {
  ref?: Ref<HTMLDivElement>;
  severity: AlertSeverity;
  variant?: "standard" | "outlined" | "filled";
  /** An icon in place of the severity's own. */
  icon?: ReactNode;
  /** What the user can do about it, at the end of the alert. */
  action?: ReactNode;
  /** Shows a Close button (named `closeText`) when there is no `action`. */
  onClose?: () => void;
  closeText?: string;
  /** "alert" unless said otherwise: a status, or "none" inside a region that speaks already. */
  role?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

export function Alert({
  severity,
  variant = "standard",
  icon,
  action,
  onClose,
  closeText = "Close",
  role = "alert",
  sx,
  className,
  children,
  ...rest
}: AlertProps) {
  // A toast's Snackbar gives its alert a ref, a style and event handlers for its transition.
  return (
    <Root
      role={role}
      ownerState={{ severity, variant }}
      sx={sx}
      className={className ? `alert ${className}` : "alert"}
      {...rest}
    >
      <Icon className="alert-icon">{icon ?? icons[severity]}</Icon>
      <Message>{children}</Message>
      {action != null ? (
        <Action>{action}</Action>
      ) : onClose ? (
        <Action>
          <IconButton
            aria-label={closeText}
            title={closeText}
            onClick={onClose}
            sx={{ color: "inherit" }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Action>
      ) : null}
    </Root>
  );
}

/** The alert's heading line, above its text. */
export const AlertTitle = styled("div")(({ theme }) => ({
  ...theme.typography.body1,
  fontWeight: theme.typography.fontWeightMedium,
  marginTop: -2,
  marginBottom: "0.35em",
}));
