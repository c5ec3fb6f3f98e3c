/**
 * Two checks for whoever runs the server: `/api/health` says the process answers (liveness);
 * `/api/health/ready` says it can also store a contact request now (readiness), so a load
 * balancer stops sending traffic to a node whose database is away or stalled.
 */
import type { FastifyInstance } from "fastify";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { apiTags, errorResponse } from "../plugins/api-description.ts";
import type { ErrorBody } from "../plugins/json-errors.ts";
import { storeRetryAfterSeconds } from "../plugins/json-errors.ts";
import type { RequestsStore } from "../storage/requests-store.ts";

/**
 * The store's answer, shared by the checks that arrive while it is asked and reused for a
 * second after it came, so that a flood of readiness checks costs the database one query a
 * second. A probe that has not answered within `timeoutMs` counts as a no.
 */
export function sharedCheck(
  probe: () => Promise<void>,
  { reuseMs = 1000, timeoutMs = 6000, now = Date.now } = {},
) {
  let last: { answeredAt: number | undefined; result: Promise<boolean> } | undefined;
  return (): Promise<boolean> => {
    if (!last || (last.answeredAt !== undefined && now() - last.answeredAt >= reuseMs)) {
      let timer: NodeJS.Timeout | undefined;
      const entry = {
        answeredAt: undefined as number | undefined,
        result: Promise.race([
          probe().then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false))),
        ]).finally(() => {
          clearTimeout(timer);
          entry.answeredAt = now();
        }),
      };
      last = entry;
    }
    return last.result;
  };
}

export async function healthRoutes(app: FastifyInstance, options: { store: RequestsStore }) {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: [apiTags.health],
        operationId: "checkHealth",
        summary: "Liveness check",
        security: [],
        response: {
          200: {
            description: "The server is up",
            type: "object",
            required: ["status"],
            properties: { status: { type: "string", const: "ok" } },
          },
          "4xx": errorResponse("The request was refused (a malformed address, for example)"),
        },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  const canStore = sharedCheck(() => options.store.ready());
  app.get(
    apiPaths.healthReady,
    {
      schema: {
        tags: [apiTags.health],
        operationId: "checkReadiness",
        summary: "Readiness check: the server can store requests now",
        description:
          "Touches the database. A load balancer should send traffic only to nodes that answer 200.",
        security: [],
        response: {
          200: {
            description: "The server can store requests",
            type: "object",
            required: ["status"],
            properties: { status: { type: "string", const: "ready" } },
          },
          "4xx": errorResponse("The request was refused (a malformed address, for example)"),
          503: errorResponse("The database is away, stalled or read-only"),
        },
      },
    },
    async (_request, reply) => {
      if (await canStore()) return { status: "ready" as const };
      return reply
        .code(503)
        .header("Retry-After", String(storeRetryAfterSeconds))
        .send({
          error: "store_unavailable",
          message: "This server cannot store requests now.",
        } satisfies ErrorBody);
    },
  );
}
