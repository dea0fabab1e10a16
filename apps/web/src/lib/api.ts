import { readStoredUser } from './auth-storage';

/**
 * An answer other than 2xx: the status and the server's `{message}` (German). `kind` marks an answer
 * that was not what the call declares (lib/calls.ts): not JSON (a proxy's HTML page) or not of the
 * declared shape; `area` is the call's, whose screens may word that in their own way.
 */
export class ApiError extends Error {
  readonly kind?: 'notJson' | 'shape';
  readonly area?: string;
  constructor(
    public readonly status: number,
    message: string,
    public readonly body?: unknown,
    detail?: { kind: 'notJson' | 'shape'; area: string },
  ) {
    super(message);
    this.kind = detail?.kind;
    this.area = detail?.area;
  }
}

let onUnauthorized: () => void = () => {};
/** The auth provider registers its logout here: any 401 from any call ends the session. */
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/**
 * Paths of the spec get /api unless they start with /auth/, /protected-files/, /sync/, /web/ or /ds/
 * (the signage screens), or are the health probes: a declared call's path (lib/calls.ts) is always whole.
 */
export function apiPath(path: string): string {
  return /^\/(auth|protected-files|sync|web|api|ds)\/|^\/(healthz|readyz)(\?|$)/.test(path) ? path : `/api${path}`;
}

/** The stored session's bearer token as a request header (none when signed out). */
function sessionHeader(): Record<string, string> {
  const token = readStoredUser()?.accessToken;
  return token ? { authorization: `Bearer ${token}` } : {};
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in calls: a 401 there is a wrong password, not an ended session. */
  skipUnauthorizedHandler?: boolean;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers, ...sessionHeader() };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(apiPath(path), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, '');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    if (res.status === 401 && !opts.skipUnauthorizedHandler) onUnauthorized();
    const message = (data as { message?: string } | undefined)?.message ?? '';
    throw new ApiError(res.status, message, data);
  }
  return data as T;
}

/**
 * A file (an upload, a CSV, a PDF) as a blob, fetched as `api` fetches: the session's token, a network
 * failure as status 0, an error answer as ApiError with the server's message and its body (parsed
 * JSON, else the text as it came, so a caller can tell a proxy's HTML page apart). A 401 is checked
 * against /auth/verify-token, whose own 401 runs the one logout path: a file route's refusal alone
 * does not end the session.
 */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  let res: Response;
  try {
    res = await fetch(apiPath(path), { headers: sessionHeader(), credentials: 'include', signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, '');
  }
  if (!res.ok) {
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    throw new ApiError(res.status, (body as { message?: string } | null)?.message ?? '', body);
  }
  return res.blob();
}
