import { signageCalls } from '@portal/shared/contracts';
import { callApi } from '../../../lib/calls';

/** Uploads a picture or video with its duration (`uploadSignageFiles`, multipart), with the upload's progress. */
export function uploadFile(file: File, duration: number, onProgress: (percent: number) => void) {
  return callApi(signageCalls.uploadSignageFiles, { duration, files: [file] }, { onProgress });
}
