import { pino, type Logger } from 'pino';

/**
 * A query parameter whose name says it carries a secret (`?token=`, `session_id=`, `key=` …): its value.
 * Invitation and reset links carry their token in the query string, and request lines, mails
 * printed without SMTP and error texts all may quote such a link.
 */
const SECRET_PARAM = /([?&;](?:[\w.-]*(?:token|secret|passw|key|session|signature|sig|code|auth))[\w.-]*=)[^&#\s"'\\<>]+/gi;

export const REDACTED = '[entfernt]';

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** The process's logger: every line passes through redactSecrets on its way out. */
export function createLogger(level: string, out: { write(line: string): unknown } = process.stdout): Logger {
  return pino({ level }, { write: (line: string) => out.write(redactSecrets(line)) });
}
