import { lazy, type ComponentType } from 'react';
import { loadAreas, type LocaleArea } from '../lib/i18n';

type PageModule<P> = Promise<{ default: ComponentType<P> }>;

/**
 * A screen that loads on its first visit, as its own chunk, together with the strings of its area
 * (`common` is always there), so the landing page carries only what it shows. The router's
 * navigations run in a transition: the old screen stays until the new one is in.
 */
export function lazyPage<P extends object = object>(
  load: () => PageModule<P>,
  areas: readonly LocaleArea[] = [],
): ComponentType<P> {
  return lazy(async () => (await Promise.all([load(), loadAreas(areas)]))[0]);
}

/** The same for a module whose screen is a named export. */
export function lazyNamed<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  areas: readonly LocaleArea[] = [],
): ComponentType<P> {
  return lazy(async () => ({ default: pick((await Promise.all([load(), loadAreas(areas)]))[0]) }));
}
