/** The build's version, set by vite.config.ts `define` (the web package's version and the commit). */
declare const __APP_VERSION__: string | undefined;
