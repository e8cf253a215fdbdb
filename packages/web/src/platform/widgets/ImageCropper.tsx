import { ScissorOutlined } from '@ant-design/icons';
import { UPLOAD_MESSAGES } from '@shetuan/shared';
import { Button, Modal, Slider, Space, Upload } from 'antd';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { feedback } from '../../app/feedback';
import { uploadImage } from '../files/upload-image';

/** The cropper's rules (spec 000 §5, 002 §9). */
export const CROP_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const CROP_TYPE_MESSAGE = '图片类型要求：jpeg、jpg、png';
export const COVER_REQUIRED_MESSAGE = '请上传封面';
export const CROP_DEFAULT = { width: 230, height: 150 } as const;
export const CROP_COVER = { width: 350, height: 250 } as const;
/** No side of the output is longer than this. */
export const CROP_MAX_SIDE = 3000;

export interface CroppedImage {
  id: number;
  /** Where the picture is read: the public address for public images, else the API path. */
  url: string;
}

async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const scale = Math.min(1, CROP_MAX_SIDE / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width * scale);
  canvas.height = Math.round(area.height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('无法处理图片');
  // JPEG has no transparency: a white ground under transparent PNGs.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('无法处理图片'))), 'image/jpeg', 0.9),
  );
}

/**
 * Image cropper (spec 000 §5, 002 §9): jpg, jpeg or png only; the crop frame keeps the target's
 * proportions (230x150 by default, 350x250 for a cover); the result is a JPEG no side of which
 * is over 3000 px, uploaded with code 012 (as a public image when asked).
 */
export function ImageCropper({
  onUploaded,
  size = CROP_DEFAULT,
  publicImage,
  children = '上传图片',
  disabled,
}: {
  onUploaded: (image: CroppedImage) => void;
  size?: { width: number; height: number };
  publicImage?: boolean;
  children?: React.ReactNode;
  disabled?: boolean;
}) {
  const [source, setSource] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (source) URL.revokeObjectURL(source.url);
    setSource(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const confirm = async () => {
    if (!source || !area) return;
    setBusy(true);
    try {
      const blob = await cropToJpeg(source.url, area);
      onUploaded(await uploadImage(blob, `${source.name.replace(/\.[^.]+$/, '')}.jpg`, { publicImage }));
      void feedback.message.success(UPLOAD_MESSAGES.success);
      close();
    } catch (err) {
      void feedback.message.error(err instanceof Error && err.message ? err.message : UPLOAD_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          const ext = (file.name.split('.').pop() ?? '').toLowerCase();
          if (!(CROP_TYPES as readonly string[]).includes(ext)) {
            void feedback.message.error(CROP_TYPE_MESSAGE);
            return Upload.LIST_IGNORE;
          }
          setSource({ url: URL.createObjectURL(file), name: file.name });
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<ScissorOutlined />} disabled={disabled}>
          {children}
        </Button>
      </Upload>
      <Modal
        open={Boolean(source)}
        title={`裁剪图片（${size.width}×${size.height}）`}
        okText="裁剪并上传"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void confirm()}
        onCancel={close}
        destroyOnHidden
        width={560}
      >
        {source && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div style={{ position: 'relative', height: 320, background: '#333' }}>
              <Cropper
                image={source.url}
                crop={crop}
                zoom={zoom}
                aspect={size.width / size.height}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
              />
            </div>
            <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} aria-label="缩放" />
          </Space>
        )}
      </Modal>
    </>
  );
}

/** The rules of a cover picture in a form: 请上传封面 when it is required. */
export function coverRules(required: boolean) {
  return required ? [{ required: true, message: COVER_REQUIRED_MESSAGE }] : [];
}

/**
 * A cover picture as a form control (value: its address): the picture with 更换 and 移除, or the
 * cropper at the cover size (350x250). Use it with coverRules() in a Form.Item.
 */
export function CoverField({
  value,
  onChange,
  publicImage,
  size = CROP_COVER,
}: {
  value?: string;
  onChange?: (url: string) => void;
  publicImage?: boolean;
  size?: { width: number; height: number };
}) {
  return (
    <Space align="start">
      {value && (
        <img
          src={value}
          alt="封面"
          style={{ width: size.width / 2, height: size.height / 2, objectFit: 'cover', borderRadius: 6 }}
        />
      )}
      <Space direction="vertical">
        <ImageCropper size={size} publicImage={publicImage} onUploaded={(img) => onChange?.(img.url)}>
          {value ? '更换封面' : '上传封面'}
        </ImageCropper>
        {value && (
          <Button type="link" danger onClick={() => onChange?.('')} style={{ paddingInline: 0 }}>
            移除
          </Button>
        )}
      </Space>
    </Space>
  );
}
