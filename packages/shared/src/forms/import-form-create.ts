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
  textAsHtml,
  textOf,
} from './import-context';
import type { FieldType, TCondition } from './schema';

/**
 * form-create and form-create-designer rules (xaboy/form-create): { type, field, title, info,
 * value, props, options, validate, $required, effect, control, children, col, hidden }. Display
 * rules (divider, html, text, image, alert, title) have no field; layout rules (row and col, card,
 * tabs, collapse) hold others in children.
 */

type Place = { span?: number; row?: string };

/** A rule type, compared without case, dashes or the element prefix: el-divider = elDivider = divider. */
const keyOf = (type: string) =>
  type
    .replace(/^el(?:-|(?=[A-Z]))/, '')
    .replace(/[-_]/g, '')
    .toLowerCase();

/** Names for the notes of rules that have no title. */
const NAMES: Record<string, string> = {
  button: '按钮',
  hidden: '隐藏字段',
  group: '子表单',
  subform: '子表单',
  tree: '树形控件',
  frame: '框架选择',
  space: '间距',
  tag: '标签',
  html: 'HTML',
  divider: '分割线',
  image: '图片',
  alert: '提示',
  table: '表格',
  transfer: '穿梭框',
  link: '链接',
  iframe: '内嵌网页',
  qrcode: '二维码',
  signaturepad: '签名',
};

const nameOf = (rule: Record<string, unknown>, key: string) => {
  const title = textOf(rule.title).trim();
  return title ? quoted(title) : (NAMES[key] ?? `组件 ${textOf(rule.type).slice(0, 30)}`);
};

/** The text children of a rule, joined (a div's or span's content). */
const childText = (rule: Record<string, unknown>) =>
  (Array.isArray(rule.children) ? rule.children : [])
    .filter((c) => typeof c === 'string' || typeof c === 'number')
    .map(String)
    .join('\n');

const childRules = (rule: Record<string, unknown>) =>
  (Array.isArray(rule.children) ? rule.children : []).filter(isObject);

/**
 * The modes of a validate entry as form-create-designer reads it (its mode, else the keys besides
 * message, type and trigger); an async-validator entry may hold several (required, min and max).
 */
function modesOf(v: Record<string, unknown>): string[] {
  if (typeof v.mode === 'string') return [v.mode];
  const modes = ['required', 'pattern', 'min', 'max', 'len'].filter((k) => v[k] !== undefined);
  if (v.validator !== undefined || v.asyncValidator !== undefined) modes.push('validator');
  return modes.length ? modes : ['type'];
}

const FORMAT_TYPES = new Set(['email', 'url', 'hex', 'integer', 'float', 'number', 'date']);

/** $required, effect.required and the validate list: required, its message, and the rules. */
function checksOf(rule: Record<string, unknown>, name: string, ctx: ImportContext) {
  const shorthand = rule.$required ?? at(rule, 'effect.required');
  let required = shorthand === true || (typeof shorthand === 'string' && shorthand.trim() !== '');
  let requiredMessage = typeof shorthand === 'string' ? shorthand : undefined;
  const rules: RawRule[] = [];
  for (const v of Array.isArray(rule.validate) ? rule.validate : []) {
    if (!isObject(v)) continue;
    const common = { type: v.type, trigger: v.trigger, message: v.message };
    const modes = modesOf(v);
    for (const mode of modes) {
      if (mode === 'required') {
        if (v.required === false) continue;
        required = true;
        requiredMessage ||= textOf(v.message) || undefined;
        if (modes.length === 1 && FORMAT_TYPES.has(textOf(v.type))) rules.push({ mode: 'type', ...common });
      } else if (mode === 'pattern') rules.push(patternRule(v.pattern, v.message, common));
      else if (mode === 'min' || mode === 'max' || mode === 'len') rules.push({ mode, value: v[mode], ...common });
      else if (mode === 'type' && v.type !== undefined) rules.push({ mode: 'type', ...common });
      else ctx.note(`${name}的校验规则${textOf(v.message) ? `“${textOf(v.message)}”` : ''}`, '自定义校验函数无法导入');
    }
  }
  return { required, requiredMessage, rules };
}

/** The question type of an answerable rule, and its per-type settings; null when it has none. */
function typeOf(key: string, props: Record<string, unknown>, name: string, ctx: ImportContext): FieldType | null {
  switch (key) {
    case 'input':
      if (props.type === 'textarea') return 'TEXTAREA';
      if (props.type === 'number') return 'NUMBER_INPUT';
      return 'INPUT';
    case 'textarea':
      return 'TEXTAREA';
    case 'password':
      return 'INPUT';
    case 'inputnumber':
    case 'number':
      return 'NUMBER_INPUT';
    case 'select':
    case 'selectv2':
      return 'SELECT';
    case 'radio':
      return 'RADIO';
    case 'checkbox':
    case 'transfer':
      return 'CHECKBOX';
    case 'switch':
      return 'SWITCH';
    case 'slider':
      return 'SLIDER';
    case 'rate':
      return 'RATE';
    case 'colorpicker':
    case 'color':
      return 'COLOR';
    case 'timepicker':
      return props.isRange === true || props['is-range'] === true ? 'TIME_RANGE' : 'TIME';
    case 'timerange':
      return 'TIME_RANGE';
    case 'daterange':
      return 'DATE_RANGE';
    case 'datepicker': {
      const t = textOf(props.type) || 'date';
      if (t === 'date' || t === 'datetime') return 'DATE';
      if (t === 'daterange' || t === 'datetimerange') return 'DATE_RANGE';
      const range = t.endsWith('range');
      ctx.note(`${name}的显示类型 ${t}`, `按${range ? '日期范围' : '日期'}导入`);
      return range ? 'DATE_RANGE' : 'DATE';
    }
    case 'upload':
      return 'UPLOAD';
    case 'cascader':
    case 'treeselect':
      return 'CASCADER';
    case 'fceditor':
    case 'editor':
      ctx.note(`${name}的富文本格式`, '按多行文本导入');
      return 'TEXTAREA';
    case 'tableform':
      return 'TABLE_INPUT';
    case 'signaturepad':
      return 'SIGN_PAD';
    default:
      return null;
  }
}

/** Cascader options under their own keys (props.props: value, label, children). */
function treeOptions(raw: unknown, keys: { value: string; label: string; children: string }, depth = 0): unknown {
  if (!Array.isArray(raw) || depth > 10) return undefined;
  return raw.filter(isObject).map((o) => ({
    value: o[keys.value],
    label: o[keys.label],
    children: treeOptions(o[keys.children], keys, depth + 1),
  }));
}

/** The question's settings from the rule's props, by type. */
function settingsOf(type: FieldType, key: string, props: Record<string, unknown>, name: string, ctx: ImportContext) {
  const out: Record<string, unknown> = {};
  switch (type) {
    case 'INPUT':
    case 'TEXTAREA':
      out.maxLength = numOf(props.maxlength ?? props.maxLength);
      out.rows = numOf(props.rows ?? at(props, 'autosize.minRows'));
      break;
    case 'NUMBER_INPUT':
      out.min = numOf(props.min);
      out.max = numOf(props.max);
      out.step = numOf(props.step);
      out.precision = numOf(props.precision);
      out.stepStrictly = boolOf(props.stepStrictly ?? props['step-strictly']);
      out.controls = boolOf(props.controls);
      if (props.controlsPosition !== undefined || props['controls-position'] !== undefined)
        out.controlsPosition = (props.controlsPosition ?? props['controls-position']) === 'right' ? 'right' : 'default';
      break;
    case 'SLIDER':
      out.min = numOf(props.min);
      out.max = numOf(props.max);
      out.step = numOf(props.step);
      if (props.range === true) ctx.note(`${name}的范围选择`, '按单个值导入');
      break;
    case 'RATE':
      out.max = numOf(props.max);
      break;
    case 'SELECT':
      out.multiple = boolOf(props.multiple);
      if (props.multiple === true && numOf(props.multipleLimit)) out.max = numOf(props.multipleLimit);
      break;
    case 'CHECKBOX':
      out.max = numOf(props.max);
      break;
    case 'DATE':
    case 'DATE_RANGE':
      if (key === 'daterange' ? props.type !== 'daterange' : textOf(props.type).startsWith('datetime'))
        out.withTime = true;
      break;
    case 'UPLOAD': {
      const limit = numOf(props.limit ?? props.maxLength);
      out.limit = limit && limit > 0 ? Math.min(limit, 50) : props.multiple === true ? 50 : 1;
      out.accept = props.uploadType === 'image' ? ['jpg', 'jpeg', 'png', 'gif', 'bmp'] : acceptOf(props.accept);
      out.maxSizeMb = numOf(props.maxSize ?? props.fileSize);
      break;
    }
    case 'TABLE_INPUT': {
      const columns = (Array.isArray(props.columns) ? props.columns : [])
        .filter(isObject)
        .map((c) => textOf(c.label).trim())
        .filter(Boolean);
      if (columns.length) out.columns = columns.slice(0, 10);
      ctx.note(`${name}的各列题型`, '表格表单按逐格填写文字导入');
      break;
    }
  }
  return out;
}

/** Options of a choice rule: rule.options, or props.options / props.data (transfer, tree select). */
function optionsOf(type: FieldType, rule: Record<string, unknown>, props: Record<string, unknown>) {
  if (type === 'CASCADER') {
    const keys = isObject(props.props) ? props.props : {};
    return treeOptions(props.options ?? props.data ?? rule.options, {
      value: textOf(keys.value) || 'value',
      label: textOf(keys.label) || 'label',
      children: textOf(keys.children) || 'children',
    });
  }
  const raw = Array.isArray(rule.options) ? rule.options : (props.options ?? props.data);
  if (!Array.isArray(raw)) return undefined;
  // A transfer's data items are { key, label }.
  return raw.filter(isObject).map((o) => ('value' in o ? o : { value: o.key, label: o.label }));
}

/** A display rule (no answer) as a candidate: divider, HTML, text, title, alert, image. */
function displayOf(key: string, rule: Record<string, unknown>, props: Record<string, unknown>): Candidate | null {
  const base = { sourceId: rule.field ?? rule.name, rules: [] as RawRule[] };
  const title = textOf(rule.title).trim();
  switch (key) {
    case 'divider':
      return {
        ...base,
        type: 'DIVIDER',
        label: '分割线',
        props: { text: (childText(rule) || textOf(props.formCreateChild)).slice(0, 100) || undefined },
      };
    case 'html': {
      const html = childText(rule) || textOf(at(rule, 'attrs.innerHTML') ?? at(rule, 'domProps.innerHTML'));
      return { ...base, type: 'DESC_TEXT', label: title || 'HTML', props: { content: html } };
    }
    case 'div':
    case 'span':
    case 'p':
    case 'text':
      return { ...base, type: 'DESC_TEXT', label: title || '文字', props: { content: textAsHtml(childText(rule)) } };
    case 'title':
    case 'fctitle':
      return {
        ...base,
        type: 'DESC_TEXT',
        label: title || '标题',
        props: { content: `<h3>${textAsHtml(title || childText(rule)).replace(/<\/?p>/g, '')}</h3>` },
      };
    case 'alert': {
      const head = textOf(props.title) || title;
      const text = textOf(props.description) || childText(rule);
      return {
        ...base,
        type: 'DESC_TEXT',
        label: head || '提示',
        props: {
          content: `${head ? `<p><strong>${textAsHtml(head).replace(/<\/?p>/g, '')}</strong></p>` : ''}${textAsHtml(text)}`,
        },
      };
    }
    case 'image': {
      const src = textOf(props.src ?? rule.src);
      return { ...base, type: 'IMAGE', label: title || '图片', props: { images: src ? [src] : [] } };
    }
    default:
      return null;
  }
}

/** Layout rules whose children are questions; a titled one leaves a divider with its title. */
const CONTAINERS = new Set(['card', 'tabs', 'tabpane', 'collapse', 'collapseitem', 'fctable', 'fctablegrid', 'col']);
const ROWS = new Set(['row', 'fcrow']);

/** One form-create rule (and the rules inside it). */
export function fromFormCreate(rule: Record<string, unknown>, ctx: ImportContext, place: Place): void {
  ctx.sources.add('form-create');
  const key = keyOf(textOf(rule.type));
  const props = isObject(rule.props) ? rule.props : {};
  const name = nameOf(rule, key);
  const span = numOf(at(rule, 'col.span')) ?? place.span;

  if (ROWS.has(key)) {
    rowOf(rule, props, ctx);
    return;
  }
  if (CONTAINERS.has(key)) {
    const heading = textOf(props.label ?? props.title ?? props.header ?? rule.title).trim();
    if (heading && key !== 'col')
      build(
        { sourceId: undefined, type: 'DIVIDER', label: heading, rules: [], props: { text: heading.slice(0, 100) } },
        ctx,
      );
    const inner = key === 'col' ? { span: numOf(props.span) ?? span, row: place.row } : place;
    for (const child of childRules(rule)) ctx.nested(name, () => fromFormCreate(child, ctx, inner));
    return;
  }
  const display = displayOf(key, rule, props);
  if (display) {
    build({ ...display, span, row: place.row }, ctx);
    return;
  }
  const type = typeOf(key, props, name, ctx);
  if (!type) {
    const why =
      key === 'group' || key === 'subform'
        ? '子表单没有对应的题型'
        : key === 'hidden'
          ? '隐藏字段不是题目'
          : `没有对应的题型：${textOf(rule.type)}`;
    ctx.note(name, why);
    return;
  }
  if (rule.hidden === true || rule.display === false) ctx.note(`${name}的“隐藏”`, '导入后显示，可在逻辑中设置显示条件');
  const checks = checksOf(rule, name, ctx);
  const settings = settingsOf(type, key, props, name, ctx);
  if (type === 'CASCADER' && at(props, 'props.multiple') === true) ctx.note(`${name}的多选`, '级联选择按单选导入');
  const options = optionsOf(type, rule, props);
  if (['SELECT', 'RADIO', 'CHECKBOX', 'CASCADER'].includes(type) && (!Array.isArray(options) || options.length === 0))
    ctx.note(`${name}的选项`, at(rule, 'effect.fetch') ? '选项来自接口，请在设计器中从接口导入选项' : '旧表单没有选项');
  let value = rule.value;
  if (type === 'SWITCH' && props.activeValue !== undefined && typeof props.activeValue !== 'boolean') {
    ctx.note(`${name}的开关取值`, `按“是/否”导入，原为 ${textOf(props.activeValue)}/${textOf(props.inactiveValue)}`);
    value = value === undefined ? undefined : value === props.activeValue;
  }
  const field = build(
    {
      sourceId: rule.field,
      type,
      label: textOf(rule.title),
      placeholder: props.placeholder ?? rule.info,
      ...checks,
      defaultValue: value,
      span,
      row: place.row,
      options,
      props: settings,
    },
    ctx,
  );
  if (field) controlsOf(rule, textOf(rule.field), field.label, ctx, place);
}

/** A row (FcRow or row) with its columns: a row container, its columns' questions inside it. */
function rowOf(rule: Record<string, unknown>, props: Record<string, unknown>, ctx: ImportContext): void {
  const row = build(
    {
      sourceId: rule.field ?? rule.name,
      type: 'ROW',
      label: textOf(rule.title) || '行容器',
      rules: [],
      props: {
        gutter: numOf(props.gutter),
        justify: textOf(props.justify) || undefined,
        align: textOf(props.align) || undefined,
      },
    },
    ctx,
  );
  const name = nameOf(rule, 'row');
  for (const child of childRules(rule)) {
    const isCol = keyOf(textOf(child.type)) === 'col';
    const childProps = isObject(child.props) ? child.props : {};
    const place = { span: isCol ? numOf(childProps.span) : undefined, row: row?.id };
    if (isCol) for (const inner of childRules(child)) ctx.nested(name, () => fromFormCreate(inner, ctx, place));
    else ctx.nested(name, () => fromFormCreate(child, ctx, place));
  }
}

const CONDITIONS: Record<string, TCondition['expression']> = {
  '==': 'eq',
  '===': 'eq',
  eq: 'eq',
  '!=': 'ne',
  '!==': 'ne',
  ne: 'ne',
  neq: 'ne',
};

/** Linked controls (control: [{ value, condition, rule }]): show rules once all fields are in. */
function controlsOf(rule: Record<string, unknown>, source: string, label: string, ctx: ImportContext, place: Place) {
  for (const c of Array.isArray(rule.control) ? rule.control : []) {
    if (!isObject(c)) continue;
    const targets: string[] = [];
    for (const t of Array.isArray(c.rule) ? c.rule : []) {
      if (typeof t === 'string') targets.push(t);
      else if (isObject(t)) {
        // A rule written inside the control: a question that shows only when the control holds.
        ctx.nested(`${quoted(label)}的联动`, () => fromFormCreate(t, ctx, place));
        if (typeof t.field === 'string') targets.push(t.field);
      }
    }
    if (c.handle !== undefined) {
      ctx.note(`“${label}”的联动`, '联动条件是一段代码，无法导入');
      continue;
    }
    const condition = textOf(c.condition) || '==';
    const values = condition === 'in' && Array.isArray(c.value) ? c.value : [c.value];
    const expression = condition === 'in' ? 'eq' : CONDITIONS[condition];
    if (!expression || !values.every((v) => typeof v === 'string' || typeof v === 'number')) {
      ctx.note(`“${label}”的联动`, `条件 ${condition} ${textOf(c.value) || '（非文字或数字）'} 无法导入`);
      continue;
    }
    ctx.control({
      source,
      label,
      combinator: values.length > 1 ? 2 : 1,
      conditions: values.map((v) => ({ expression, optionValue: v as string | number })),
      targets,
    });
  }
}
