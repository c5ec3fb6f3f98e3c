import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { brand } from "@/lib/brand";
import { useKioskActive } from "@/lib/kiosk-flag";
import { Anchor } from "@/components/anchor";

/**
 * A link as a 44 px target, in bold. An address wider than a small screen's card breaks rather
 * than pushing the page sideways.
 */
export const linkTarget = {
  display: "inline-flex",
  alignItems: "center",
  minHeight: 44,
  fontWeight: 700,
  overflowWrap: "anywhere",
} as const;

/**
 * The support email address or phone number: a link that opens the mail or phone app, or, in
 * kiosk mode (where links leaving the app are hidden), the same details as plain text, so a
 * patient can still copy them down.
 */
export function SupportContact({ kind }: { kind: "email" | "phone" }) {
  const kiosk = useKioskActive();
  const text = kind === "email" ? breakableAfterAt(brand.email) : brand.phone;
  if (kiosk) return <Typography sx={{ fontWeight: 700 }}>{text}</Typography>;
  const href =
    kind === "email" ? `mailto:${brand.email}` : `tel:${brand.phone.replace(/[^\d+]/g, "")}`;
  return (
    // Named by the address as written: the break's place is not a space.
    <Anchor href={href} aria-label={kind === "email" ? brand.email : undefined} sx={linkTarget}>
      {text}
    </Anchor>
  );
}

/**
 * An address that may go onto a second line after its "@" ("support@ / dauys.app") rather
 * than inside a name ("support@dauys.ap / p", which reads as another address).
 */
function breakableAfterAt(email: string): ReactNode {
  const at = email.indexOf("@") + 1;
  if (at === 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
