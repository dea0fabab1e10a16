import { readFileSync } from 'node:fs';
import React, { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';

// tsx compiles the components' JSX with the classic runtime here (the repository root has no
// tsconfig.json with "jsx"), which calls the global React.
(globalThis as { React?: typeof React }).React = React;

/** The kit's tests render with the real German strings of the staff screens. */
const de = (file: string) =>
  (
    JSON.parse(readFileSync(new URL(`../src/locales/de/${file}.json`, import.meta.url), 'utf8')) as {
      translation: Record<string, unknown>;
    }
  ).translation;
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({
  lng: 'de',
  resources: { de: { translation: { ...de('common'), ...de('staff') } } },
  interpolation: { escapeValue: false },
});

/** A component rendered to HTML as a staff screen has it, without the style sheets Mantine writes in front. */
export const renderGerman = (node: ReactNode) =>
  renderToStaticMarkup(
    h(QueryClientProvider, { client: new QueryClient() }, h(I18nextProvider, { i18n }, h(MantineProvider, null, node))),
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
