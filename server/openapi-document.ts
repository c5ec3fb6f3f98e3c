/**
 * The API's OpenAPI document exactly as the server serves it at /api/openapi.json: the app is
 * built (on a temporary data directory, without listening) and asked for it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiPaths } from "../src/shared/api-contract.ts";
import { buildApp } from "./app.ts";

export async function openApiDocument(): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), "dauys-openapi-"));
  const app = await buildApp(
    { distDir: join(dir, "dist"), dataDir: join(dir, "data"), rateLimitPerMinute: 1 },
    // Describing the routes never makes speech.
    { synthesizer: { synthesize: () => Promise.reject(new Error("Not used for the document.")) } },
  );
  try {
    return (await app.inject({ url: apiPaths.openApiDocument })).json();
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
