import { API_BASE, uploadWithProgress } from '../../app/request';
import { type ApiData, routePath } from '../../app/typed-api';

/**
 * An image to the files service (code 012): a public one (rich text, form pictures anyone filling
 * in sees) answers its public address, any other the API path it is read from with the token.
 */
export async function uploadImage(
  file: Blob,
  name: string,
  options: { publicImage?: boolean; isPress?: boolean; onProgress?: (percent: number) => void } = {},
): Promise<{ id: number; url: string }> {
  const form = new FormData();
  form.append('code', '012');
  if (options.publicImage) form.append('publicImage', '1');
  if (options.isPress) form.append('isPress', '1');
  form.append('file', file, name);
  const rec = await uploadWithProgress<ApiData<'post', '/systemfile/upload'>>(
    routePath('post', '/systemfile/upload'),
    form,
    options.onProgress ?? (() => undefined),
  );
  return { id: rec.id, url: rec.publicUrl ? `${API_BASE}${rec.publicUrl}` : rec.url };
}
