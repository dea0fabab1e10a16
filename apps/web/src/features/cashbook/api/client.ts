import type { z } from 'zod';
import { api, ApiError, type RequestOptions } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { readStoredUser } from '../../../lib/auth-storage';

/**
 * The cashbook's calls (/api/cashbook/...) go through the one api client and are checked on arrival:
 * an answer that is not JSON (a proxy's HTML page, a login page) and an answer of the wrong shape
 * each become an error of their own, shown with the spec's words (cashbookErrorMessage).
 */
export class CashbookDataError extends Error {
  constructor(public readonly kind: 'notJson' | 'shape') {
    super(kind);
  }
}

export async function cashbookCall<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.infer<S>> {
  let data: unknown;
  try {
    data = await api<unknown>(`/cashbook${path}`, opts);
  } catch (e) {
    // An error page that is not JSON: the API is not reachable as it should be.
    if (e instanceof ApiError && typeof e.body === 'string' && e.body.trim().startsWith('<'))
      throw new CashbookDataError('notJson');
    throw e;
  }
  if (typeof data === 'string') throw new CashbookDataError('notJson');
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new CashbookDataError('shape');
  return parsed.data;
}

/** A file of the cashbook (CSV, PDF) fetched with the session's token and saved under `name`. */
export async function downloadCashbookFile(path: string, name: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const user = readStoredUser();
  if (user?.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await fetch(`/api/cashbook${path}`, { headers, credentials: 'include' });
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      throw new CashbookDataError('notJson');
    }
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    throw new ApiError(res.status, (body as { message?: string }).message ?? '', body);
  }
  const blob = await res.blob();
  saveBlob(blob, name);
  return blob;
}
