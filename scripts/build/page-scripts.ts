/**
 * The page's two inline scripts (src/page-scripts/): the language check at the top of every
 * prerendered page and the app's loader at the end of every page. Each is built on its own from
 * its module, with what it imports from src/shared and src/lib, into one small script. The build
 * writes both into `page-scripts.json` beside the app: the prerender reads the language check
 * from there, and the server allows both by their hashes (server/plugins/security-headers.ts).
 */
import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";
import type { PageScripts } from "../../src/shared/page-scripts.ts";

const src = fileURLToPath(new URL("../../src", import.meta.url));

async function buildPageScript(name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    resolve: { alias: { "@": src } },
    build: {
      write: false,
      target: "es2022",
      minify: true,
      lib: { entry: `${src}/page-scripts/${name}.ts`, formats: ["iife"], name: "dauysPageScript" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap(({ output }) => output.filter((file) => file.type === "chunk"));
  if (chunks.length !== 1) throw new Error(`${name} should build into one script`);
  // The script ends the element it is written into, so it must not contain its closing tag.
  return chunks[0]!.code.trim().replace(/<\/script/gi, "<\\/script");
}

export async function buildPageScripts(): Promise<PageScripts> {
  return {
    languageCheck: await buildPageScript("language-check"),
    appLoader: await buildPageScript("app-loader"),
  };
}
