import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, once, at the highest levels:
 * the server sends the one the browser accepts (`@fastify/static`'s `preCompressed`), compressing nothing per request.
 * Source maps are left alone (only developer tools fetch them).
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|svg|json|txt|html)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'mutirao-precompress',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      for (const path of walk(options.dir)) {
        if (!TEXT.test(path)) continue;
        const data = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const api = `http://localhost:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': api,
      '/v1': api,
      '/uploads': api,
      '/_fonts': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
