import { lazy, useMemo, useState, type ComponentType } from 'react';
import { loadAreas, type LocaleArea } from './i18n';

type PageModule<P> = { default: ComponentType<P> };

/** A lazy screen that can also be loaded ahead of its first render (see `preloadRoute`). */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** Whether its module is in (then it renders without suspending). */
  isLoaded: () => boolean;
};

/**
 * A lazy component whose module, once loaded, is handed to React synchronously: React.lazy then
 * renders it at once instead of suspending for a microtask. That matters when a prerendered page is
 * taken over: a tap during the takeover makes React hydrate the tapped part at once, and a part that
 * suspends then is thrown away and rendered anew, so the tapped element vanishes and the tap is lost.
 */
function preloadable<P extends object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let pending: Promise<PageModule<P>> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        // A failed chunk (offline, a new deployment) may be asked for again.
        pending = undefined;
        throw e;
      },
    ));
  const Page = lazy(() =>
    loaded
      ? // A thenable that answers at once (React reads a fulfilled value synchronously).
        ({ then: (resolve: (m: PageModule<P>) => void) => resolve(loaded!) } as unknown as Promise<PageModule<P>>)
      : get(),
  );
  return Object.assign(Page, {
    preload: () => get().then(() => undefined),
    isLoaded: () => loaded !== undefined,
  }) as unknown as LazyPage<P>;
}

/**
 * A screen that loads on its first visit, as its own chunk, together with the strings of its area
 * (`common` is always there), so the landing page carries only what it shows. The router's
 * navigations run in a transition: the old screen stays until the new one is in.
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<PageModule<P>>,
  areas: readonly LocaleArea[] = [],
): LazyPage<P> {
  return preloadable(async () => (await Promise.all([load(), loadAreas(areas)]))[0]);
}

/** The same for a module whose screen is a named export. */
export function lazyNamed<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  areas: readonly LocaleArea[] = [],
): LazyPage<P> {
  return preloadable(async () => ({ default: pick((await Promise.all([load(), loadAreas(areas)]))[0]) }));
}

/**
 * A screen's parts that are closed at first (its dialogs, the board's task dialog, a form's drop zone):
 * each is a `lazyNamed` part under a `<Suspense fallback={null}>`, and the screen's root spreads these
 * props, so the first pointer over or focus in the screen loads them, ahead of the click that opens one.
 * A dialog opened from a link loads when it is first rendered. One object per screen (a module constant).
 */
export function preloadOnIntent(...parts: { preload: () => Promise<void> }[]): IntentProps {
  return onIntent(parts);
}

/** A pointer over the screen, a focus in it, or a file dragged onto it from outside the browser. */
type IntentProps = { onPointerOver: () => void; onFocus: () => void; onDragEnter: () => void };

function onIntent(parts: { preload: () => Promise<void> }[], loaded?: () => void): IntentProps {
  let started = false;
  const preload = () => {
    if (started) return;
    started = true;
    void Promise.all(parts.map((p) => p.preload())).then(loaded, () => {
      // A failed chunk (offline, a new deployment) is asked for again at the next intent.
      started = false;
    });
  };
  return { onPointerOver: preload, onFocus: preload, onDragEnter: preload };
}

/**
 * The same for a part shown in place (a form's drop zone): `ready` once every part is loaded (the screen
 * shows a placeholder of its size until then), `intent` the props for the screen's root.
 */
export function useLoadOnIntent(...parts: { preload: () => Promise<void>; isLoaded: () => boolean }[]): {
  ready: boolean;
  intent: IntentProps;
} {
  const [ready, setReady] = useState(() => parts.every((p) => p.isLoaded()));
  // The parts are module constants: one handler for the screen's life.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const intent = useMemo(() => onIntent(parts, () => setReady(true)), []);
  return { ready, intent };
}
