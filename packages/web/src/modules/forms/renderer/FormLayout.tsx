import { useComponentConfig } from 'antd/es/config-provider/context';
import DisabledContext, { DisabledContextProvider } from 'antd/es/config-provider/DisabledContext';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/es/config-provider/hooks/useSize';
import SizeContext, { type SizeType } from 'antd/es/config-provider/SizeContext';
import type { FormItemProps, FormProps } from 'antd/es/form';
import { FormContext, type FormContextProps, NoFormStyle } from 'antd/es/form/context';
import ItemHolder from 'antd/es/form/FormItem/ItemHolder';
import useStyle from 'antd/es/form/style';
import { type ReactNode, useContext, useMemo } from 'react';

/**
 * antd's Form and Form.Item for the layout only: the renderer keeps its answers and messages in
 * its own store (AnswerStore), so it never used their field store, rules or async-validator, yet
 * `Form` and `Form.Item` bring all of rc-field-form with async-validator (about 16 KB with brotli
 * on the public fill page). These render what antd's do when a Form.Item has no `name` — the same
 * elements, classes, styles and contexts (the label and its `for`, the required mark, the colon,
 * the grid columns, the message under the answer with its motion, the red frame of the control,
 * the size and the disabled state) — from antd's own parts: its form style, `ItemHolder` (the row,
 * label and message of every Form.Item) and its contexts. `vite.config.ts` (formStoreOnUse)
 * points antd's form context at rc-field-form's context module instead of its index.
 */

interface FormLayoutProps {
  layout: 'horizontal' | 'vertical';
  labelAlign?: FormProps['labelAlign'];
  labelCol?: FormProps['labelCol'];
  wrapperCol?: FormProps['wrapperCol'];
  labelWrap?: boolean;
  size?: SizeType;
  disabled?: boolean;
  requiredMark?: boolean;
  children?: ReactNode;
}

/** Never called: no Form.Item here has a name to register. */
const noItemRef: FormContextProps['itemRef'] = () => () => undefined;

/** antd's `<Form component="div">` without a form store (antd/es/form/Form.js, its render). */
export function FormLayout({
  layout,
  labelAlign,
  labelCol,
  wrapperCol,
  labelWrap,
  size,
  disabled: ownDisabled,
  requiredMark: ownRequiredMark,
  children,
}: FormLayoutProps) {
  const contextDisabled = useContext(DisabledContext);
  const disabled = ownDisabled ?? contextDisabled;
  const {
    getPrefixCls,
    direction,
    requiredMark: contextRequiredMark,
    colon,
    className: contextClassName,
    style: contextStyle,
  } = useComponentConfig('form');
  const mergedSize = useSize(size);
  const requiredMark = ownRequiredMark ?? contextRequiredMark ?? true;
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const className = [
    prefixCls,
    `${prefixCls}-${layout}`,
    requiredMark === false && `${prefixCls}-hide-required-mark`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    mergedSize && `${prefixCls}-${mergedSize}`,
    cssVarCls,
    rootCls,
    hashId,
    contextClassName,
  ]
    .filter(Boolean)
    .join(' ');
  const context = useMemo<FormContextProps>(
    () => ({ labelAlign, labelCol, labelWrap, wrapperCol, layout, colon, requiredMark, itemRef: noItemRef }),
    [labelAlign, labelCol, labelWrap, wrapperCol, layout, colon, requiredMark],
  );
  return wrapCSSVar(
    <DisabledContextProvider disabled={disabled}>
      <SizeContext.Provider value={mergedSize}>
        <FormContext.Provider value={context}>
          <NoFormStyle status>
            <div className={className} style={contextStyle}>
              {children}
            </div>
          </NoFormStyle>
        </FormContext.Provider>
      </SizeContext.Provider>
    </DisabledContextProvider>,
  );
}

type FormRowProps = Pick<FormItemProps, 'label' | 'htmlFor' | 'required' | 'validateStatus' | 'help' | 'colon'> & {
  children?: ReactNode;
};

const EMPTY_META = { errors: [], warnings: [], touched: false, validating: false, name: [], validated: false };
const NO_ERRORS: ReactNode[] = [];
const ignoreSubItems = () => undefined;

/** antd's `<Form.Item>` without a name (antd/es/form/FormItem/index.js, its layout path). */
export function FormRow(props: FormRowProps) {
  const { getPrefixCls } = useComponentConfig('form');
  const prefixCls = getPrefixCls('form');
  const rootCls = useCSSVarCls(prefixCls);
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  return wrapCSSVar(
    <ItemHolder
      key="row"
      {...props}
      className={[cssVarCls, rootCls, hashId].filter(Boolean).join(' ')}
      prefixCls={prefixCls}
      errors={NO_ERRORS}
      warnings={NO_ERRORS}
      meta={EMPTY_META}
      onSubItemMetaChange={ignoreSubItems}
    />,
  );
}
