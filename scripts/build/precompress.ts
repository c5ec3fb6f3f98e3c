/**
 * After `vite build`: writes Brotli (quality 11) and gzip (level 9) copies of the built text
 * assets, which the server sends as they are (`preCompressed`). Compressing once at build time
 * beats compressing on every request, in bytes and in server time.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = process.argv[2] || process.env.DIST_DIR || "dist";
const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;

// OpenMoji's 1,600 symbols (a few kB each, fetched one at a time when a board first shows them)
// are compressed by the server as they are asked for: Brotli 11 on all of them would add many
// seconds to every build for files most devices never fetch.
const compressedOnRequest = new Set(["symbols"]);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (compressedOnRequest.has(name)) continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  if (bytes.byteLength < 1024) continue;
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`Pre-compressed ${count} files in ${dist}.`);
