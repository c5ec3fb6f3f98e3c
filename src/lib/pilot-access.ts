/**
 * Pilot access: a device that has sent a request through the contact form, or a clinic tablet in
 * kiosk mode, may use the paid features without the "paid version" popup.
 */
import { readValue, storageKeys, writeValue } from "@/lib/storage";

export type PilotAccess = { grantedAt: string; reason: "request-sent" };
export type KioskSetting = { enabled: boolean };

export async function hasPilotAccess(): Promise<boolean> {
  const [access, kiosk] = await Promise.all([
    readValue<PilotAccess>(storageKeys.pilotAccess),
    readValue<KioskSetting>(storageKeys.kiosk),
  ]);
  return Boolean(access) || Boolean(kiosk?.enabled);
}

export async function grantPilotAccess(): Promise<void> {
  await writeValue<PilotAccess>(storageKeys.pilotAccess, {
    grantedAt: new Date().toISOString(),
    reason: "request-sent",
  });
}
