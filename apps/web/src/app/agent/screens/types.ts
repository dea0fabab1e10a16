import type { ComponentType } from 'react';
import type { NavEntry } from '../nav';

/** A staff screen; it gets its sidebar entry (the RKSV sub-pages share one screen and read their stage from it). */
export type EntryPage = ComponentType<{ entry?: NavEntry }>;

/** One area's screens by sidebar path (`nav.ts`), each lazy (`lazyPage`), merged by agent-routes.tsx. */
export type AreaScreens = Partial<Record<string, EntryPage>>;
