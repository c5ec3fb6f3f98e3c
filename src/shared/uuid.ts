/**
 * UUIDs in the form the server's schema takes for a contact request's id (`format: "uuid"`),
 * made with the part of the Web Crypto API that Node and every browser page have.
 */

/** The UUID of `version` (4: random, 8: made by the caller's own rule) from 16 bytes. */
export function uuidFromBytes(bytes: Uint8Array, version: 4 | 8): string {
  const octets = bytes.slice(0, 16);
  octets[6] = (octets[6]! & 0x0f) | (version << 4);
  octets[8] = (octets[8]! & 0x3f) | 0x80;
  const hex = Array.from(octets, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A random UUID. Not `crypto.randomUUID`: a browser has it in secure contexts only, and a clinic
 * may reach its own server over plain http by its address; `getRandomValues` is there too.
 */
export function randomUuid(): string {
  return uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)), 4);
}
