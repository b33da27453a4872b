import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package exports name only its development build (`dist/development`, with its
 * dev-only checks and warnings and nothing minified ahead), whatever the mode: a known issue
 * upstream (remix-run/react-router#12532, #14753). Its production build ships beside it. In a
 * build, `react-router` and `react-router/dom` resolve to that production build, so a customer's
 * phone runs the router without its development checks and console warnings. Not a speed gain:
 * both builds minify to about the same size (the first bundle 427 -> 426 KB) and `npm run bench --
 * menu300` measured no difference. The dev server keeps the development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  // The package's own entry (`dist/development/index.js` under `require`): its folder's sibling.
  const dist = join(dirname(dirname(require.resolve('react-router'))), 'production');
  const files: Record<string, string> = {
    'react-router': join(dist, 'index.mjs'),
    'react-router/dom': join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'comanda:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return files[source] ?? null;
    },
  };
}
