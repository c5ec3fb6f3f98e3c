/**
 * Pilot access: a device that has sent a request through the contact form, or a clinic tablet in
 * kiosk mode, may use the paid features without the "paid version" popup. Each grants it here
 * (the contact form after a send, the kiosk feature while kiosk mode is on); this module knows
 * nothing of either.
 */
import { readValue, removeValue, storageKeys, writeValue } from "@/lib/storage";

export type PilotAccessReason = "request-sent" | "kiosk";
export type PilotAccess = { grantedAt: string; reason: PilotAccessReason };

function isPilotAccess(value: unknown): value is PilotAccess {
  if (typeof value !== "object" || value === null) return false;
  const { reason } = value as Partial<PilotAccess>;
  return reason === "request-sent" || reason === "kiosk";
}

export async function hasPilotAccess(): Promise<boolean> {
  return isPilotAccess(await readValue<unknown>(storageKeys.pilotAccess));
}

/**
 * Grants access for `reason`. A request sent is the lasting reason: a kiosk's grant never replaces
 * it, so leaving kiosk mode does not take back what the device earned by writing to us.
 */
export async function grantPilotAccess(reason: PilotAccessReason = "request-sent"): Promise<void> {
  const current = await readValue<unknown>(storageKeys.pilotAccess);
  if (isPilotAccess(current) && (current.reason === reason || current.reason === "request-sent"))
    return;
  await writeValue<PilotAccess>(storageKeys.pilotAccess, {
    grantedAt: new Date().toISOString(),
    reason,
  });
}

/** Takes back a grant made for `reason` only (kiosk mode ended); any other grant stays. */
export async function revokePilotAccess(reason: PilotAccessReason): Promise<void> {
  const current = await readValue<unknown>(storageKeys.pilotAccess);
  if (isPilotAccess(current) && current.reason === reason)
    await removeValue(storageKeys.pilotAccess);
}
