import type { FileAnswer } from '@shetuan/shared/forms';
import { useEffect, useState } from 'react';
import { uploadWithProgress } from '../../../../app/request';
import { type ApiData, routePath } from '../../../../app/typed-api';
import { SignaturePad } from '../../../../platform/widgets/SignaturePad';
import type { KindProps } from './types';

/** What either upload answers (multipart, so sent by uploadWithProgress, typed by the routes). */
type SignatureUpload = ApiData<'post', '/project/public/forms/{key}/files'> | ApiData<'post', '/systemfile/upload'>;

/** 手写签名 (SIGN_PAD): the signature drawn, uploaded as a PNG, kept as a file answer. */
export default function SignAnswer({ value, onChange, disabled, upload }: KindProps<FileAnswer>) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  });
  return (
    <SignaturePad
      value={value ?? null}
      preview={preview}
      disabled={disabled}
      onClear={() => onChange(undefined)}
      onSign={async (png) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(upload?.fields ?? {})) form.append(k, v);
        if (!upload) form.append('code', '012');
        form.append('file', png, 'signature.png');
        const rec = await uploadWithProgress<SignatureUpload>(
          upload?.path ?? routePath('post', '/systemfile/upload'),
          form,
          () => undefined,
        );
        setPreview(URL.createObjectURL(png));
        onChange({ id: String(rec.id), name: 'signature.png', size: 'size' in rec ? rec.size : rec.fileSize });
      }}
    />
  );
}
