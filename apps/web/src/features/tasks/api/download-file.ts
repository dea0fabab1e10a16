import { api, ApiError } from '../../../lib/api';
import { readStoredUser } from '../../../lib/auth-storage';
import { saveBlob } from '../../../lib/save-blob';

/** /protected-files/uploads/tasks/{datei_name}: where a task file is served. */
export const taskFilePath = (dateiName: string) => `/protected-files/uploads/tasks/${encodeURIComponent(dateiName)}`;

/** A protected file as a blob, with the stored user's bearer token (GET /protected-files/...). */
export async function fetchProtectedFile(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const user = readStoredUser();
  if (user?.accessToken) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await fetch(path, { headers, credentials: 'include' });
  if (!res.ok) {
    // An ended session: the api client's call runs the one logout path.
    if (res.status === 401) void api('/auth/verify-token').catch(() => {});
    throw new ApiError(res.status, '');
  }
  return res.blob();
}

/** Saves a protected file under its original name. */
export async function downloadProtectedFile(path: string, name: string): Promise<void> {
  saveBlob(await fetchProtectedFile(path), name);
}

/** Files the browser can show itself (images, pdf) open in a new tab. */
export const canPreview = (mime: string) => mime.startsWith('image/') || mime === 'application/pdf';

/** Shows a protected file in a new tab (the tab is opened at once, so no popup blocker steps in). */
export async function previewProtectedFile(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchProtectedFile(path));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
