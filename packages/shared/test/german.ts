import { MESSAGES } from '../src/index.js';

/** The German text of a schema issue's message (the catalogue code it carries), as the server answers it. */
export const german = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : (MESSAGES.get(message) ?? message);
