import { extensionOf } from '@shetuan/shared';
import { fileTypeFromBuffer } from 'file-type';

/** Extensions whose contents file-type recognises as one of these detected types. */
const FAMILIES: Record<string, string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  jpge: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  pdf: ['pdf'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v', 'mov'],
  zip: ['zip'],
  rar: ['rar'],
  // The Office formats: the old ones are compound files, the new ones zip packages.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  wps: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  pptx: ['pptx', 'zip'],
  wpsx: ['docx', 'zip'],
  sb3: ['zip'],
};
/** Formats without a recognisable signature: accepted when nothing contradicts the extension. */
const UNSIGNED = new Set(['ceb', 'eio', 'txt', 'csv']);

export const CONTENT_MISMATCH = '文件内容与扩展名不符，请上传真实的文件';

/**
 * Checks the first bytes of a file against its extension: a renamed program or page (a .exe
 * called .pdf, an html called .jpg) is refused. Answers the MIME type to store, or null.
 */
export async function sniffContent(fileName: string, head: Buffer): Promise<string | null> {
  const ext = extensionOf(fileName);
  const detected = await fileTypeFromBuffer(head);
  if (!detected) {
    if (!UNSIGNED.has(ext)) return null;
    const text = head.toString('latin1').slice(0, 512).toLowerCase();
    if (/<(script|html|svg|iframe)|^mz|^\x7felf/.test(text)) return null;
    return 'application/octet-stream';
  }
  return FAMILIES[ext]?.includes(detected.ext) ? detected.mime : null;
}
