/**
 * Text-to-speech figures (`npm run bench:tts`), for a ~100-character sentence per language:
 * server latency p50/p95 warm, p95 and throughput at concurrency 8, in-browser warm synthesis,
 * cold time to first audio in the browser, the voice packs' transfer size, and the ratio to
 * native `espeak-ng` where it is installed. These are measurements, not tests.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { SAMPLE_TEXTS } from "../../src/shared/speech-engine/sample-texts.ts";
import {
  VOICE_FOR_LANGUAGE,
  voicePackFileName,
} from "../../src/shared/speech-engine/voice-pack.ts";
import { speechLanguages, type SpeechLanguage } from "../../src/shared/speech-options.ts";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { chromiumArgs, chromiumPath, percentile, round, startServer } from "./bench-lib.ts";

export type TtsFigures = {
  perLanguage: Record<
    SpeechLanguage,
    {
      serverP50Ms: number;
      serverP95Ms: number;
      browserWarmMs: number;
      nativeMs: number | null;
      warmToNative: number | null;
    }
  >;
  concurrency8: {
    requests: number;
    perSecond: number;
    p50Ms: number;
    p95Ms: number;
    errors: number;
  };
  browserColdFirstAudioMs: number;
  voicePackBytes: {
    coreBrotli: number;
    russianAddOnBrotli: number;
    coreGzip: number;
    russianAddOnGzip: number;
  };
  goals: Record<string, { value: number | null; goal: string; met: boolean | null }>;
};

async function synthesize(url: string, language: SpeechLanguage): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}${apiPaths.speech}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: SAMPLE_TEXTS[language], language }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${apiPaths.speech} answered ${response.status}`);
  return performance.now() - started;
}

async function serverLatency(url: string, language: SpeechLanguage) {
  for (let i = 0; i < 3; i++) await synthesize(url, language);
  const times: number[] = [];
  for (let i = 0; i < 20; i++) times.push(await synthesize(url, language));
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function concurrencyEight(url: string) {
  const total = 240;
  let next = 0;
  let errors = 0;
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < total) {
        const language = speechLanguages[next++ % speechLanguages.length]!;
        try {
          times.push(await synthesize(url, language));
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: total,
    perSecond: round(total / seconds),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    errors,
  };
}

/** Drives the on-device engine's worker in Chromium directly, with its real voice packs. */
async function browserEngine(url: string) {
  const worker = readdirSync("dist/assets").find((name) =>
    name.startsWith("device-engine.worker-"),
  );
  if (!worker) throw new Error("No device-engine worker in dist/assets: build first");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  await page.goto(`${url}/about`);
  const result = await page.evaluate(
    async ({ workerUrl, texts, languages }) => {
      const engine = new Worker(workerUrl, { type: "module" });
      let id = 0;
      const speak = (text: string, language: string) =>
        new Promise<number>((resolve, reject) => {
          const requestId = ++id;
          const started = performance.now();
          engine.onmessage = (event: MessageEvent<{ id: number; ok: boolean; error?: string }>) => {
            if (event.data.id !== requestId) return;
            if (event.data.ok) resolve(performance.now() - started);
            else reject(new Error(event.data.error));
          };
          engine.postMessage({ id: requestId, type: "synthesize", text, language });
        });
      const cold = await speak(texts.en, "en");
      // The engine's JavaScript is still being optimised during the first few sentences.
      for (let round = 0; round < 3; round++) {
        for (const language of languages) await speak(texts[language], language);
      }
      const warm: Record<string, number> = {};
      for (const language of languages) {
        await speak(texts[language], language);
        const times: number[] = [];
        for (let i = 0; i < 10; i++) times.push(await speak(texts[language], language));
        times.sort((a, b) => a - b);
        warm[language] = times[Math.floor(times.length / 2)]!;
      }
      engine.terminate();
      return { cold, warm };
    },
    { workerUrl: `/assets/${worker}`, texts: SAMPLE_TEXTS, languages: [...speechLanguages] },
  );
  await browser.close();
  return result;
}

function nativeTime(language: SpeechLanguage): number | null {
  if (spawnSync("espeak-ng", ["--version"]).status !== 0) return null;
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    execFileSync(
      "espeak-ng",
      ["-v", VOICE_FOR_LANGUAGE[language], "--stdout", SAMPLE_TEXTS[language]],
      {
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    times.push(performance.now() - started);
  }
  return percentile(times, 50);
}

export async function runTtsBench(url: string): Promise<TtsFigures> {
  const perLanguage = {} as TtsFigures["perLanguage"];
  const browser = await browserEngine(url);
  for (const language of speechLanguages) {
    const server = await serverLatency(url, language);
    const native = nativeTime(language);
    const warm = browser.warm[language]!;
    perLanguage[language] = {
      serverP50Ms: round(server.p50),
      serverP95Ms: round(server.p95),
      browserWarmMs: round(warm),
      nativeMs: native === null ? null : round(native),
      warmToNative: native === null ? null : round(warm / native, 2),
    };
  }
  const concurrency8 = await concurrencyEight(url);
  const packSize = (name: "core" | "ru", suffix: string) =>
    statSync(join("dist/voice-pack", `${voicePackFileName(name)}${suffix}`)).size;
  const voicePackBytes = {
    coreBrotli: packSize("core", ".br"),
    russianAddOnBrotli: packSize("ru", ".br"),
    coreGzip: packSize("core", ".gz"),
    russianAddOnGzip: packSize("ru", ".gz"),
  };
  const ratios = Object.values(perLanguage)
    .map((row) => row.warmToNative)
    .filter((ratio): ratio is number => ratio !== null);
  const worstRatio = ratios.length ? Math.max(...ratios) : null;
  const allSixBrotli = voicePackBytes.coreBrotli + voicePackBytes.russianAddOnBrotli;
  return {
    perLanguage,
    concurrency8,
    browserColdFirstAudioMs: round(browser.cold),
    voicePackBytes,
    goals: {
      "warm synthesis within 2x of native": {
        value: worstRatio,
        goal: "<= 2",
        met: worstRatio === null ? null : worstRatio <= 2,
      },
      "p95 at concurrency 8 (ms)": {
        value: concurrency8.p95Ms,
        goal: "< 150",
        met: concurrency8.p95Ms < 150,
      },
      "voice pack, all six languages (MB, brotli)": {
        value: round(allSixBrotli / 1e6, 2),
        goal: "< 3",
        met: allSixBrotli < 3e6,
      },
      "first offline audio (ms)": {
        value: round(browser.cold),
        goal: "< 1500",
        met: browser.cold < 1500,
      },
    },
  };
}

export function printTtsFigures(figures: TtsFigures) {
  console.log("\nText to speech, ~100-character sentence per language");
  console.table(figures.perLanguage);
  console.log("Concurrency 8:", figures.concurrency8);
  console.log("Cold time to first audio in the browser (ms):", figures.browserColdFirstAudioMs);
  console.log("Voice packs (bytes):", figures.voicePackBytes);
  console.table(figures.goals);
}

if (import.meta.main) {
  execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });
  const server = await startServer(4310);
  try {
    printTtsFigures(await runTtsBench(server.url));
  } finally {
    await server.stop();
  }
}
