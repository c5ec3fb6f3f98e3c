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
      /** @description Nothing to read aloud ("no_speech"): the text makes no sound */
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
          name: string;
          /** Format: email */
          email: string;
          subject: string;
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
}
