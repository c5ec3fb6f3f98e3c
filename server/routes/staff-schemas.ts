/**
 * The staff API's schemas, which validate its requests, shape its answers and describe it in the
 * OpenAPI document, so the staff inbox calls it through the generated types
 * (src/features/staff/staff-api.ts) and a changed route breaks the app's type check. Every route
 * but signing in needs the session cookie; every change needs the staff header.
 */
import { backgroundCheckHeader, staffHeader } from "../../src/shared/api-contract.ts";
import { apiTags, errorResponse, staffSessionScheme } from "../plugins/api-description.ts";
import { idleMinutes } from "../staff/session.ts";

const signedIn = [{ [staffSessionScheme]: [] }];

const staffHeaderSchema = {
  type: "object",
  required: [staffHeader.name],
  properties: {
    [staffHeader.name]: {
      type: "string",
      const: staffHeader.value,
      description: "Proves the change comes from the staff inbox: a cross-site form cannot send it",
    },
  },
} as const;

const noContent = (description: string) => ({ type: "null", description }) as const;

const errors = {
  invalid: { 400: errorResponse("Invalid input") },
  signedOut: { 401: errorResponse("Not signed in, or the session has ended") },
  crossSite: { 403: errorResponse("The staff header is missing, or the change is cross-site") },
  rateLimited: { 429: errorResponse("Rate limited") },
  storeAway: { 503: errorResponse("The database is away: try again after Retry-After seconds") },
};

const dateTime = { type: "string", format: "date-time" } as const;

const storedRequest = {
  type: "object",
  required: [
    "id",
    "name",
    "email",
    "subject",
    "message",
    "language",
    "createdAt",
    "receivedAt",
    "handledAt",
  ],
  properties: {
    id: { type: "string", format: "uuid" },
    name: { type: "string" },
    email: { type: "string" },
    subject: { type: "string" },
    message: { type: "string" },
    language: { type: "string" },
    createdAt: dateTime,
    receivedAt: dateTime,
    handledAt: { type: ["string", "null"], format: "date-time" },
  },
} as const;

export const signInSchema = {
  tags: [apiTags.staff],
  operationId: "signInStaff",
  summary: "Sign in to the staff inbox (sets the session cookie)",
  description:
    "Sets the session cookie and a device cookie. The device cookie marks a computer that signed in before: it is held to a limit of wrong passwords of its own only, not to its address's (which it may share with others behind one public address) nor to the limit for all addresses together.",
  security: [],
  headers: staffHeaderSchema,
  body: {
    type: "object",
    required: ["password"],
    additionalProperties: false,
    properties: { password: { type: "string", minLength: 1, maxLength: 200 } },
  },
  response: {
    204: noContent("Signed in"),
    ...errors.invalid,
    401: errorResponse("The password is not right"),
    ...errors.crossSite,
    429: errorResponse("Too many failed sign-ins or requests: wait Retry-After seconds"),
    503: errorResponse("The staff inbox is not set up on this server"),
  },
} as const;

export const sessionSchema = {
  tags: [apiTags.staff],
  operationId: "checkStaffSession",
  summary: "Whether this browser is signed in to the staff inbox",
  security: signedIn,
  response: {
    200: {
      description: "Signed in",
      type: "object",
      required: ["signedIn"],
      properties: { signedIn: { type: "boolean", const: true } },
    },
    ...errors.signedOut,
    ...errors.rateLimited,
    ...errors.storeAway,
  },
} as const;

export const signOutSchema = {
  tags: [apiTags.staff],
  operationId: "signOutStaff",
  summary: "Sign out of the staff inbox on every server",
  security: signedIn,
  headers: staffHeaderSchema,
  response: {
    204: noContent("Signed out (also when no session was there)"),
    ...errors.crossSite,
    ...errors.rateLimited,
    ...errors.storeAway,
  },
} as const;

export const listRequestsSchema = {
  tags: [apiTags.staff],
  operationId: "listContactRequests",
  summary: "Contact requests newest first, a page at a time, with search",
  security: signedIn,
  headers: {
    type: "object",
    properties: {
      [backgroundCheckHeader.name]: {
        type: "string",
        const: backgroundCheckHeader.value,
        description: `Sent by the inbox's own check for new requests: the session is checked, but this request does not count as use, so a session left open still ends after ${idleMinutes} idle minutes`,
      },
    },
  },
  querystring: {
    type: "object",
    additionalProperties: false,
    properties: {
      q: { type: "string", maxLength: 200, description: "Words each shown request has" },
      limit: { type: "string", pattern: "^([1-9][0-9]?|100)$", description: "1 to 100" },
      after: {
        type: "string",
        pattern: "^[1-9][0-9]{0,14}$",
        description: "The `next` of the page before: the arrival number of its last request",
      },
    },
  },
  response: {
    200: {
      description: "A page of requests",
      type: "object",
      required: ["requests", "next"],
      properties: {
        requests: { type: "array", items: storedRequest },
        next: { type: ["string", "null"], description: "Asks for the page after this one" },
      },
    },
    ...errors.invalid,
    ...errors.signedOut,
    ...errors.rateLimited,
    ...errors.storeAway,
  },
} as const;

export const setHandledSchema = {
  tags: [apiTags.staff],
  operationId: "setContactRequestHandled",
  summary: "Mark a contact request handled, or not",
  security: signedIn,
  headers: staffHeaderSchema,
  params: {
    type: "object",
    required: ["id"],
    properties: { id: { type: "string", format: "uuid" } },
  },
  body: {
    type: "object",
    required: ["handled"],
    additionalProperties: false,
    properties: { handled: { type: "boolean" } },
  },
  response: {
    200: {
      description: "The request's new state",
      type: "object",
      required: ["id", "handledAt"],
      properties: { id: { type: "string" }, handledAt: storedRequest.properties.handledAt },
    },
    ...errors.invalid,
    ...errors.signedOut,
    ...errors.crossSite,
    404: errorResponse("There is no request with this id"),
    ...errors.rateLimited,
    ...errors.storeAway,
  },
} as const;

export const requestsCsvSchema = {
  tags: [apiTags.staff],
  operationId: "downloadContactRequests",
  summary: "Every contact request as a CSV file",
  security: signedIn,
  response: {
    200: {
      description: "The CSV, streamed",
      content: { "text/csv": { schema: { type: "string" } } },
    },
    ...errors.signedOut,
    ...errors.rateLimited,
    503: errorResponse(
      "The database is away, or this node makes as many downloads as it can at once already: " +
        "try again after Retry-After seconds",
    ),
  },
} as const;
