import href from 'virtual:app-global-css';

/**
 * The build's stylesheet of the signed-in system's global CSS (vite.config.ts, `appGlobalCss`), once loaded:
 * the one the page shells link (their HTML starts its download), else a new one. Print-only until the app's
 * first commit applies it (App.tsx), so a page's shell keeps its looks until the app replaces it. Null in the
 * dev server or when it fails to load: the system then computes that CSS itself, as Chakra does.
 */
export function loadGlobalStylesheet(): Promise<HTMLLinkElement | null> {
  if (!href) return Promise.resolve(null);
  let link = document.querySelector<HTMLLinkElement>('link[data-app-css]');
  if (!link) {
    link = Object.assign(document.createElement('link'), { rel: 'stylesheet', media: 'print', href });
    link.dataset.appCss = '';
    document.head.append(link);
  }
  const sheet = link;
  if (sheet.sheet) return Promise.resolve(sheet);
  return new Promise((loaded) => {
    sheet.addEventListener('load', () => loaded(sheet), { once: true });
    sheet.addEventListener('error', () => loaded(null), { once: true });
  });
}
