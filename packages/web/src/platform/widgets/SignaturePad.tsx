import { Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import SignaturePadLib from 'signature_pad';
import { feedback } from '../../app/feedback';

export const SIGN_EMPTY_MESSAGE = '请先填写';

/**
 * Handwritten signature (spec 000 §5, 002 §9): pen width 1 to 3, 清除 and 确认签名. An empty pad
 * gives 请先填写; a confirmed signature is a PNG the caller uploads as multipart (onSign answers
 * the saved file), then shown as the picture with 重新签名.
 */
export function SignaturePad({
  value,
  onSign,
  onClear,
  preview,
  disabled,
  height = 180,
}: {
  value?: { id: string | number; name: string } | null;
  onSign: (png: Blob) => Promise<void>;
  onClear?: () => void;
  /** What to show for a saved signature (an object URL of the PNG just drawn). */
  preview?: string | null;
  disabled?: boolean;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const [busy, setBusy] = useState(false);
  const [redo, setRedo] = useState(!value);

  useEffect(() => {
    if (!redo || !canvas.current) return;
    const el = canvas.current;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePadLib(el, { minWidth: 1, maxWidth: 3, penColor: '#1f1f1f', backgroundColor: '#fff' });
    if (disabled) p.off();
    pad.current = p;
    return () => {
      p.off();
      pad.current = null;
    };
  }, [redo, disabled]);

  if (value && !redo) {
    return (
      <Space direction="vertical">
        {preview ? (
          <img src={preview} alt="签名" style={{ height: 90, border: '1px solid #f0f0f0', borderRadius: 6 }} />
        ) : (
          <Typography.Text type="success">已签名</Typography.Text>
        )}
        {!disabled && (
          <Button
            size="small"
            onClick={() => {
              setRedo(true);
              onClear?.();
            }}
          >
            重新签名
          </Button>
        )}
      </Space>
    );
  }

  const confirm = async () => {
    const p = pad.current;
    if (!p || p.isEmpty()) {
      void feedback.message.warning(SIGN_EMPTY_MESSAGE);
      return;
    }
    const png = await (await fetch(p.toDataURL('image/png'))).blob();
    setBusy(true);
    try {
      await onSign(png);
      setRedo(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <canvas
        ref={canvas}
        aria-label="签名板"
        style={{
          width: '100%',
          height,
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          touchAction: 'none',
          background: '#fff',
        }}
      />
      <Space>
        <Button size="small" disabled={disabled} onClick={() => pad.current?.clear()}>
          清除
        </Button>
        <Button size="small" type="primary" loading={busy} disabled={disabled} onClick={() => void confirm()}>
          确认签名
        </Button>
      </Space>
    </Space>
  );
}
