import { apiBlob } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /business/documents/{id}/download with the session's token, saved under the name the server
 * gives (from the detected type) or the listed name.
 */
export async function downloadDocument(id: string, name: string): Promise<void> {
  saveBlob(await apiBlob(`/business/documents/${encodeURIComponent(id)}/download`), name);
}
