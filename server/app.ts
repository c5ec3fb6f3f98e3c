/** Builds the server from its plugins and routes; `server.ts` only listens. Tests use inject(). */
import Fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import type { ServerConfig } from "./config.ts";
import { staticApp } from "./plugins/static-app.ts";
import { healthRoutes } from "./routes/health.ts";

export async function buildApp(
  config: Pick<ServerConfig, "distDir" | "dataDir" | "rateLimitPerMinute">,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(compress, { global: true });
  await app.register(healthRoutes);
  await app.register(staticApp, { distDir: config.distDir });
  return app;
}
