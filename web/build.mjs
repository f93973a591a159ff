// Bundles the front-end into one script and one stylesheet.
// Output: $SAKK_WEB_OUT (the server's build script sets it) or ./dist.
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
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
