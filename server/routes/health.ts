import type { FastifyInstance } from "fastify";
import { apiTags, errorResponse } from "../plugins/api-description.ts";

export async function healthRoutes(app: FastifyInstance) {
  app.get(
    "/api/health",
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
}
