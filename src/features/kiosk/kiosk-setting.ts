/**
 * The kiosk setting, stored in IndexedDB under `dauys.kiosk` so that it survives restarts. While
 * it is on, the kiosk grants the device pilot access (src/lib/pilot-access.ts), so a clinic
 * tablet never shows the paid-feature popup; turning it off takes that grant back (privacy-reset.ts,
 * which removes the setting: only staff leaving kiosk mode need that). The PIN itself is never
 * stored, only its hash.
 */
import { idleSecondsRange } from "@/features/kiosk/kiosk-search";
import type { PinAttempts, PinHash } from "@/features/kiosk/kiosk-pin";
import { defaultLanguage, isLanguageCode, type LanguageCode } from "@/lib/i18n";
import { grantPilotAccess } from "@/lib/pilot-access";
import { readValue, storageKeys, writeValue } from "@/lib/storage";

export type KioskSetting = PinHash &
  PinAttempts & {
    enabled: true;
    /** Seconds without input before the privacy countdown. */
    idleSeconds: number;
    /** The interface language each new patient starts with. */
    language: LanguageCode;
    enabledAt: string;
  };

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A stored value read back as a setting; null when kiosk mode is off or the value is unusable. */
export function parseKioskSetting(value: unknown): KioskSetting | null {
  if (typeof value !== "object" || value === null) return null;
  const stored = value as Record<string, unknown>;
  if (stored.enabled !== true) return null;
  if (typeof stored.pinHash !== "string" || typeof stored.salt !== "string") return null;
  if (!isFiniteNumber(stored.pinIterations) || stored.pinIterations < 1) return null;
  const idleSeconds = isFiniteNumber(stored.idleSeconds)
    ? Math.min(idleSecondsRange.max, Math.max(idleSecondsRange.min, stored.idleSeconds))
    : idleSecondsRange.default;
  return {
    enabled: true,
    pinHash: stored.pinHash,
    salt: stored.salt,
    pinIterations: stored.pinIterations,
    idleSeconds,
    language: isLanguageCode(stored.language) ? stored.language : defaultLanguage,
    failedAttempts: isFiniteNumber(stored.failedAttempts) ? stored.failedAttempts : 0,
    lockedUntil: isFiniteNumber(stored.lockedUntil) ? stored.lockedUntil : null,
    enabledAt: typeof stored.enabledAt === "string" ? stored.enabledAt : "",
  };
}

export async function readKioskSetting(): Promise<KioskSetting | null> {
  return parseKioskSetting(await readValue<unknown>(storageKeys.kiosk));
}

export async function createKioskSetting(options: {
  pin: string;
  idleSeconds?: number;
  language: LanguageCode;
}): Promise<KioskSetting> {
  // The PIN code loads when staff set a PIN, not with every page (issue 22).
  const { hashPin } = await import("@/features/kiosk/kiosk-pin");
  return {
    enabled: true,
    ...(await hashPin(options.pin)),
    idleSeconds: options.idleSeconds ?? idleSecondsRange.default,
    language: options.language,
    failedAttempts: 0,
    lockedUntil: null,
    enabledAt: new Date().toISOString(),
  };
}

/** Resolves to false when the device could not store it (kiosk mode then lasts this visit only). */
export async function saveKioskSetting(setting: KioskSetting): Promise<boolean> {
  const saved = await writeValue(storageKeys.kiosk, setting);
  await grantPilotAccess("kiosk");
  return saved;
}
