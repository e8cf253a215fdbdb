import { theme } from 'antd';
import { getStatusClassNames } from 'antd/es/_util/statusUtils';
import { ConfigContext } from 'antd/es/config-provider/context';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import { FormItemInputContext } from 'antd/es/form/context';
import useVariant from 'antd/es/form/hooks/useVariants';
import useStyle, { useSharedStyle } from 'antd/es/input/style';
import { useContext } from 'react';
import type { KindProps } from './types';

/** antd's DownOutlined, the arrow its Select shows. */
const ARROW =
  'M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.3l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-4.9.1-12.3-6.4-12.3z';

/**
 * 下拉选择 (SELECT), one value: the browser's own drop-down in the frame of antd's text box (its
 * classes and styles: border, hover, focus, the error colour, sizes, disabled) with Select's arrow.
 * antd's Select (rc-select, the virtual list, the popup trigger: about 40 KB) stays off the public
 * fill page; on a phone the system's picker opens. The first entry is the placeholder: choosing it
 * clears the answer, as Select's clear button did. A question with multiple is MultiSelectAnswer.
 */
export default function SelectAnswer({ field, value, onChange, id, disabled, ariaLabel }: KindProps) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('input');
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapSharedCSSVar, hashId, cssVarCls] = useSharedStyle(prefixCls);
  const [wrapCSSVar] = useStyle(prefixCls, rootCls);
  const { token } = theme.useToken();
  const size = useSize();
  const formDisabled = useContext(DisabledContext);
  const { status } = useContext(FormItemInputContext);
  const [variant, enableVariantCls] = useVariant('input');
  const off = disabled ?? formDisabled;
  const options = field.options ?? [];
  const chosen = options.findIndex((o) => value !== undefined && value !== null && String(o.value) === String(value));
  const height =
    size === 'small' ? token.controlHeightSM : size === 'large' ? token.controlHeightLG : token.controlHeight;
  const className = [
    prefixCls,
    size === 'small' && `${prefixCls}-sm`,
    size === 'large' && `${prefixCls}-lg`,
    enableVariantCls && `${prefixCls}-${variant}`,
    getStatusClassNames(prefixCls, status),
    off && `${prefixCls}-disabled`,
    hashId,
    cssVarCls,
    rootCls,
  ]
    .filter(Boolean)
    .join(' ');
  return wrapSharedCSSVar(
    wrapCSSVar(
      <span style={{ position: 'relative', display: 'block' }}>
        <select
          id={id}
          aria-label={ariaLabel}
          className={className}
          disabled={off}
          value={chosen < 0 ? '' : String(chosen)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : options[Number(e.target.value)]?.value)}
          style={{
            appearance: 'none',
            height,
            paddingInlineEnd: token.paddingSM + token.fontSizeIcon + 4,
            cursor: off ? 'not-allowed' : 'pointer',
            color: chosen < 0 ? token.colorTextPlaceholder : undefined,
          }}
        >
          <option value="" style={{ color: token.colorText }}>
            {field.placeholder ?? '请选择'}
          </option>
          {options.map((o, i) => (
            <option key={String(o.value)} value={String(i)} style={{ color: token.colorText }}>
              {o.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="64 64 896 896"
          width={token.fontSizeIcon}
          height={token.fontSizeIcon}
          fill="currentColor"
          style={{
            position: 'absolute',
            insetInlineEnd: token.paddingSM - 1,
            top: '50%',
            marginTop: -token.fontSizeIcon / 2,
            color: token.colorTextQuaternary,
            pointerEvents: 'none',
          }}
        >
          <path d={ARROW} />
        </svg>
      </span>,
    ),
  );
}
