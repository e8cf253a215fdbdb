import type { TFormField } from '@shetuan/shared/forms';
import { Carousel, Image } from 'antd';

/** The pictures to look at (IMAGE, IMAGE_CAROUSEL): one image, or the images turning by themselves. */
export default function Pictures({ field }: { field: TFormField }) {
  const images = field.props.images ?? [];
  if (field.type === 'IMAGE')
    return images.length ? (
      <Image src={images[0]} alt={field.label} style={{ maxWidth: '100%' }} preview={false} />
    ) : null;
  return (
    <Carousel autoplay>
      {images.map((src) => (
        <div key={src}>
          <img src={src} alt={field.label} style={{ width: '100%', maxHeight: 320, objectFit: 'cover' }} />
        </div>
      ))}
    </Carousel>
  );
}
