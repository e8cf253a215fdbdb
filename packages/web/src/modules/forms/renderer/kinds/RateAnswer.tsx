import { RATE_MAX } from '@shetuan/shared/forms';
import { Rate } from 'antd';
import { Named } from './options';
import type { KindProps } from './types';

/** 评分 (RATE): stars out of max. */
export default function RateAnswer({ field, value, onChange, id, disabled, ariaLabel }: KindProps) {
  return (
    <Named label={ariaLabel}>
      <Rate
        id={id}
        value={(value as number) ?? 0}
        count={field.props.max ?? RATE_MAX}
        disabled={disabled}
        onChange={onChange}
      />
    </Named>
  );
}
