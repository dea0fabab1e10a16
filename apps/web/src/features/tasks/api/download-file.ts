import { tasksCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';
import { saveBlob } from '../../../lib/save-blob';

/** A task's file (`downloadTaskFile`), fetched with the session as every call is. */
export const loadTaskFile = (file: string) => () => callApi(tasksCalls.downloadTaskFile, { file });

/** An audit's file (`downloadAuditFile`): the stored path's last part is the stored name. */
export const loadAuditFile = (filePath: string) => () =>
  callApi(tasksCalls.downloadAuditFile, { file: filePath.split('/').pop() ?? '' });

/** Saves a protected file under its original name. */
export async function downloadProtectedFile(load: () => Promise<Blob>, name: string): Promise<void> {
  saveBlob(await load(), name);
}

/** Files the browser can show itself (images, pdf) open in a new tab. */
export const canPreview = (mime: string) => mime.startsWith('image/') || mime === 'application/pdf';

/** Shows a protected file in a new tab (the tab is opened at once, so no popup blocker steps in). */
export async function previewProtectedFile(load: () => Promise<Blob>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await load());
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
