/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __APP_BUILD__: string;
/** 'production' hides the build indicator; set APP_ENV at build time. */
declare const __APP_ENV__: string;
