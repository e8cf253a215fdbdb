/** A file a form or a record holds: enough to show it and to read it with the token. */
export interface UploadedFile {
  id: number;
  name: string;
  /** The API path it is read from (/systemfile/files/{id}). */
  url: string;
  filePath: string;
  fileSize: number;
}

export const IMAGE_PREVIEW = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];
export const fileKind = (name: string): 'image' | 'pdf' | 'video' | 'other' => {
  const ext = (name.split('.').pop() ?? '').toLowerCase();
  if (IMAGE_PREVIEW.includes(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'mp4') return 'video';
  return 'other';
};
