import { pino, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * A query parameter whose name says it carries a secret (`?token=`, `session_id=`, `key=` …): its value.
 * Invitation and reset links carry their token in the query string, and request lines, mails
 * printed without SMTP and error texts all may quote such a link.
 */
const SECRET_PARAM =
  /([?&;](?:[\w.-]*(?:token|secret|passw|key|session|signature|sig|code|auth))[\w.-]*=)[^&#\s"'\\<>]+/gi;

export const REDACTED = '[entfernt]';

export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, `$1${REDACTED}`);
}

/** One JSON object per line (for machines: production, files, pipes) or pretty lines for a person. */
export type LogFormat = 'json' | 'pretty';

interface LogOut {
  write(line: string): unknown;
  /** Set on a terminal (process.stdout of an interactive shell). */
  isTTY?: boolean;
}

/**
 * JSON unless a person reads it: pretty lines only outside production and when the output is a
 * terminal; production, a pipe, a file or a log collector always get JSON.
 */
export function logFormatFor(nodeEnv: string, out: LogOut = process.stdout): LogFormat {
  return nodeEnv !== 'production' && out.isTTY === true ? 'pretty' : 'json';
}

interface RequestFields {
  reqId?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: unknown;
}

/**
 * The pretty line of a log entry: time, level and message, a request's start as its method and
 * path, its end as status and time, both with the request id's first characters to pair them.
 */
function prettyLine(colorize: boolean): (jsonLine: string) => string {
  return prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const entry = log as RequestFields & Record<string, unknown>;
      const msg = String(entry[messageKey] ?? '');
      const id = typeof entry.reqId === 'string' ? ` [${entry.reqId.slice(0, 8)}]` : '';
      if (entry.req?.method) return `${msg}: ${entry.req.method} ${entry.req.url ?? ''}${id}`;
      if (entry.res?.statusCode !== undefined) {
        const ms = typeof entry.responseTime === 'number' ? ` in ${Math.round(entry.responseTime)} ms` : '';
        return `${msg}: ${entry.res.statusCode}${ms}${id}`;
      }
      return `${msg}${id}`;
    },
  });
}

/**
 * The process's logger: every line passes through redactSecrets on its way out, then (format
 * `pretty`) becomes one readable line, coloured on a terminal.
 */
export function createLogger(level: string, out: LogOut = process.stdout, format: LogFormat = 'json'): Logger {
  if (format === 'json') return pino({ level }, { write: (line: string) => out.write(redactSecrets(line)) });
  const pretty = prettyLine(out.isTTY === true && !process.env.NO_COLOR);
  return pino({ level }, { write: (line: string) => out.write(pretty(redactSecrets(line))) });
}
