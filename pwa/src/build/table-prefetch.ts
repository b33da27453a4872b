import type { Plugin } from 'vite';
import type { WireTable } from '../data/wire-table.ts';
import { PREFETCH_CALLS, PREFETCH_PLAN_ID, type PrefetchPlan } from '../prefetch/plan.ts';

/** What the plugin reads of a bundle's entry (Rollup/rolldown output, with Vite's metadata). */
export interface BundleEntry {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  code?: string;
  moduleIds?: readonly string[];
  imports?: readonly string[];
  dynamicImports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
  source?: string | Uint8Array;
}

/**
 * The plan for `prefetch/prefetch.ts`: the calls' paths, and the files of the chunks holding
 * `roots` (the table screens) with every chunk they import statically, less what the page's own
 * tags already load (the first bundle and the files `index.html` names).
 */
export function prefetchPlan(
  bundle: Record<string, BundleEntry>,
  roots: readonly string[],
  wire: WireTable,
  html: string,
): PrefetchPlan {
  const chunks = Object.values(bundle).filter((entry) => entry.type === 'chunk');
  const onPage = (file: string) => html.includes(`/${file}"`);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const stack = chunks.filter((c) => c.moduleIds?.some((id) => roots.includes(id))).map((c) => c.fileName);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    const chunk = bundle[file];
    if (seen.has(file) || !chunk || chunk.isEntry || onPage(file)) continue;
    seen.add(file);
    scripts.push(`/${file}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!onPage(css)) styles.add(`/${css}`);
    stack.push(...(chunk.imports ?? []));
  }
  const paths = {} as PrefetchPlan['paths'];
  for (const call of PREFETCH_CALLS) paths[call] = wire.routes[call].path;
  return { paths, scripts: scripts.sort(), styles: [...styles].sort() };
}

/**
 * `index.html` with the plan as a JSON block (data: no script policy applies to it) and the
 * prefetch script, both ahead of the page's own scripts: a classic `async` script runs as soon as
 * it arrives, where a module script would wait for the parser and the scripts before it.
 */
export function withPlan(html: string, plan: PrefetchPlan, script: string): string {
  // `<` escaped, so no text in the plan can close the element.
  const json = JSON.stringify(plan).replace(/</g, '\\u003c');
  const block =
    `<script type="application/json" id="${PREFETCH_PLAN_ID}">${json}</script>\n` +
    `    <script async src="/${script}"></script>\n    `;
  const at = html.indexOf('<script');
  return at < 0 ? html.replace('</head>', `${block}</head>`) : html.slice(0, at) + block + html.slice(at);
}

/** A built chunk with no `import`/`export` statement at its top level runs as a classic script. */
export function isClassicScript(code: string): boolean {
  return !/(^|[;}\n])\s*(import\s*[{*"'`]|import\s+[\w$]|export\s*[{*]|export\s+[\w$])/.test(code);
}

/**
 * A table's QR link (spec 2.7) first runs `prefetch/prefetch.ts`, which sends the page's first
 * calls and fetches the table screen's files while the first bundle downloads and starts
 * (ordering/README.md, "First load"). It learns the calls' paths and those files' hashed names
 * from this plan, written into `index.html` once the bundle's file names are known.
 */
export function tablePrefetch(entry: string, roots: readonly string[], wire: () => WireTable): Plugin {
  return {
    name: 'comanda:table-prefetch',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as Record<string, BundleEntry>;
        const page = bundle['index.html'];
        if (page?.type !== 'asset' || typeof page.source !== 'string') {
          this.error('index.html is not in the bundle: the prefetch plan has nowhere to go');
        }
        const script = Object.values(bundle).find(
          (chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === entry,
        );
        if (!script) this.error(`${entry} is not an entry of the bundle`);
        if (!isClassicScript(script.code ?? ''))
          this.error(`${script.fileName} imports or exports: it cannot run as a classic script`);
        page.source = withPlan(
          page.source,
          prefetchPlan(bundle, roots, wire(), page.source),
          script.fileName,
        );
      },
    },
  };
}
