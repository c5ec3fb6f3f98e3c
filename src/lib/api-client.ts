/**
 * The app's client for its own server's API: openapi-fetch with the types generated from the
 * server's OpenAPI document (src/shared/generated/openapi.d.ts), so a call to a path the server
 * does not serve, or with a body, a parameter or a header it does not take, fails the type check.
 * The paths come from src/shared/api-contract.ts, which the server's routes use too.
 */
import createClient from "openapi-fetch";
import type { paths } from "@/shared/generated/openapi";

export const apiClient = createClient<paths>({
  // A full address, which a Request needs outside a page too: the service worker sends the
  // outbox, and a unit test gives Node a location.
  baseUrl: globalThis.location?.origin ?? "",
  // Looked up at each call rather than kept, so a stand-in for the network is the one used.
  fetch: (request) => globalThis.fetch(request),
});

/**
 * The `error` and `message` of an error answer as the server writes it (`{ error, message }`);
 * an answer that is not the server's own (a proxy's page, say) has neither.
 */
export function errorFields(body: unknown): { error?: string; message?: string } {
  if (typeof body !== "object" || body === null) return {};
  const { error, message } = body as Record<string, unknown>;
  return {
    ...(typeof error === "string" ? { error } : {}),
    ...(message !== undefined && message !== null ? { message: String(message) } : {}),
  };
}
