import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** A content file for the preview, as a blob fetched with the session (`downloadSignageFile`); `path` is its file_path. */
export const fetchContentFile = (path: string, signal?: AbortSignal): Promise<Blob> =>
  callApi(signageCalls.downloadSignageFile, { file: path.slice(path.lastIndexOf('/') + 1) }, { signal });
