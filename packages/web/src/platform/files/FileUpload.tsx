import { UploadOutlined } from '@ant-design/icons';
import { formatSizeLimit, UPLOAD_MESSAGES, type UploadRules, uploadProblem } from '@shetuan/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, theme, Upload, type UploadFile } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { feedback } from '../../app/feedback';
import { putWithProgress, uploadWithProgress } from '../../app/request';
import { type ApiData, apiCall, routePath } from '../../app/typed-api';
import { fileKind, type UploadedFile } from './types';

/**
 * The viewer (its zoom and rotate buttons, Spin and Tooltip) comes the first time a file is opened:
 * a form with an upload question does not download it before anyone looks at a file
 * (docs/performance.md, page weight). Once opened it stays mounted, as it always was.
 */
const FileViewer = lazy(() => import('./FileViewer').then((m) => ({ default: m.FileViewer })));

/** Success shows about 200 ms after the server confirms (spec 000 §4). */
const SUCCESS_DELAY_MS = 200;

export interface FileUploadProps extends UploadRules {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** The spec's upload code: '012' (default) or '004'. */
  code?: '012' | '004';
  /** Ask the server to scale large images down. */
  isPress?: boolean;
  disabled?: boolean;
  id?: string;
  /**
   * Another multipart address instead of the files service (a public form's own upload, which a
   * visitor may use): the file goes there with these fields, always to this server.
   */
  uploadTo?: { path: string; fields?: Record<string, string> };
}

type Item = UploadFile<UploadedFile>;
/** What the `uploadTo` addresses answer (a public form's files, an appeal's proofs). */
type OwnUpload = ApiData<'post', '/project/public/forms/{key}/files'> | ApiData<'post', '/appeals/public/files'>;

const toItem = (f: UploadedFile): Item => ({ uid: String(f.id), name: f.name, status: 'done', response: f });

/**
 * The upload field (spec 000 §4, §9): the checks in the spec's order before anything is sent;
 * the storage mode decides the way — to this server (progress shown as the percentage minus 5)
 * or to cloud storage through a presigned address, then the record. A failure removes the item
 * with the spec's message; a success says 文件上传成功. Files open in the viewer.
 */
export function FileUpload({
  value = [],
  onChange,
  code = '012',
  isPress,
  disabled,
  id,
  uploadTo,
  ...rules
}: FileUploadProps) {
  const mode = useQuery({
    queryKey: ['files', 'mode'],
    queryFn: () => apiCall.get('/systemfile/mode'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !uploadTo,
  });
  const [uploading, setUploading] = useState<Item[]>([]);
  const [viewing, setViewing] = useState<number | null>(null);
  const [viewerWanted, setViewerWanted] = useState(false);
  const { token } = theme.useToken();
  const maxCount = rules.maxCount ?? 1;
  const items: Item[] = [...value.map(toItem), ...uploading];

  const send = async (file: File, onPercent: (p: number) => void): Promise<UploadedFile> => {
    if (uploadTo) {
      const form = new FormData();
      for (const [k, v] of Object.entries(uploadTo.fields ?? {})) form.append(k, v);
      form.append('file', file, file.name);
      const rec = await uploadWithProgress<OwnUpload>(uploadTo.path, form, (p) => onPercent(Math.max(0, p - 5)));
      return { id: Number(rec.id), name: rec.name, url: '', filePath: '', fileSize: rec.size };
    }
    const m = mode.data ?? (await apiCall.get('/systemfile/mode'));
    if (m === '1') {
      const form = new FormData();
      form.append('code', code);
      if (isPress && fileKind(file.name) === 'image') form.append('isPress', '1');
      form.append('rules', JSON.stringify(rules));
      form.append('count', String(value.length));
      form.append('file', file, file.name);
      const rec = await uploadWithProgress<ApiData<'post', '/systemfile/upload'>>(
        routePath('post', '/systemfile/upload'),
        form,
        (p) => onPercent(Math.max(0, p - 5)),
      );
      return { ...rec, name: rec.realFileName };
    }
    const signed = await apiCall
      .post('/systemfile/presign', {
        body: {
          fileName: file.name,
          fileSize: file.size,
          contentType: file.type,
          code,
          // The document's arrays are mutable: the same list, copied.
          rules: { ...rules, accept: rules.accept?.slice() },
          count: value.length,
        },
      })
      .catch((err: unknown) => {
        throw new Error(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.keyFailed);
      });
    await putWithProgress(signed.uploadUrl, file, file.type, (p) => onPercent(Math.max(0, p - 5)));
    const rec = await apiCall
      .post('/systemfile/record', {
        body: { fileDir: signed.fileDir, filePath: signed.filePath, fileSize: file.size, realFileName: file.name },
      })
      .catch((err: unknown) => {
        throw new Error(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.statusFailed);
      });
    return { ...rec, name: rec.realFileName };
  };

  const accept = rules.imagesOnly
    ? '.png,.jpg,.jpeg,.gif,.bmp'
    : rules.accept?.length
      ? rules.accept.map((a) => `.${a}`).join(',')
      : undefined;

  return (
    <>
      <Upload<UploadedFile>
        id={id}
        disabled={disabled}
        fileList={items}
        accept={accept}
        multiple={maxCount > 1}
        listType={rules.imagesOnly ? 'picture' : 'text'}
        beforeUpload={(file) => {
          const problem = uploadProblem({ name: file.name, size: file.size }, rules, value.length + uploading.length);
          if (problem) {
            // The spec's words, and the limit with its unit (the hint below says it too).
            void feedback.message.error(
              problem === UPLOAD_MESSAGES.tooLarge
                ? `${problem}（单个文件不超过${formatSizeLimit(rules.maxSizeMB ?? 10)}）`
                : problem,
            );
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          const f = file as File & { uid: string };
          const item: Item = { uid: f.uid, name: f.name, status: 'uploading', percent: 0 };
          setUploading((list) => [...list, item]);
          const update = (patch: Partial<Item>) =>
            setUploading((list) => list.map((i) => (i.uid === f.uid ? { ...i, ...patch } : i)));
          send(f, (percent) => update({ percent }))
            .then((rec) => {
              update({ percent: 100 });
              setTimeout(() => {
                setUploading((list) => list.filter((i) => i.uid !== f.uid));
                onChange?.([...value, rec]);
                void feedback.message.success(UPLOAD_MESSAGES.success);
              }, SUCCESS_DELAY_MS);
            })
            .catch((err: unknown) => {
              setUploading((list) => list.filter((i) => i.uid !== f.uid));
              const text = err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed;
              // The spec's alert when the upload itself broke; the server's own refusals are toasts.
              if (text === UPLOAD_MESSAGES.transport)
                feedback.modal.error({ title: '系统提示', content: text, okText: '确定' });
              else void feedback.message.error(text);
            });
        }}
        onRemove={(item) => {
          if (item.status === 'done') onChange?.(value.filter((v) => String(v.id) !== item.uid));
          return true;
        }}
        onPreview={(item) => {
          const index = value.findIndex((v) => String(v.id) === item.uid);
          if (index >= 0) {
            setViewerWanted(true);
            setViewing(index);
          }
        }}
      >
        {items.length < maxCount && (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            上传文件
          </Button>
        )}
      </Upload>
      {/* Typography.Paragraph (secondary) in look, without Typography's ellipsis, copy and edit machinery. */}
      <div
        style={{
          color: token.colorTextDescription,
          wordBreak: 'break-word',
          lineHeight: token.lineHeight,
          fontSize: 12,
          margin: '4px 0 0',
        }}
      >
        只能上传{rules.imagesOnly ? 'jpg、png、gif、jpeg、bmp' : (rules.accept?.join('、') ?? '常见文档、图片、音视频')}
        文件，且不超过{formatSizeLimit(rules.maxSizeMB ?? 10)}，最多{maxCount}个
      </div>
      {viewerWanted && (
        <Suspense fallback={null}>
          <FileViewer files={value} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
