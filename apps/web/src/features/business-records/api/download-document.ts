import { api, ApiError, apiPath } from '../../../lib/api';
import { readStoredUser } from '../../../lib/auth-storage';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /business/documents/{id}/download with the session's token, saved under the name the server
 * gives (from the detected type) or the listed name.
 */
export async function downloadDocument(id: string, name: string): Promise<void> {
  const headers: Record<string, string> = {};
  const user = readStoredUser();
  if (user?.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await fetch(apiPath(`/business/documents/${encodeURIComponent(id)}/download`), {
    headers,
    credentials: 'include',
  });
  if (!res.ok) {
    // An ended session: the api client's call runs the one logout path.
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(res.status, body?.message ?? '', body);
  }
  saveBlob(await res.blob(), name);
}
