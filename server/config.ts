/** Server settings from the environment; the README lists them. */
import { resolve } from "node:path";

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  rateLimitPerMinute: number;
};

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return parsed;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInteger(env.PORT, 8080, "PORT"),
    host: env.HOST || "0.0.0.0",
    dataDir: resolve(env.DATA_DIR || "./data"),
    distDir: resolve(env.DIST_DIR || "./dist"),
    rateLimitPerMinute: positiveInteger(env.RATE_LIMIT_PER_MINUTE, 60, "RATE_LIMIT_PER_MINUTE"),
  };
}
