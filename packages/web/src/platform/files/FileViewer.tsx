import {
  CloseOutlined,
  DownloadOutlined,
  ExpandOutlined,
  LeftOutlined,
  RightOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Spin, Tooltip } from 'antd';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { feedback } from '../../app/feedback';
import { ApiError, fetchBlob } from '../../app/request';
import { fileKind, type UploadedFile } from './types';

/** The spec's viewer numbers (000 §4, §9). */
export const VIEWER = { wheelStep: 0.015, buttonStep: 0.2, minScale: 0.2, rotateStep: 90 } as const;

interface Transform {
  scale: number;
  rotate: number;
  x: number;
  y: number;
}
const RESET: Transform = { scale: 1, rotate: 0, x: 0, y: 0 };

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The file viewer: images with contain / original size, previous and next (wrapping), zoom by
 * wheel, buttons and arrow keys, rotate, drag; pdf and mp4 in their own players; other files
 * download. Files are fetched with the token. Actions wait while a picture loads.
 */
export function FileViewer({
  files,
  index,
  onIndexChange,
  onClose,
}: {
  files: UploadedFile[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const file = index === null ? undefined : files[index];
  const kind = file ? fileKind(file.name) : 'other';
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'contain' | 'original'>('contain');
  const [t, setT] = useState<Transform>(RESET);
  const drag = useRef<{ x: number; y: number; ox: number; oy: number } | null>(null);
  // The caller's close handler may change every render; the fetch must not restart for it.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!file) return;
    let url: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    setLoading(true);
    setT(RESET);
    fetchBlob(file.url)
      .then((blob) => {
        if (cancelled) return;
        if (kind === 'other') {
          saveBlob(blob, file.name);
          close.current();
          return;
        }
        url = URL.createObjectURL(blob);
        setSrc(url);
        if (kind !== 'image') setLoading(false);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        setFailed(true);
        setLoading(false);
        // A file that only downloads: its failure is the server's msg, as any download's.
        if (kind === 'other') {
          void feedback.message.error(
            err instanceof ApiError && err.message !== '加载失败' ? err.message : '文件下载失败',
          );
          close.current();
        }
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, kind]);

  const busy = loading && kind === 'image';
  const go = useCallback(
    (step: number) => {
      if (busy || index === null || files.length < 2) return;
      onIndexChange((index + step + files.length) % files.length);
    },
    [busy, index, files.length, onIndexChange],
  );
  const zoom = useCallback(
    (delta: number) => {
      if (busy) return;
      setT((v) => ({ ...v, scale: Math.max(VIEWER.minScale, Math.round((v.scale + delta) * 1000) / 1000) }));
    },
    [busy],
  );

  useEffect(() => {
    if (!file) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (busy) return;
      else if (e.key === ' ') {
        e.preventDefault();
        setMode((m) => (m === 'contain' ? 'original' : 'contain'));
        setT(RESET);
      } else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowUp') zoom(VIEWER.buttonStep);
      else if (e.key === 'ArrowDown') zoom(-VIEWER.buttonStep);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [file, busy, go, zoom, onClose]);

  if (!file) return null;

  const onDown = (e: PointerEvent<HTMLImageElement>) => {
    if (busy) return;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ox: t.x, oy: t.y };
  };
  const onMove = (e: PointerEvent<HTMLImageElement>) => {
    const d = drag.current;
    if (!d) return;
    setT((v) => ({ ...v, x: d.ox + e.clientX - d.x, y: d.oy + e.clientY - d.y }));
  };

  const tool = (title: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip title={title}>
      <Button type="text" aria-label={title} icon={icon} onClick={onClick} style={{ color: '#fff' }} disabled={busy} />
    </Tooltip>
  );

  return createPortal(
    <div
      role="dialog"
      aria-label="文件预览"
      data-testid="file-viewer"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        background: 'rgba(0,0,0,0.85)',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '8px 12px', color: '#fff' }}>
        <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {file.name}
          {files.length > 1 && `（${(index ?? 0) + 1} / ${files.length}）`}
        </span>
        {kind === 'image' && (
          <>
            {tool('缩小', <ZoomOutOutlined />, () => zoom(-VIEWER.buttonStep))}
            {tool('放大', <ZoomInOutlined />, () => zoom(VIEWER.buttonStep))}
            {tool('旋转', <RotateRightOutlined />, () => setT((v) => ({ ...v, rotate: v.rotate + VIEWER.rotateStep })))}
            {tool(mode === 'contain' ? '原始大小' : '适应窗口', <ExpandOutlined />, () => {
              setMode((m) => (m === 'contain' ? 'original' : 'contain'));
              setT(RESET);
            })}
          </>
        )}
        {tool('下载', <DownloadOutlined />, () =>
          // Not silent: a refusal shows the server's msg.
          fetchBlob(file.url, { silent: false })
            .then((b) => saveBlob(b, file.name))
            .catch(() => undefined),
        )}
        <Tooltip title="关闭">
          <Button type="text" aria-label="关闭" icon={<CloseOutlined />} onClick={onClose} style={{ color: '#fff' }} />
        </Tooltip>
      </div>
      <div
        style={{ flex: 1, position: 'relative', overflow: 'hidden', display: 'grid', placeItems: 'center' }}
        onWheel={(e) => zoom(e.deltaY < 0 ? VIEWER.wheelStep : -VIEWER.wheelStep)}
      >
        {failed ? (
          <span style={{ color: '#fff' }}>加载失败</span>
        ) : !src ? (
          <Spin size="large" />
        ) : kind === 'image' ? (
          <>
            {busy && <Spin size="large" style={{ position: 'absolute' }} />}
            <img
              src={src}
              alt={failed ? '加载失败' : file.name}
              draggable={false}
              onLoad={() => setLoading(false)}
              onError={() => {
                setLoading(false);
                setFailed(true);
              }}
              onPointerDown={onDown}
              onPointerMove={onMove}
              onPointerUp={() => {
                drag.current = null;
              }}
              data-scale={t.scale}
              style={{
                maxWidth: mode === 'contain' ? '100%' : 'none',
                maxHeight: mode === 'contain' ? '100%' : 'none',
                transform: `translate(${t.x}px, ${t.y}px) scale(${t.scale}) rotate(${t.rotate}deg)`,
                cursor: 'grab',
                touchAction: 'none',
                userSelect: 'none',
              }}
            />
          </>
        ) : kind === 'pdf' ? (
          <iframe title={file.name} src={src} style={{ width: '90%', height: '100%', border: 0, background: '#fff' }} />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without captions
          <video src={src} controls style={{ maxWidth: '90%', maxHeight: '100%' }} />
        )}
        {files.length > 1 && (
          <>
            <Button
              shape="circle"
              aria-label="上一张"
              icon={<LeftOutlined />}
              onClick={() => go(-1)}
              style={{ position: 'absolute', left: 16, top: '50%' }}
            />
            <Button
              shape="circle"
              aria-label="下一张"
              icon={<RightOutlined />}
              onClick={() => go(1)}
              style={{ position: 'absolute', right: 16, top: '50%' }}
            />
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
