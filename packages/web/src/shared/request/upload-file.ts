import { FILE_UPLOAD_FIELD, FILE_UPLOAD_PATH_FIELD, infraFileUpload } from '@app/contract';
import { request } from './request';

/**
 * Uploads a file to the master storage (`POST /infra/file/upload`) and resolves with its URL; every
 * upload widget goes through here (the file list, the rich-text image button).
 */
export async function uploadFile(file: Blob, name: string, path?: string): Promise<string> {
  const form = new FormData();
  if (path) form.append(FILE_UPLOAD_PATH_FIELD, path);
  form.append(FILE_UPLOAD_FIELD, file, name);
  return request(infraFileUpload, {
    body: form as never,
    // Keeps axios from turning the form into JSON; the browser adds the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}
