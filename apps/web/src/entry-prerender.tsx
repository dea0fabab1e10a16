/**
 * Build-time rendering of the landing page (scripts: `npm run build`, then prerender.mjs): its HTML in
 * each language, so a visitor sees it as soon as the HTML and the shell's CSS are in, before any script
 * has run. The browser then hydrates it (main.tsx). Only `/`: it shows the same to everyone, with no
 * data and no session.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import i18n, { i18nReady } from './lib/i18n';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

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
