import { type FileAnswer, UPLOAD_DEFAULT_MB } from '@shetuan/shared/forms';
import { FileUpload } from '../../../../platform/files/FileUpload';
import type { UploadedFile } from '../../../../platform/files/types';
import type { KindProps } from './types';

/** 文件上传 (UPLOAD): the files of the answer, sent to the form's own upload or the files service. */
export default function UploadAnswer({ field, value, onChange, disabled, upload, id }: KindProps<FileAnswer[]>) {
  const files: UploadedFile[] = (value ?? []).map((f) => ({
    id: Number(f.id),
    name: f.name,
    url: '',
    filePath: '',
    fileSize: f.size ?? 0,
  }));
  return (
    <FileUpload
      id={id}
      value={files}
      disabled={disabled}
      uploadTo={upload}
      maxCount={field.props.limit ?? 1}
      maxSizeMB={field.props.maxSizeMb ?? UPLOAD_DEFAULT_MB}
      accept={field.props.accept}
      imagesOnly={field.personalType === 'portrait'}
      onChange={(list) => onChange(list.map((f) => ({ id: String(f.id), name: f.name, size: f.fileSize })))}
    />
  );
}
