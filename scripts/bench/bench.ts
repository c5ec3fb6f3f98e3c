/**
 * `npm run bench`: builds and serves the app, then measures it against the budgets and writes
 * bench/results.json. Exits non-zero when a budget is broken. A benchmark, not a test: nothing
 * here runs inside `npm test`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { apiPaths } from "../../src/shared/api-contract.ts";
import { round, startServer } from "./bench-lib.ts";
import { pageBudgetProblems, pageBudgets, printPageFigures, runPagesBench } from "./bench-pages.ts";
import { printStorageFigures, runStorageBench } from "./bench-storage.ts";
import { inboxBudgetProblems, printInboxFigures, runInboxBench } from "./bench-inbox.ts";
import { printTtsFigures, runTtsBench } from "./bench-tts.ts";
import { runTalkBench, talkBudgetProblems } from "./bench-talk.ts";
import { runScanningBench, scanningBudgetProblems } from "./bench-scanning.ts";
import { printSymbolsFigures, runSymbolsBench, symbolsBudgetProblems } from "./bench-symbols.ts";
import { printPhrasesFigures, runPhrasesBench } from "./bench-phrases.ts";
import { runVoiceWorkerBenches, voiceWorkerBudgetProblems } from "./bench-voice-worker.ts";

async function load(url: string) {
  const run = (options: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
    );
  const summarise = (result: autocannon.Result) => ({
    requestsPerSecond: round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  });
  const tts = await run({
    url: `${url}${apiPaths.speech}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "Здравствуйте, я хочу пойти домой.", language: "ru" }),
    connections: 16,
    duration: 30,
  });
  const staticApp = await run({ url: `${url}/`, connections: 16, duration: 30 });
  return { generateTts: summarise(tts), staticApp: summarise(staticApp) };
}

execFileSync("node", ["scripts/build/ensure-build.ts"], { stdio: "inherit" });

async function measure(url: string) {
  const pageFigures = await runPagesBench(url);
  printPageFigures(pageFigures);
  const tts = await runTtsBench(url);
  printTtsFigures(tts);
  const talk = await runTalkBench(url);
  console.log("Talk, tap to sound once the voice is loaded (ms):");
  console.table(talk);
  const scanning = await runScanningBench(url);
  console.log("Switch access, time to the first highlight when scanning starts (ms):");
  console.table(scanning);
  const symbols = await runSymbolsBench(url);
  printSymbolsFigures(symbols);
  const phrases = await runPhrasesBench();
  printPhrasesFigures(phrases);
  const voiceWorker = await runVoiceWorkerBenches(url);
  console.log("My voice in the browser worker (50 phrases × 3 and × 10 takes, severe ru + kk):");
  console.table(voiceWorker);
  const loadResults = await load(url);
  console.log("Load, 30 s at concurrency 16:");
  console.table(loadResults);
  const storage = await runStorageBench();
  printStorageFigures(storage);
  const inbox = await runInboxBench();
  printInboxFigures(inbox);
  return {
    measuredAt: new Date().toISOString(),
    ...pageFigures,
    tts,
    talk,
    scanning,
    symbols,
    phrases,
    voiceWorker,
    load: loadResults,
    storage,
    inbox,
  };
}

const server = await startServer(4311);
const results = await measure(server.url).finally(() => server.stop());

const broken: string[] = [...pageBudgetProblems(results)];
broken.push(...talkBudgetProblems(results.talk));
broken.push(...scanningBudgetProblems(results.scanning));
broken.push(...symbolsBudgetProblems(results.symbols));
broken.push(...results.phrases.broken);
broken.push(...results.voiceWorker.flatMap(voiceWorkerBudgetProblems));
broken.push(...inboxBudgetProblems(results.inbox));
for (const [target, figures] of Object.entries(results.load)) {
  if (figures.errors > 0) broken.push(`load on ${target}: ${figures.errors} errors`);
}

mkdirSync("bench", { recursive: true });
writeFileSync(
  "bench/results.json",
  `${JSON.stringify({ ...results, budgets: pageBudgets, broken }, null, 2)}\n`,
);
if (broken.length) {
  console.error(`\nBudgets broken:\n- ${broken.join("\n- ")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll budgets met. Results in bench/results.json.");
}
