/**
 * The names the app and the server must agree on, written once: the API's paths, the headers a
 * staff change and the inbox's background check carry, the cookies, and the IndexedDB keys that
 * code outside the app's storage module (the server's page scripts, the service worker) reads
 * too. The server registers its routes under these paths and the app calls them through the
 * types generated from the OpenAPI document (src/shared/generated/openapi.d.ts), so a path changed
 * here changes both sides, and a route changed on one side alone breaks the type check.
 */

/** Every path of the API, as the OpenAPI document writes them (`{id}` for a path parameter). */
export const apiPaths = {
  health: "/api/health",
  healthReady: "/api/health/ready",
  openApiDocument: "/api/openapi.json",
  speech: "/generate-tts",
  requests: "/api/requests",
  /** The staff API's root: the session cookie is sent only below it. */
  staff: "/api/staff",
  staffSession: "/api/staff/session",
  staffRequests: "/api/staff/requests",
  staffRequest: "/api/staff/requests/{id}",
  staffRequestsCsv: "/api/staff/requests.csv",
} as const;

/** Where the API lives beside the app's pages: nothing below it is a page. */
export const apiPrefix = "/api/";

/** Matches a path that starts with `prefix`, for the service worker's list of non-pages. */
export function pathPrefixPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** A path in the form Fastify's routes take: `/api/staff/requests/{id}` → `/api/staff/requests/:id`. */
export type RoutePath<Path extends string> =
  Path extends `${infer Head}{${infer Name}}${infer Tail}`
    ? `${Head}:${Name}${RoutePath<Tail>}`
    : Path;

export function routePath<Path extends string>(path: Path): RoutePath<Path> {
  return path.replace(/\{([^{}]+)\}/g, ":$1") as RoutePath<Path>;
}

/**
 * Every change to the staff API carries this header: a cross-site form cannot send one, so the
 * server takes it as proof that the request comes from the staff inbox itself (CSRF).
 */
export const staffHeader = { name: "x-dauys-staff", value: "1" } as const;

/**
 * The staff inbox's own check for new requests, made every minute while it is open, carries this
 * header: the server then reads the session without counting the check as use, so a signed-in
 * screen left alone still ends its session after the idle time. Anything staff do goes without it.
 */
export const backgroundCheckHeader = { name: "x-dauys-background-check", value: "1" } as const;

export const cookieNames = {
  /** The interface language the app saved: the server sends pages in it (src/shared/page-cookie.ts). */
  language: "dauys-language",
  /** "on" on a kiosk tablet: the server sends the app shell instead of a prerendered page. */
  kiosk: "dauys-kiosk",
  /** The staff session: signed, HttpOnly, sent only to `apiPaths.staff`; the page never reads it. */
  staffSession: "dauys_staff",
  /**
   * A computer that has signed in to the staff inbox before: signed, HttpOnly, for `apiPaths.staff`
   * only. It lets staff sign in while a guess spread over many addresses has locked everyone else,
   * or someone behind the clinic's shared public address has locked that address.
   */
  staffDevice: "dauys_staff_device",
} as const;

/** The app's IndexedDB database and its one object store (idb-keyval's `createStore`). */
export const deviceDatabase = { name: "dauys", store: "keyval" } as const;

/** The keys in `deviceDatabase` that are read outside the app's storage module (src/lib/storage.ts). */
export const sharedStorageKeys = {
  /** The saved interface language, which the server's language check (a page script) reads. */
  language: "dauys.language",
  /** Contact requests waiting for delivery, which the service worker sends too. */
  outbox: "dauys.outbox",
} as const;
