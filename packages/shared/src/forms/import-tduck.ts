import {
  acceptOf,
  at,
  boolOf,
  build,
  type Candidate,
  type ImportContext,
  isObject,
  numOf,
  patternRule,
  quoted,
  type RawRule,
  sizeInMb,
  textAsHtml,
  textOf,
} from './import-context';
import { FIELD_TYPES, type FieldType, unknownLayoutMessage } from './schema';

/**
 * TDuck (tduck-team/tduck-platform, tduck-front): a saved question is { formItemId, type, label,
 * showLabel, defaultValue: { json, value }, required, placeholder, span, expand, regList }, with
 * the type's own settings in `expand` and regular expressions kept as literals ('/^1…$/'). The
 * form generator's items (typeId and __config__: label, formId, defaultValue, regList, span,
 * layout colFormItem or rowFormItem with children) are the same settings at other paths.
 */

/** The generator's numeric type ids (its first versions). */
const NUMERIC_TYPES: Record<number, string> = {
  1: 'INPUT',
  2: 'TEXTAREA',
  3: 'PASSWORD_INPUT',
  4: 'NUMBER_INPUT',
  5: 'SELECT',
  6: 'CASCADER',
  7: 'RADIO',
  8: 'CHECKBOX',
  9: 'SWITCH',
  10: 'SLIDER',
  11: 'TIME',
  12: 'TIME_RANGE',
  13: 'DATE',
  14: 'DATE_RANGE',
  15: 'RATE',
  16: 'COLOR',
  17: 'UPLOAD',
};

/** The generator's component tags, for items without a type id. */
function typeOfTag(item: Record<string, unknown>): string | undefined {
  const tag = textOf(at(item, '__config__.tag'));
  const map: Record<string, string> = {
    'el-input': item.type === 'textarea' ? 'TEXTAREA' : 'INPUT',
    'el-input-number': 'NUMBER_INPUT',
    'el-select': 'SELECT',
    'el-cascader': 'CASCADER',
    'el-radio-group': 'RADIO',
    'el-checkbox-group': 'CHECKBOX',
    'el-switch': 'SWITCH',
    'el-slider': 'SLIDER',
    'el-time-picker': item['is-range'] === true || item.isRange === true ? 'TIME_RANGE' : 'TIME',
    'el-date-picker': textOf(item.type).endsWith('range') ? 'DATE_RANGE' : 'DATE',
    'el-rate': 'RATE',
    'el-color-picker': 'COLOR',
    'el-upload': 'UPLOAD',
    'el-image': 'IMAGE',
    'el-carousel': 'IMAGE_CAROUSEL',
    'image-select': 'IMAGE_SELECT',
    'desc-text': 'DESC_TEXT',
    'el-divider': 'DIVIDER',
    'sign-pad': 'SIGN_PAD',
    pagination: 'PAGINATION',
    'province-city': 'PROVINCE_CITY',
    'input-map': 'INPUT_MAP',
    'phone-verification': 'PHONE_VERIFICATION',
  };
  return map[tag];
}

/** Where the generator keeps what a saved question keeps in expand (tduck-front's dataParams). */
const GENERATOR_PATHS: Record<string, Record<string, string>> = {
  INPUT: { maxlength: 'maxlength', prepend: '__slot__.prepend', append: '__slot__.append' },
  TEXTAREA: { minRows: 'autosize.minRows', maxlength: 'maxlength' },
  NUMBER_INPUT: {
    min: 'min',
    max: 'max',
    step: 'step',
    'step-strictly': 'step-strictly',
    precision: 'precision',
    'controls-position': 'controls-position',
    controls: 'controls',
  },
  SELECT: { options: '__slot__.options', multiple: 'multiple' },
  CASCADER: { options: 'options', multiple: 'props.props.multiple' },
  RADIO: { options: '__slot__.options' },
  CHECKBOX: { options: '__slot__.options', max: 'max', min: 'min' },
  SLIDER: { min: 'min', max: 'max', step: 'step', range: 'range' },
  RATE: { max: 'max' },
  UPLOAD: {
    fileSize: '__config__.fileSize',
    sizeUnit: '__config__.sizeUnit',
    limit: 'limit',
    multiple: 'multiple',
    accept: 'accept',
  },
  IMAGE: { src: 'src' },
  IMAGE_SELECT: { options: 'options', multiple: 'multiple' },
  IMAGE_CAROUSEL: { options: '__slot__.options' },
  DATE: { type: 'type' },
  DATE_RANGE: { type: 'type' },
};

const typeName = (raw: unknown): string => {
  const n = numOf(raw);
  return n !== undefined && NUMERIC_TYPES[n] ? (NUMERIC_TYPES[n] as string) : textOf(raw).toUpperCase();
};

/** A generator item (typeId and __config__) as TDuck saves the question, then read as one. */
export function fromTduckGenerator(item: Record<string, unknown>, ctx: ImportContext, row?: string): void {
  ctx.sources.add('tduck-generator');
  const config = isObject(item.__config__) ? item.__config__ : {};
  const label = textOf(config.label);
  const layout = textOf(config.layout) || 'colFormItem';
  if (layout === 'rowFormItem') {
    const container = build(
      {
        sourceId: config.formId ?? config.componentName,
        type: 'ROW',
        label: label || '行容器',
        rules: [],
        span: config.span,
        props: {
          justify: item.type === 'flex' ? textOf(item.justify) || undefined : undefined,
          align: item.type === 'flex' ? textOf(item.align) || undefined : undefined,
          gutter: numOf(config.gutter ?? item.gutter),
        },
      },
      ctx,
    );
    const children = Array.isArray(config.children) ? config.children : [];
    for (const child of children)
      if (isObject(child)) ctx.nested(quoted(label, '行容器'), () => fromTduckGenerator(child, ctx, container?.id));
    return;
  }
  if (layout !== 'colFormItem') {
    ctx.note(quoted(label), unknownLayoutMessage(layout.slice(0, 40)));
    return;
  }
  const type = typeName(item.typeId ?? config.typeId) || typeOfTag(item) || '';
  const expand: Record<string, unknown> = {};
  for (const [key, path] of Object.entries(GENERATOR_PATHS[type] ?? {})) expand[key] = at(item, path);
  const vModel = textOf(item.__vModel__).replace(/^field/, '');
  readSaved(
    {
      formItemId: config.formId ?? item.formItemId ?? (vModel || undefined),
      type,
      label,
      showLabel: config.showLabel,
      required: config.required,
      placeholder: item.placeholder,
      defaultValue: config.defaultValue,
      regList: config.regList ?? item.regList,
      span: config.span,
      expand,
    },
    ctx,
    row,
  );
}

/** A question as TDuck saves it (pr_user_project_item). */
export function fromTduckItem(item: Record<string, unknown>, ctx: ImportContext): void {
  ctx.sources.add('tduck');
  readSaved(item, ctx);
}

function readSaved(item: Record<string, unknown>, ctx: ImportContext, row?: string): void {
  const label = textOf(item.label);
  const name = quoted(label);
  const raw = typeName(item.type);
  const type = (raw === 'PASSWORD_INPUT' ? 'INPUT' : raw) as FieldType;
  if (!(FIELD_TYPES as readonly string[]).includes(type) || type === 'ROW' || type === 'TABLE_INPUT') {
    ctx.note(name, `没有对应的题型：${textOf(item.type) || '未知'}`);
    return;
  }
  const expand = isObject(item.expand) ? item.expand : {};
  const rules: RawRule[] = (Array.isArray(item.regList) ? item.regList : [])
    .filter(isObject)
    .map((r) => patternRule(r.pattern, r.message));
  const props: Record<string, unknown> = {};
  let options: unknown = expand.options;
  let defaultValue: unknown = item.defaultValue;
  switch (type) {
    case 'INPUT':
    case 'TEXTAREA':
      props.maxLength = numOf(expand.maxlength);
      props.rows = numOf(expand.minRows);
      for (const k of ['prepend', 'append'])
        if (textOf(expand[k]).trim())
          ctx.note(`${name}的${k === 'prepend' ? '前缀' : '后缀'}“${textOf(expand[k])}”`, '输入框没有前后缀');
      break;
    case 'NUMBER_INPUT': {
      props.min = numOf(expand.min);
      props.max = numOf(expand.max);
      props.step = numOf(expand.step);
      props.precision = numOf(expand.precision);
      props.stepStrictly = boolOf(expand['step-strictly'] ?? expand.stepStrictly);
      props.controls = boolOf(expand.controls);
      const position = expand['controls-position'] ?? expand.controlsPosition;
      if (position !== undefined) props.controlsPosition = position === 'right' ? 'right' : 'default';
      break;
    }
    case 'SELECT':
      props.multiple = boolOf(expand.multiple);
      break;
    case 'CASCADER':
      if (expand.multiple === true) ctx.note(`${name}的多选`, '级联选择按单选导入');
      break;
    case 'CHECKBOX': {
      props.max = numOf(expand.max);
      const min = numOf(expand.min);
      if (min) rules.push({ mode: 'min', type: 'array', value: min, message: `请至少选择${min}项` });
      break;
    }
    case 'SLIDER':
      props.min = numOf(expand.min);
      props.max = numOf(expand.max);
      props.step = numOf(expand.step);
      if (expand.range === true) ctx.note(`${name}的范围选择`, '按单个值导入');
      break;
    case 'RATE':
      props.max = numOf(expand.max);
      break;
    case 'UPLOAD': {
      const limit = numOf(expand.limit);
      props.limit = limit && limit > 0 ? Math.min(limit, 50) : expand.multiple === true ? 50 : 1;
      props.maxSizeMb = sizeInMb(expand.fileSize, expand.sizeUnit);
      props.accept = acceptOf(expand.accept);
      break;
    }
    case 'IMAGE':
      props.images = textOf(expand.src) ? [textOf(expand.src)] : [];
      break;
    case 'IMAGE_CAROUSEL':
      props.images = (Array.isArray(expand.options) ? expand.options : [])
        .filter(isObject)
        .map((o) => textOf(o.image ?? o.src ?? o.url))
        .filter(Boolean);
      options = undefined;
      break;
    case 'IMAGE_SELECT':
      if (expand.multiple !== true) props.max = 1;
      options = (Array.isArray(expand.options) ? expand.options : []).filter(isObject).map((o, i) => ({
        ...o,
        value: o.value ?? i + 1,
      }));
      break;
    case 'DESC_TEXT': {
      const dv = isObject(defaultValue) ? defaultValue.value : defaultValue;
      const text = textOf(dv) || label;
      // Early versions kept plain text, later ones the rich text editor's HTML.
      props.content = /<[a-z][^>]*>/i.test(text) ? text : textAsHtml(text);
      defaultValue = undefined;
      break;
    }
    case 'DIVIDER': {
      const dv = textOf(isObject(defaultValue) ? defaultValue.value : defaultValue);
      props.text = (dv || (label !== '分割线' ? label : '')).slice(0, 100) || undefined;
      defaultValue = undefined;
      break;
    }
    case 'DATE':
    case 'DATE_RANGE': {
      const t = textOf(expand.type);
      if (t.startsWith('datetime')) props.withTime = true;
      else if (t && t !== 'date' && t !== 'daterange') ctx.note(`${name}的显示类型 ${t}`, '按日期导入');
      break;
    }
  }
  if (type === 'SELECT' || type === 'RADIO' || type === 'CHECKBOX' || type === 'CASCADER') {
    if (!Array.isArray(options) || options.length === 0) ctx.note(`${name}的选项`, '旧表单没有选项');
  }
  const candidate: Candidate = {
    sourceId: item.formItemId,
    type,
    label,
    showLabel: item.showLabel,
    placeholder: item.placeholder,
    required: item.required === true,
    defaultValue,
    span: item.span,
    rules,
    options,
    props,
    row,
  };
  build(candidate, ctx);
}
