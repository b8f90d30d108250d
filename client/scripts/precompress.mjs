// Pre-compresses the built client (issue 18): every text file of dist/ gets a .br (quality 11) and a .gz
// (level 9) beside it, so the gateway sends them as they are instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Writes name.br and name.gz beside every text file under `dist`; answers a one-line summary. */
export function precompress(dist) {
  let files = 0;
  let before = 0;
  let after = 0;
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!name.startsWith('.')) walk(path);
      } else if (TEXT.test(name) && !name.endsWith('.map')) {
        const [raw, br] = compress(path);
        files += 1;
        before += raw;
        after += br;
      }
    }
  };
  walk(dist);
  return `precompress: ${files} files, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`;
}

function compress(path) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  return [body.length, br.length];
}
