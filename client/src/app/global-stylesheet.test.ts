import { loadGlobalStylesheet } from './global-stylesheet';

// The build's virtual module (vite.config.ts, appGlobalCss): the stylesheet's address.
jest.mock('virtual:app-global-css', () => ({ __esModule: true, default: '/assets/app-global-0123456789.css' }), {
  virtual: true,
});

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[data-app-css]')];

afterEach(() => document.head.replaceChildren());

test('uses the page shell’s link, print-only until the app applies it, once it has loaded', async () => {
  document.head.innerHTML =
    '<link rel="stylesheet" href="/assets/app-global-0123456789.css" media="print" data-app-css>';
  const shell = links()[0];
  let settled: HTMLLinkElement | null | undefined;
  const loading = loadGlobalStylesheet().then((l) => (settled = l));
  await Promise.resolve();
  expect(settled).toBeUndefined();
  shell.dispatchEvent(new Event('load'));
  await loading;
  expect(settled).toBe(shell);
  expect(links()).toEqual([shell]);
  expect(shell.media).toBe('print');
});

test('links the stylesheet itself on a page without it, and answers null when it fails to load', async () => {
  const loading = loadGlobalStylesheet();
  const [link] = links();
  expect(link.getAttribute('href')).toBe('/assets/app-global-0123456789.css');
  expect(link.rel).toBe('stylesheet');
  expect(link.media).toBe('print');
  link.dispatchEvent(new Event('error'));
  await expect(loading).resolves.toBeNull();
});
