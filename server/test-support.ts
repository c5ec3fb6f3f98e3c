/** Helpers for the server's tests: a real app on a temporary data directory. */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { pageScriptsFile, type PageScripts } from "../src/shared/page-scripts.ts";
import { buildApp, type AppOptions } from "./app.ts";
import type { SpeechSynthesizer } from "./routes/tts.ts";

/** A contact request as the app sends it, a new one each time; `fields` change some of it. */
export function contactRequestBody(fields: Record<string, string> = {}) {
  return {
    id: randomUUID(),
    name: "Айгерим Садыкова",
    email: "aigerim@example.kz",
    subject: "Pilot for our clinic",
    message: "We would like to try Dauys.",
    language: "kk",
    createdAt: new Date().toISOString(),
    ...fields,
  };
}

/** A staff session secret as `openssl rand -base64 32` makes one, for tests only. */
export const testSessionSecret = "q0t0UJ3mLr1XyF3wq8k9m6Yc2n1HfEo7Vb4Zs5aPd+I=";

/** The page's inline scripts, as the build writes their text (scripts/build/page-scripts.ts). */
export const testPageScripts: PageScripts = {
  languageCheck: "(function(){document.documentElement.dataset.checked='';})();",
  appLoader: "(function(){document.documentElement.dataset.loaded='';})();",
};

export function makeTempDirs() {
  const root = mkdtempSync(join(tmpdir(), "dauys-server-test-"));
  const distDir = join(root, "dist");
  const dataDir = join(root, "data");
  mkdirSync(join(distDir, "assets"), { recursive: true });
  writeFileSync(
    join(distDir, "index.html"),
    "<!doctype html><title>Dauys</title><div id=root></div>",
  );
  writeFileSync(join(distDir, "assets", "index-abc123.js"), "console.log('app');".repeat(200));
  writeFileSync(join(distDir, "service-worker.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(distDir, pageScriptsFile), JSON.stringify(testPageScripts));
  // The About page in the six languages, as scripts/build/prerender.ts writes it.
  for (const [language, heading] of [
    ["en", "About"],
    ["ru", "О нас"],
    ["az", "Haqqımızda"],
    ["kk", "Біз туралы"],
    ["ky", "Биз жөнүндө"],
    ["uz", "Biz haqimizda"],
  ] as const) {
    mkdirSync(join(distDir, "prerendered", language), { recursive: true });
    writeFileSync(
      join(distDir, "prerendered", language, "about.html"),
      `<!doctype html><html lang="${language}"><div id=root><h1>${heading}</h1></div>`,
    );
  }
  return { root, distDir, dataDir };
}

export async function buildTestApp(
  synthesizer: SpeechSynthesizer,
  overrides: {
    rateLimitPerMinute?: number;
    publicRequestsPerMinute?: number;
    dataDir?: string;
    trustProxy?: string;
    staffPasswordHash?: string;
    staffSessionSecret?: string;
    databaseUrl?: string;
  } = {},
  options: Pick<AppOptions, "logger" | "idleConnectionMs" | "speechAnswerDeadlineMs"> = {},
): Promise<FastifyInstance> {
  const dirs = makeTempDirs();
  const app = await buildApp(
    {
      distDir: dirs.distDir,
      dataDir: overrides.dataDir ?? dirs.dataDir,
      rateLimitPerMinute: overrides.rateLimitPerMinute ?? 10_000,
      publicRequestsPerMinute: overrides.publicRequestsPerMinute ?? 10_000,
      trustProxy: overrides.trustProxy ?? false,
      staffPasswordHash: overrides.staffPasswordHash,
      staffSessionSecret: overrides.staffSessionSecret,
      databaseUrl: overrides.databaseUrl,
    },
    { synthesizer, ...options },
  );
  // The temporary folders go with the app (a data folder given by the test is the test's).
  app.addHook("onClose", async () => rmSync(dirs.root, { recursive: true, force: true }));
  return app;
}
