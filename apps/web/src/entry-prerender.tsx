/**
 * Build-time rendering of public pages (scripts: `npm run build`, then prerender.mjs): their HTML in
 * each language, so a visitor sees them as soon as the HTML and the CSS are in, before any script has
 * run. The browser then hydrates them (main.tsx). Only pages that show the same to everyone with no
 * session: `/`, and `/rksv` without its prices (they come after hydration, lib/hydration.ts).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18n, { i18nReady } from './lib/i18n';
import { Providers } from './app/providers';
import { AppRoutes, PAGE_TITLES } from './app/router';
import { documentTitle } from './app/page-title';

export async function renderPage(url: string, language: string): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(language);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** The page's title in the language of the last renderPage (its strings are loaded by then). */
export function pageTitle(url: string): string {
  const key = PAGE_TITLES[url];
  return documentTitle(i18n.t, key ? [key] : []);
}
