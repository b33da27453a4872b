import { describe, expect, it } from 'vitest';
import { wire } from '../data/wire.ts';
import { PREFETCH_PLAN_ID } from '../prefetch/plan.ts';
import { type BundleEntry, isClassicScript, prefetchPlan, withPlan } from './table-prefetch.ts';

const ROOT = '/src/screens/user-reservation/index.tsx';
const html =
  '<html><head><title>x</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js"></head><body></body></html>';

const chunk = (fileName: string, extra: Partial<BundleEntry> = {}): BundleEntry => ({
  type: 'chunk',
  fileName,
  moduleIds: [],
  imports: [],
  ...extra,
});

describe('the prefetch plan written into index.html', () => {
  const bundle: Record<string, BundleEntry> = {
    'assets/index-1.js': chunk('assets/index-1.js', { isEntry: true, imports: ['assets/runtime-1.js'] }),
    'assets/runtime-1.js': chunk('assets/runtime-1.js'),
    'assets/customer-1.js': chunk('assets/customer-1.js', {
      moduleIds: [ROOT],
      imports: ['assets/index-1.js', 'assets/runtime-1.js', 'assets/common-1.js'],
      viteMetadata: { importedCss: new Set(['assets/customer-1.css']) },
    }),
    'assets/common-1.js': chunk('assets/common-1.js', {
      imports: ['assets/index-1.js'],
      viteMetadata: { importedCss: new Set(['assets/common-1.css']) },
    }),
    'assets/owner-1.js': chunk('assets/owner-1.js', { moduleIds: ['/src/screens/owner-home/index.tsx'] }),
    'index.html': { type: 'asset', fileName: 'index.html', source: html },
  };

  it("names the table screen's chunks and what they import, less what the page already loads", () => {
    const plan = prefetchPlan(bundle, [ROOT], wire, html);
    expect(plan.scripts).toEqual(['/assets/common-1.js', '/assets/customer-1.js']);
    expect(plan.styles).toEqual(['/assets/common-1.css', '/assets/customer-1.css']);
    expect(plan.paths.userMenuGet).toBe(wire.routes.userMenuGet.path);
  });

  it('goes in ahead of the page scripts with the prefetch script, and no text can close its element', () => {
    const plan = { ...prefetchPlan(bundle, [ROOT], wire, html), styles: ['/a</script><script>x.css'] };
    const page = withPlan(html, plan, 'assets/prefetch-1.js');
    const data = page.indexOf(`id="${PREFETCH_PLAN_ID}"`);
    const script = page.indexOf('<script async src="/assets/prefetch-1.js">');
    expect(data).toBeGreaterThan(0);
    expect(script).toBeGreaterThan(data);
    expect(page.indexOf('src="/assets/index-1.js"')).toBeGreaterThan(script);
    expect(page.match(/<\/script>/g)).toHaveLength(3);
    const doc = new DOMParser().parseFromString(page, 'text/html');
    expect(JSON.parse(doc.getElementById(PREFETCH_PLAN_ID)?.textContent ?? '')).toEqual(plan);
  });
});

describe('the prefetch script runs as a classic script', () => {
  it('a chunk that imports or exports is refused; one that only runs is taken', () => {
    expect(isClassicScript('var e=1;function t(){return import("./x.js")}t();')).toBe(true);
    expect(isClassicScript('var importantThing=1;exportedValue=2;')).toBe(true);
    expect(isClassicScript('import{a as b}from"./index.js";b();')).toBe(false);
    expect(isClassicScript('var a=1;export{a as t};')).toBe(false);
    expect(isClassicScript('import "./side.js";')).toBe(false);
    expect(isClassicScript('//# hint\nexport default 1')).toBe(false);
  });
});
