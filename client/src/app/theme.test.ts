/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { createAppSystem } from './theme';

const system = createAppSystem();

/**
 * The signed-in system carries only the recipes of the Chakra components the client renders. A
 * component whose recipe is missing renders unstyled, so this follows every component imported from
 * '@chakra-ui/react' anywhere in client/src to the recipe keys its modules look up, through Chakra's own
 * ESM sources, and requires each key the default theme styles to be in the system.
 */
const SRC = resolve(__dirname, '..');
const ESM = join(dirname(require.resolve('@chakra-ui/react/package.json')), 'dist', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e): string[] => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Names imported from '@chakra-ui/react' (not its subpaths) across the client. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@chakra-ui\/react'/g,
    ))
      for (const part of m[1].split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  }
  return names;
}

/** Export name -> module file of Chakra's ESM index. */
function exportSources(): Map<string, string> {
  const index = readFileSync(join(ESM, 'index.js'), 'utf8');
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '(\.\/[^']+)'/g)) namespaces.set(m[1], m[2]);
  const sources = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]*)\}(?: from '(\.\/[^']+)')?/g))
    for (const part of m[1].split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const from = m[2] ?? namespaces.get(local);
      if (from) sources.set(exported, join(ESM, from));
    }
  return sources;
}

/** Recipe keys looked up by a component module and the component modules it imports. */
function recipeKeys(file: string, seen: Set<string>, keys: Set<string>) {
  if (seen.has(file) || !file.startsWith(join(ESM, 'components'))) return;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bkey: "([A-Za-z]+)"/g)) keys.add(m[1]);
  for (const m of text.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)) recipeKeys(resolve(dirname(file), m[1]), seen, keys);
}

test('every Chakra component the client renders finds its recipe in the signed-in system', () => {
  const sources = exportSources();
  const keys = new Set<string>();
  const seen = new Set<string>();
  const names = importedNames();
  expect(names.has('Button')).toBe(true);
  for (const name of names) {
    const file = sources.get(name);
    if (file) recipeKeys(file, seen, keys);
  }
  const styled = { ...defaultThemeConfig.theme?.recipes, ...defaultThemeConfig.theme?.slotRecipes };
  const needed = [...keys].filter((k) => k in styled).sort();
  expect(needed).toContain('table');
  expect(needed.filter((k) => !system.hasRecipe(k))).toEqual([]);
  // Each recipe under the key and of the kind (plain or slot) the default theme has.
  for (const k of needed) expect(system.isSlotRecipe(k)).toBe(k in (defaultThemeConfig.theme?.slotRecipes ?? {}));
});

test('a system built for the stylesheet of its global CSS carries the flag the build’s createSystem reads', () => {
  // vite.config.ts patches Chakra's createSystem to leave `_global` empty when the merged config has it.
  expect((createAppSystem(true)._config as Record<string, unknown>).globalCssInStylesheet).toBe(true);
  expect((system._config as Record<string, unknown>).globalCssInStylesheet).toBeUndefined();
  // Without the patch (here) the system computes it: the preflight, the global CSS and the tokens.
  expect(system._global).toHaveLength(3);
});
