// Bundles the front-end into one script and one stylesheet.
// Output: $SAKK_WEB_OUT (the server's build script sets it) or ./dist.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const out = process.env.SAKK_WEB_OUT || 'dist';
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  outfile: join(out, 'app.js'),
  legalComments: 'none',
  logLevel: 'warning',
  // The Fluent catalogues (crates/i18n/locales) are bundled as text.
  loader: { '.ftl': 'text' },
});
const cg = 'node_modules/@lichess-org/chessground/assets/';
const css = ['chessground.base.css', 'chessground.brown.css', 'chessground.cburnett.css']
  .map(f => readFileSync(cg + f, 'utf8'))
  .concat(readFileSync('style.css', 'utf8'))
  .join('\n');
writeFileSync(join(out, 'app.css'), css);
copyFileSync('index.html', join(out, 'index.html'));
copyFileSync('favicon.svg', join(out, 'favicon.svg'));
// The service worker, with the build's fingerprint: a new build of the
// page, script or stylesheet gives a new worker, which replaces the copies
// the old one kept.
const buildId = createHash('sha256')
  .update(readFileSync(join(out, 'app.js')))
  .update(readFileSync(join(out, 'app.css')))
  .update(readFileSync(join(out, 'index.html')))
  .digest('hex')
  .slice(0, 16);
await build({
  entryPoints: ['sw/sw.ts'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  outfile: join(out, 'sw.js'),
  legalComments: 'none',
  logLevel: 'warning',
  define: { SAKK_BUILD: JSON.stringify(buildId) },
});
