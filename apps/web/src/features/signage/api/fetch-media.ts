import { api, ApiError } from '../../../lib/api';
import { readStoredUser } from '../../../lib/auth-storage';

/** A content file for the preview, as a blob with the staff bearer token (GET /protected-files/uploads/signage/…). */
export async function fetchContentFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const user = readStoredUser();
  if (user?.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await fetch(path, { headers, credentials: 'include', signal });
  if (!res.ok) {
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    throw new ApiError(res.status, '');
  }
  return res.blob();
}
