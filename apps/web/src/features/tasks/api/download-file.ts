import { apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/** /protected-files/uploads/tasks/{datei_name}: where a task file is served. */
export const taskFilePath = (dateiName: string) => `/protected-files/uploads/tasks/${encodeURIComponent(dateiName)}`;

/** A protected file as a blob, with the stored user's bearer token (GET /protected-files/...). */
export const fetchProtectedFile = (path: string): Promise<Blob> => apiBlob(path);

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
