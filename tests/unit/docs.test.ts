import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The manual stays true to the code: every setting the gateway reads is in docs/operations.md, and every
 * `docs/<file>.md#<anchor>` the code cites, and every link between the docs, lands on a heading that exists.
 */
const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Files under `dir` (relative to the root), skipping generated and installed trees. */
function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  const skip = new Set(['node_modules', 'dist', 'test-artifacts', 'coverage', '.git']);
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(ROOT, rel))) {
      if (skip.has(name)) continue;
      const path = join(rel, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (keep(path)) out.push(path);
    }
  };
  if (existsSync(join(ROOT, dir))) walk(dir);
  return out;
}

const parse = (path: string) => ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);

/** Property names of the object literals passed to `z.object(...)` in a file: config.ts's schema. */
function zodObjectKeys(path: string): string[] {
  const keys: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'object' &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const p of node.arguments[0].properties) if (p.name && ts.isIdentifier(p.name)) keys.push(p.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(path));
  return keys;
}

/** `process.env.NAME` and `process.env['NAME']` read in a file. */
function envReads(path: string): string[] {
  const names: string[] = [];
  const isProcessEnv = (e: ts.Expression) =>
    ts.isPropertyAccessExpression(e) &&
    e.name.text === 'env' &&
    ts.isIdentifier(e.expression) &&
    e.expression.text === 'process';
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isProcessEnv(node.expression)) names.push(node.name.text);
    if (
      ts.isElementAccessExpression(node) &&
      isProcessEnv(node.expression) &&
      ts.isStringLiteral(node.argumentExpression)
    )
      names.push(node.argumentExpression.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(path));
  return names;
}

/** Markdown without its fenced code blocks (their text is not headings or links). */
const withoutFences = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');

/** The anchors GitHub gives a markdown file: heading slugs (github-slugger's rule), and explicit `<a id>`s. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const text = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, '$1$2')
      .replace(/<[^>]+>/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    anchors.add(n ? `${base}-${n}` : base);
    seen.set(base, n + 1);
  }
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
const anchorsOfFile = (path: string) => {
  if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(read(path)));
  return anchorCache.get(path)!;
};

/** Where a link or citation points that is not there, or null. */
function brokenTarget(file: string, anchor: string | undefined): string | null {
  if (!existsSync(join(ROOT, file))) return `${file} does not exist`;
  if (anchor === undefined || !file.endsWith('.md')) return null;
  return anchorsOfFile(file).has(anchor) ? null : `${file} has no heading with the anchor #${anchor}`;
}

describe('docs/operations.md documents every setting', () => {
  const operations = read('docs/operations.md');
  const documented = (name: string) => operations.includes(`\`${name}\``);
  const tableRows = new Set([...operations.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]));
  const configKeys = zodObjectKeys('gateway/src/config.ts');
  const gatewayReads = filesUnder('gateway/src', (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p)).flatMap((p) =>
    envReads(p).map((name) => ({ name, file: p })),
  );

  test('every variable of gateway/src/config.ts has a row in a table of docs/operations.md', () => {
    expect(configKeys.length).toBeGreaterThan(20);
    expect(configKeys.filter((k) => !tableRows.has(k))).toEqual([]);
  });

  test('every process.env read elsewhere in the gateway is named in docs/operations.md', () => {
    expect(gatewayReads.filter((r) => !documented(r.name))).toEqual([]);
  });

  test('no setting in those tables is one the gateway no longer reads', () => {
    const readByGateway = new Set([...configKeys, ...gatewayReads.map((r) => r.name)]);
    expect([...tableRows].filter((name) => !readByGateway.has(name))).toEqual([]);
  });
});

describe('every docs/<file>.md#<anchor> lands on a heading', () => {
  test('cited from the code', () => {
    const sources = [
      ...['gateway', 'client/src', 'tests', 'scripts', 'packages'].flatMap((dir) =>
        filesUnder(dir, (p) => /\.(ts|tsx|js|mjs|cjs|graphql|md|json|ya?ml|sh)$/.test(p)),
      ),
      ...['schema.graphql', 'codegen.ts', 'eslint.config.mjs', 'Dockerfile', 'docker-compose.yml', '.env.example'],
    ].filter((p) => existsSync(join(ROOT, p)));
    const broken: string[] = [];
    for (const path of sources) {
      for (const m of read(path).matchAll(/\bdocs\/([\w./-]+\.md)#([\w-]+)/g)) {
        const problem = brokenTarget(`docs/${m[1]}`, m[2]);
        if (problem) broken.push(`${path}: ${m[0]}: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('linked from README.md and the docs', () => {
    const pages = ['README.md', ...filesUnder('docs', (p) => p.endsWith('.md'))];
    const broken: string[] = [];
    for (const page of pages) {
      for (const m of withoutFences(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto: ...
        const [path, anchor] = target.split('#');
        const file = path ? relative(ROOT, resolve(dirname(join(ROOT, page)), path)) : page;
        const problem = brokenTarget(file, anchor);
        if (problem) broken.push(`${page}: (${target}): ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('the anchors docs/design.md lists for the code to cite are its own', () => {
    const design = read('docs/design.md');
    const listed = [...design.matchAll(/`#([\w-]+)`/g)].map((m) => m[1]);
    expect(listed.length).toBeGreaterThan(40);
    expect(listed.filter((a) => !anchorsOfFile('docs/design.md').has(a))).toEqual([]);
  });
});

describe('the code cites the product spec by its sections', () => {
  test('every `spec N` in the code names a section of docs/product-spec.md', () => {
    const sections = new Set([...read('docs/product-spec.md').matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
    expect(sections.size).toBeGreaterThanOrEqual(9);
    const sources = ['gateway/src', 'client/src', 'tests', 'packages'].flatMap((dir) =>
      filesUnder(dir, (p) => /\.(ts|tsx)$/.test(p)),
    );
    const unknown: string[] = [];
    for (const path of sources) {
      for (const m of read(path).matchAll(/\bspec (\d+)\b/g)) {
        if (!sections.has(m[1])) unknown.push(`${path}: ${m[0]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('the code cites the docs, not a tracker', () => {
  const sources = ['gateway/src', 'client/src', 'tests', 'scripts'].flatMap((dir) =>
    filesUnder(dir, (p) => /\.(ts|tsx|mjs)$/.test(p)),
  );
  test('no "issue N" and no bare "DESIGN n": a newcomer has neither the tracker nor that file', () => {
    const found: string[] = [];
    for (const path of sources) {
      if (path === 'tests/unit/docs.test.ts') continue;
      read(path)
        .split('\n')
        .forEach((line, i) => {
          if (/\b[Ii]ssues? \d+\b|\bDESIGN \d[a-z]?\b/.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
