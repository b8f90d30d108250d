import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createAppSystem } from './theme';

/**
 * The CSS that Chakra's provider injects for `system` at runtime: the layer order, then the global styles
 * (preflight, the theme's global CSS and every token's CSS variable), as emotion's Global writes them on a
 * server. Runs in Node only.
 */
export function globalStylesheet(system: SystemContext): string {
  const html = renderToStaticMarkup(createElement(ChakraProvider, { value: system, children: null }));
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
}

/**
 * The signed-in system's global CSS, which the build writes as a stylesheet (vite.config.ts, `appGlobalCss`):
 * built and serialised in the browser it was ~50 KB of CSS and one of the longest tasks of a phone's start of
 * the app.
 */
export const appGlobalStylesheet = () => globalStylesheet(createAppSystem());
