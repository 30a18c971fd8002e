import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: done once here, the server sends them as they are (server/src/plugins/web-app.ts)
 * instead of compressing on every request (docs/decisions/090-web-delivery.md).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'memory-map:precompress',
    apply: 'build',
    // After every other plugin has written (the service worker is built in the same phase).
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const raw = readFileSync(file);
          if (raw.length < MIN_BYTES) continue;
          const br = brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          });
          const gz = gzipSync(raw, { level: 9 });
          if (br.length < raw.length) writeFileSync(`${file}.br`, br);
          if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}
