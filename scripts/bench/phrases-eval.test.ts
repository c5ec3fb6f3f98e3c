import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeWav16, FEATURES_FORMAT } from "../../src/shared/phrase-recogniser/index.ts";
import {
  PHRASE_A,
  PHRASE_B,
  PHRASE_C,
  PHRASE_UNTAUGHT,
  speechLike,
} from "../../src/shared/phrase-recogniser/test-signals.ts";
import { synthesiseCorpus } from "./phrase-corpus.ts";
import { CorpusError, readSpeakers, readTake } from "./corpus-files.ts";
import { evaluateCorpus } from "./phrases-eval.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "phrases-eval-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(path: string, bytes: Uint8Array | string) {
  const full = join(dir, path);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, bytes);
}

const wav = (segments: typeof PHRASE_A, pitch: number, rate = 16000) =>
  encodeWav16(speechLike(segments, { pitch, sampleRate: rate }), rate);

function smallCorpus() {
  const phrases = { hello: PHRASE_A, water: PHRASE_B, help: PHRASE_C };
  for (const [id, segments] of Object.entries(phrases))
    [110, 125, 140, 118, 132].forEach((pitch, i) =>
      put(`anna/${id}/take${i + 1}.wav`, wav(segments, pitch, i % 2 ? 22050 : 16000)),
    );
  put("anna/_unknown/u1.wav", wav(PHRASE_UNTAUGHT, 120));
  put("anna/notes.txt", "ignored");
  put("README.md", "ignored too");
}

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/bench/phrases-eval.ts", ...args], {
    encoding: "utf8",
    timeout: 60_000,
  });
// Up to five runs of the command a test, each a Node process of its own: about a second each
// alone, up to 8 s beside the browser tests in `npm test` (one took 40 s for five).
const cliTests = { timeout: 180_000 };

describe("phrases:eval", cliTests, () => {
  it("scores a corpus per speaker and ends with one JSON line of totals", () => {
    smallCorpus();
    const totals = evaluateCorpus(dir);
    expect(totals.speakers).toHaveLength(1);
    expect(totals.speakers[0]).toMatchObject({ speaker: "anna", phrases: 3, tests: 6, unknown: 1 });
    expect(totals.top1).toBe(1);
    const run = cli(dir);
    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.some((line) => line.startsWith("anna\t"))).toBe(true);
    const last = JSON.parse(lines.at(-1)!);
    expect(Object.keys(last)).toEqual(
      expect.arrayContaining(["top1", "unknownRejected", "knownRejected", "p95Ms"]),
    );
    expect(last.top1).toBe(1);
    expect(last.speakers).toBeUndefined();
    // As a user lives it: each known take is at once right, at once wrong, unsure or rejected.
    for (const key of ["rightAtOnce", "wrongAtOnce", "rightFirst", "unsure", "rejected"])
      expect(last[key]).toBe(totals[key as keyof typeof totals]);
    expect(totals.rightFirst).toBe(totals.top1);
    expect(totals.rejected).toBe(totals.knownRejected);
    expect(totals.rightAtOnce + totals.wrongAtOnce + totals.unsure + totals.rejected).toBeCloseTo(
      1,
      3,
    );
    expect(totals.unknownSpoken + totals.unknownRejected).toBeLessThanOrEqual(1);
    expect(last).toMatchObject({ takesSplit: 0, takesRefused: 0 });
  });

  it("takes the enrolment count, the baseline method and the features' format", () => {
    smallCorpus();
    expect(evaluateCorpus(dir, { enrol: 2 }).speakers[0]!.tests).toBe(9);
    expect(evaluateCorpus(dir).format).toBe(FEATURES_FORMAT);
    expect(evaluateCorpus(dir, { format: 1 }).format).toBe(1);
    expect(JSON.parse(cli(dir, "--json", "--format", "1").stdout)).toMatchObject({ format: 1 });
    expect(JSON.parse(cli(dir, "--json", "--session", "--format", "1").stdout)).toMatchObject({
      format: 1,
    });
    expect(cli(dir, "--format", "3").stderr).toMatch(/--format must be one of 1, 2/);
    expect(evaluateCorpus(dir, { method: "baseline" }).method).toBe("baseline");
    const run = cli(dir, "--json", "--method", "baseline");
    expect(JSON.parse(run.stdout).method).toBe("baseline");
  });

  it("explains a missing, empty or malformed corpus without a stack trace", () => {
    const cases: [string[], RegExp][] = [
      [[join(dir, "nowhere")], /does not exist/],
      [[dir], /no speaker folders/],
      [[], /usage/],
      [[dir, "--enrol", "zero"], /--enrol/],
      [[dir, "--method", "magic"], /--method/],
    ];
    for (const [args, message] of cases) {
      const run = cli(...args);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    put("file.wav", "x");
    expect(() => evaluateCorpus(join(dir, "file.wav"))).toThrow(/not a folder/);
  });

  it("teaches a phrase's first takes in a person's order: take2 before take10", () => {
    for (let i = 1; i <= 12; i++) put(`anna/hello/take${i}.wav`, wav(PHRASE_A, 100 + i));
    const [anna] = [...readSpeakers(dir, 3)];
    const names = (takes: { path: string }[]) => takes.map((take) => take.path.split("/").pop());
    expect(names(anna!.phrases[0]!.teaching)).toEqual(["take1.wav", "take2.wav", "take3.wav"]);
    expect(names(anna!.phrases[0]!.tests).slice(-3)).toEqual([
      "take10.wav",
      "take11.wav",
      "take12.wav",
    ]);
  });

  it("names the bad WAV file and the folder with too few takes", () => {
    smallCorpus();
    put("anna/hello/take9.wav", "RIFF....WAVEjunk");
    let run = cli(dir);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/take9\.wav is not a usable WAV file/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    rmSync(join(dir, "anna/hello/take9.wav"));
    put("anna/thanks/take1.wav", wav(PHRASE_A, 120));
    expect(() => evaluateCorpus(dir)).toThrow(CorpusError);
    run = cli(dir);
    expect(run.stderr).toMatch(/thanks has 1 takes/);
    rmSync(join(dir, "anna"), { recursive: true });
    mkdirSync(join(dir, "bob/empty"), { recursive: true });
    expect(() => evaluateCorpus(dir)).toThrow(/no phrase folders with WAV takes/);
  });
});

/**
 * Anna's three phrases, five takes each, with a pause after the second sound, in `folder`;
 * `offset` is added to every sample (a sound card's DC offset).
 */
function pausingCorpus(folder: string, pauseMs: number, noise: number, offset = 0): string {
  const phrases = { hello: PHRASE_A, water: PHRASE_B, help: PHRASE_C };
  for (const [id, segments] of Object.entries(phrases))
    [110, 125, 140, 118, 132].forEach((pitch, i) => {
      const take = speechLike(segments, { pitch, pauseAfter: 2, pauseMs, noise });
      put(
        join(folder, `anna/${id}/take${i + 1}.wav`),
        encodeWav16(
          take.map((x) => x + offset),
          16000,
        ),
      );
    });
  return join(dir, folder);
}

describe("phrases:eval --live", cliTests, () => {
  it("feeds takes through the microphone's voice detector: a 1.5 s pause splits them only under the old rule", () => {
    const corpus = pausingCorpus("", 1500, 0.004);
    const learned = evaluateCorpus(corpus, { live: "learned" });
    expect(learned).toMatchObject({ takes: "live-learned", takesSplit: 0, takesRefused: 0 });
    expect(learned.rightAtOnce + learned.unsure).toBeGreaterThan(0.8);
    const fixed = evaluateCorpus(corpus, { live: "fixed" });
    expect(fixed.takes).toBe("live-fixed");
    expect(fixed.takesSplit).toBe(15);
    expect(fixed.speakers[0]!.takesSplit).toBe(15);
    const run = cli(corpus, "--json", "--live");
    expect(JSON.parse(run.stdout)).toMatchObject({ takes: "live-learned", takesSplit: 0 });
    expect(cli(corpus, "--live", "--rule", "loose").stderr).toMatch(/--rule must be one of/);
  });

  it("hears a soft speaker (--gain -45: a voice at -60 dBFS) as it hears a loud one", () => {
    const corpus = pausingCorpus("", 800, 0);
    const loud = evaluateCorpus(corpus, { live: "learned" });
    const soft = evaluateCorpus(corpus, { live: "learned", gainDb: -45 });
    expect(soft).toMatchObject({ takesSplit: 0, takesRefused: 0 });
    expect(soft.rightAtOnce).toBe(loud.rightAtOnce);
    expect(soft.top1).toBe(loud.top1);
    const run = cli(corpus, "--json", "--live", "--gain", "-45");
    expect(JSON.parse(run.stdout)).toMatchObject({ takesRefused: 0, top1: loud.top1 });
    expect(cli(corpus, "--gain", "soft").stderr).toMatch(/--gain must be a number of dB/);
  });

  it("hears takes in a steady background (--noise DB under the voice) until the noise drowns it", () => {
    const corpus = pausingCorpus("", 800, 0);
    const quiet = evaluateCorpus(corpus, { live: "learned" });
    const fan = evaluateCorpus(corpus, { live: "learned", noiseDb: 15 });
    expect(fan).toMatchObject({ takesSplit: 0, takesRefused: 0, wrongAtOnce: 0 });
    expect(fan.top1).toBe(quiet.top1);
    const drowned = evaluateCorpus(corpus, { live: "learned", noiseDb: 0 });
    expect(drowned.takesRefused).toBeGreaterThan(0);
    const run = cli(corpus, "--json", "--live", "--noise", "0");
    expect(JSON.parse(run.stdout)).toMatchObject({ takesRefused: drowned.takesRefused });
    expect(cli(corpus, "--noise", "loud").stderr).toMatch(/--noise must be a number of dB/);
  });

  it("hears takes with a DC offset (a sound card's) as it hears them without", () => {
    const live = (corpus: string) => evaluateCorpus(corpus, { live: "learned" });
    const clean = live(pausingCorpus("clean", 800, 0.002));
    const shifted = live(pausingCorpus("shifted", 800, 0.002, 0.1));
    expect(shifted).toMatchObject({ takesSplit: 0, takesRefused: 0 });
    expect(shifted.rightAtOnce).toBe(clean.rightAtOnce);
    expect(shifted.top1).toBe(clean.top1);
  });
});

// Real synthesis, twice, and an evaluation: 8–27 s beside the browser tests in `npm test`, and
// once 32 s, over the default 30 s.
describe("phrases:corpus", { timeout: 120_000 }, () => {
  it("synthesises speakers with the eSpeak NG engine in the evaluator's layout, the same for a seed", async () => {
    const options = {
      languages: ["kk"] as const,
      profiles: ["severe"] as const,
      phrases: 2,
      unknown: 1,
      takes: 4,
    };
    await synthesiseCorpus({ ...options, outDir: join(dir, "one") });
    await synthesiseCorpus({ ...options, outDir: join(dir, "two") });
    expect(readdirSync(join(dir, "one/kk-severe")).sort()).toEqual(["_unknown", "p01", "p02"]);
    expect(readdirSync(join(dir, "one/kk-severe/p01"))).toHaveLength(4);
    const take = "kk-severe/p02/take3.wav";
    expect(readFileSync(join(dir, "one", take)).equals(readFileSync(join(dir, "two", take)))).toBe(
      true,
    );
    const totals = evaluateCorpus(join(dir, "one"));
    expect(totals.speakers[0]).toMatchObject({
      speaker: "kk-severe",
      phrases: 2,
      tests: 2,
      unknown: 2,
    });
    expect(evaluateCorpus(join(dir, "two"))).toMatchObject({
      top1: totals.top1,
      knownRejected: totals.knownRejected,
    });
  });

  it("takes --takes on its command line: a whole number of at least 2", () => {
    const corpus = (takes: string) =>
      spawnSync(
        process.execPath,
        [
          "scripts/bench/phrase-corpus.ts",
          join(dir, takes),
          "--languages",
          "en",
          "--profiles",
          "mild",
          "--phrases",
          "1",
          "--unknown",
          "0",
          "--takes",
          takes,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
    const five = corpus("5");
    expect(five.status).toBe(0);
    expect(readdirSync(join(dir, "5/en-mild/p01"))).toHaveLength(5);
    for (const wrong of ["1", "2.5"]) {
      const refused = corpus(wrong);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("--takes must be a whole number of at least 2");
    }
  });

  it("says what the voices built from recordings need on a machine without them, and writes nothing", async () => {
    const path = process.env.PATH;
    process.env.PATH = join(dir, "no-tools");
    try {
      await expect(
        synthesiseCorpus({ voices: "recorded", phrases: 1, unknown: 0, outDir: join(dir, "out") }),
      ).rejects.toThrow(/need Debian's flite, festival.*\(apt install flite festival/);
    } finally {
      process.env.PATH = path;
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("makes pausing speakers who pause 0.6-1.6 s between words, whose takes stay whole live", async () => {
    await synthesiseCorpus({
      languages: ["en"],
      profiles: ["pausing"],
      phrases: 2,
      unknown: 1,
      takes: 4,
      outDir: dir,
    });
    for (const take of ["p01/take1.wav", "p02/take2.wav", "_unknown/u01-1.wav"]) {
      const { samples, sampleRate } = readTake(join(dir, "en-pausing", take));
      // The longest run of quiet 20 ms frames between the first and last loud ones.
      const frame = Math.round(sampleRate * 0.02);
      const levels: number[] = [];
      for (let at = 0; at + frame <= samples.length; at += frame) {
        let energy = 0;
        for (let i = at; i < at + frame; i++) energy += samples[i]! ** 2;
        levels.push(10 * Math.log10(energy / frame + 1e-12));
      }
      // Louder than the background (its quietest frames) by 8 dB.
      const loud = [...levels].sort((a, b) => a - b)[Math.floor(levels.length / 10)]! + 8;
      const first = levels.findIndex((level) => level > loud);
      const last = levels.findLastIndex((level) => level > loud);
      let [run, longest] = [0, 0];
      for (const level of levels.slice(first, last + 1)) {
        run = level > loud ? 0 : run + 1;
        longest = Math.max(longest, run);
      }
      expect(longest * 20).toBeGreaterThanOrEqual(550);
      expect(longest * 20).toBeLessThanOrEqual(2000);
    }
    expect(evaluateCorpus(dir, { live: "learned" })).toMatchObject({
      takesSplit: 0,
      takesRefused: 0,
    });
    expect(evaluateCorpus(dir, { live: "fixed" }).takesSplit).toBeGreaterThan(0);
  });
});
