import { apiBlob } from '../../../lib/api';

/** A content file for the preview, as a blob with the staff bearer token (GET /protected-files/uploads/signage/…). */
export const fetchContentFile = (path: string, signal?: AbortSignal): Promise<Blob> => apiBlob(path, signal);
