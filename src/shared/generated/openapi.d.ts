// Generated from the OpenAPI document by openapi-typescript: do not edit.
// Rewrite with `npm run api:check -- --write-types`.
export interface paths {
  "/api/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness check */
    get: operations["checkHealth"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/health/ready": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Readiness check: the server can store requests now
     * @description Touches the database. A load balancer should send traffic only to nodes that answer 200.
     */
    get: operations["checkReadiness"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/generate-tts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make speech audio from text */
    post: operations["generateSpeech"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Store a contact request (idempotent by id) */
    post: operations["createContactRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/staff/session": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether this browser is signed in to the staff inbox */
    get: operations["checkStaffSession"];
    put?: never;
    /**
     * Sign in to the staff inbox (sets the session cookie)
     * @description Sets the session cookie and a device cookie. The device cookie marks a computer that signed in before: it is held to a limit of wrong passwords of its own only, not to its address's (which it may share with others behind one public address) nor to the limit for all addresses together.
     */
    post: operations["signInStaff"];
    /** Sign out of the staff inbox on every server */
    delete: operations["signOutStaff"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/staff/requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Contact requests newest first, a page at a time, with search */
    get: operations["listContactRequests"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/staff/requests/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Mark a contact request handled, or not */
    patch: operations["setContactRequestHandled"];
    trace?: never;
  };
  "/api/staff/requests.csv": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every contact request as a CSV file */
    get: operations["downloadContactRequests"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  checkHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The server is up */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ok";
          };
        };
      };
      /** @description The request was refused (a malformed address, for example) */
      "4XX": {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  checkReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The server can store requests */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {string} */
            status: "ready";
          };
        };
      };
      /** @description The database is away, stalled or read-only */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The request was refused (a malformed address, for example) */
      "4XX": {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  generateSpeech: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description 1 to 2000 characters after trimming */
          text: string;
          /** @enum {string} */
          language: "en" | "ru" | "az" | "kk" | "ky" | "uz";
          rate?: number;
          pitch?: number;
        };
      };
    };
    responses: {
      /** @description The audio as base64 WAV */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @description Base64 of a RIFF WAV file, 16-bit PCM mono */
            audio: string;
            sampleRate: number;
            durationMs: number;
            engine: string;
          };
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Not JSON */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Nothing to read aloud ("no_speech"): the text makes no sound; or the audio would be too long ("audio_too_long"): longer than 10 s and 1.5 s a character, or than 600 s in all */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Synthesis failed */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  createContactRequest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /**
           * Format: uuid
           * @description Made by the client; a retry repeats it
           */
          id: string;
          /** @description No control characters but tab and line breaks */
          name: string;
          /** Format: email */
          email: string;
          /** @description No control characters but tab and line breaks */
          subject: string;
          /** @description No control characters but tab and line breaks */
          message: string;
          /** @enum {string} */
          language: "en" | "ru" | "az" | "kk" | "ky" | "uz";
          /** Format: date-time */
          createdAt: string;
        };
      };
    };
    responses: {
      /** @description Already stored earlier (a retry); nothing changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            /** @enum {string} */
            status: "stored";
          };
        };
      };
      /** @description Stored */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            /** @enum {string} */
            status: "stored";
          };
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Not JSON */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away, or too many submissions from everyone at once: send it again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  checkStaffSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            /** @enum {boolean} */
            signedIn: true;
          };
        };
      };
      /** @description Not signed in, or the session has ended */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  signInStaff: {
    parameters: {
      query?: never;
      header: {
        /** @description Proves the change comes from the staff inbox: a cross-site form cannot send it */
        "x-dauys-staff": "1";
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          password: string;
        };
      };
    };
    responses: {
      /** @description Signed in */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The password is not right */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The staff header is missing, or the change is cross-site */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Too many failed sign-ins or requests: wait Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The staff inbox is not set up on this server */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  signOutStaff: {
    parameters: {
      query?: never;
      header: {
        /** @description Proves the change comes from the staff inbox: a cross-site form cannot send it */
        "x-dauys-staff": "1";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out (also when no session was there) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The staff header is missing, or the change is cross-site */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  listContactRequests: {
    parameters: {
      query?: {
        /** @description Words each shown request has */
        q?: string;
        /** @description 1 to 100 */
        limit?: string;
        /** @description The `next` of the page before: the arrival number of its last request */
        after?: string;
      };
      header?: {
        /** @description Sent by the inbox's own check for new requests: the session is checked, but this request does not count as use, so a session left open still ends after 30 idle minutes */
        "x-dauys-background-check"?: "1";
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of requests */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            requests: {
              /** Format: uuid */
              id: string;
              name: string;
              email: string;
              subject: string;
              message: string;
              language: string;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              receivedAt: string;
              /** Format: date-time */
              handledAt: string | null;
            }[];
            /** @description Asks for the page after this one */
            next: string | null;
          };
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Not signed in, or the session has ended */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  setContactRequestHandled: {
    parameters: {
      query?: never;
      header: {
        /** @description Proves the change comes from the staff inbox: a cross-site form cannot send it */
        "x-dauys-staff": "1";
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          handled: boolean;
        };
      };
    };
    responses: {
      /** @description The request's new state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            id: string;
            /** Format: date-time */
            handledAt: string | null;
          };
        };
      };
      /** @description Invalid input */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Not signed in, or the session has ended */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The staff header is missing, or the change is cross-site */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description There is no request with this id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
  downloadContactRequests: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV, streamed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "text/csv": string;
        };
      };
      /** @description Not signed in, or the session has ended */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description Rate limited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
      /** @description The database is away, or this node makes as many downloads as it can at once already: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            error: string;
            message: string;
          };
        };
      };
    };
  };
}
