import type { z } from 'zod';
import { api, apiBlob, ApiError, type RequestOptions } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

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
  let blob: Blob;
  try {
    blob = await apiBlob(`/cashbook${path}`);
  } catch (e) {
    // An error answer that is not JSON: the API is not reachable as it should be.
    if (e instanceof ApiError && typeof e.body === 'string') throw new CashbookDataError('notJson');
    throw e;
  }
  saveBlob(blob, name);
  return blob;
}
