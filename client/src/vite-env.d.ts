/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;
/** 'production' hides the build indicator; set APP_ENV at build time. */
declare const __APP_ENV__: string;
/** The address of the build's stylesheet of the signed-in app's global CSS; null in the dev server (vite.config.ts). */
declare module 'virtual:app-global-css' {
  const href: string | null;
  export default href;
}
