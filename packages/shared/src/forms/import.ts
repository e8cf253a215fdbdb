import { z } from 'zod';
import { fromBuilderItem } from './import-builder';
import { clip, type ImportContext, MAX_IMPORT_NESTING, quoted, readSettings, textOf } from './import-context';
import { fromFormCreate } from './import-form-create';
import { fromTduckGenerator, fromTduckItem } from './import-tduck';
import type { TFormField, TFormSettings, TLogicRule } from './schema';
import { ZFormField, ZFormSettings, ZLogicRule } from './schema';

/**
 * 导入: forms saved by the old designers, read into the one schema (spec 002 §3):
 *
 * - form-create and form-create-designer: the rule list (type, field, title, info, props, options,
 *   validate, $required, effect, control, children, col), alone or as { rule, option }, the rule
 *   list also as the JSON string the designer saves;
 * - TDuck's saved questions (formItemId, type, label, defaultValue { json, value }, expand, regList,
 *   span), alone or in the API's wrappers (data, projectItems, list);
 * - TDuck's form generator (element-ui form generator items: typeId and __config__, layouts
 *   colFormItem and rowFormItem), alone or as the generator's form config { fields, … };
 * - the project form builder's elements (key, model, type, name, options, rules).
 *
 * Everything that can be carried is; what cannot is listed in `notes` (未能导入：what（why）) and
 * nothing throws: a bad item is a note, never the end of the import.
 */

export const IMPORT_SOURCES = {
  'form-create': 'form-create 表单设计器',
  tduck: 'TDuck 表单（已保存的题目）',
  'tduck-generator': 'TDuck 表单生成器',
  builder: '项目表单设计器',
} as const;
export type ImportSource = keyof typeof IMPORT_SOURCES;

export interface FormImport {
  /** What the items were read as (one or more kinds). */
  sources: ImportSource[];
  fields: TFormField[];
  /** Show rules (form-create's linked controls). */
  logic: TLogicRule[];
  /** Form options the old form had (label position and width, size, the buttons, messages). */
  settings: Partial<TFormSettings>;
  /** What could not be carried: 未能导入：…（…）. */
  notes: string[];
  /** Set when nothing at all could be read. */
  problem?: string;
}

type SettingsShape = typeof ZFormSettings.shape;
/**
 * The form options the old form had, and only those: ZFormSettings' checks without its defaults
 * (with them, the answer would name every option — the fast serializer writes a default for each
 * missing one — and the dialog would offer to overwrite them all).
 */
const ZImportedSettings = z.object(
  Object.fromEntries(
    Object.entries(ZFormSettings.shape).map(([name, setting]) => [name, setting.removeDefault().optional()]),
  ) as { [K in keyof SettingsShape]: z.ZodOptional<ReturnType<SettingsShape[K]['removeDefault']>> },
);

export const ZFormImport = z.object({
  sources: z.array(z.enum(Object.keys(IMPORT_SOURCES) as [ImportSource, ...ImportSource[]])),
  fields: z.array(ZFormField),
  logic: z.array(ZLogicRule),
  settings: ZImportedSettings,
  notes: z.array(z.string()),
  problem: z.string().optional(),
});

export const IMPORT_MESSAGES = {
  badText: '输入格式不正确：请粘贴旧表单的 JSON（字段规则或题目列表）',
  nothing: '没有找到可以导入的题目',
  tooLong: '导入内容过长',
} as const;

/** The longest text the dialog takes (a saved form of 500 questions is far shorter). */
export const IMPORT_TEXT_MAX = 1_000_000;

/** Reads the pasted text (JSON; a rule list saved as a string inside it is read too). */
export function importFormText(text: string): FormImport {
  if (text.length > IMPORT_TEXT_MAX) return empty(IMPORT_MESSAGES.tooLong);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return empty(IMPORT_MESSAGES.badText);
  }
  return importForm(data);
}

/** Reads parsed data in any of the shapes above. */
export function importForm(data: unknown): FormImport {
  const ctx = new Context();
  const items = collect(data, ctx, 0);
  if (items === null) return empty(IMPORT_MESSAGES.nothing);
  for (const item of items) readItem(item, ctx);
  ctx.finish();
  if (ctx.fields.length === 0) return { ...ctx.result(), problem: IMPORT_MESSAGES.nothing };
  return ctx.result();
}

const empty = (problem: string): FormImport => ({
  sources: [],
  fields: [],
  logic: [],
  settings: {},
  notes: [],
  problem,
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON saved as a string inside the JSON (form-create's getJson, a rule column). */
function parsed(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return v;
  try {
    return JSON.parse(t);
  } catch {
    return v;
  }
}

/** The item list inside the wrappers the old systems save and answer with; null when there is none. */
function collect(data: unknown, ctx: Context, depth: number): unknown[] | null {
  const value = parsed(data);
  if (depth > 4) return null;
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return null;
  if (isItem(value)) return [value];
  // form-create: { rule, option } (the designer's getRule/getOption, saved side by side).
  for (const key of ['rule', 'rules']) {
    const list = parsed(value[key]);
    if (Array.isArray(list)) {
      const option = parsed(value.option ?? value.options);
      if (isObject(option)) readSettings(option, 'form-create', ctx);
      return list;
    }
  }
  // TDuck's generator form config: { fields, labelPosition, labelWidth, size, gutter, … }.
  if (Array.isArray(value.fields) && ('formRef' in value || 'formModel' in value || 'labelPosition' in value)) {
    readSettings(value, 'tduck', ctx);
    return value.fields;
  }
  for (const key of ['drawingList', 'drawingItems', 'projectItems', 'items', 'list', 'fields', 'data', 'formConf']) {
    if (key in value) {
      const inner = collect(value[key], ctx, depth + 1);
      if (inner) return inner;
    }
  }
  return null;
}

/** Whether one object is a question of one of the shapes (not a wrapper). */
function isItem(o: Record<string, unknown>): boolean {
  return '__config__' in o || 'formItemId' in o || typeof o.type === 'string';
}

function readItem(item: unknown, ctx: Context): void {
  const value = parsed(item);
  if (!isObject(value)) {
    if (value !== null && value !== undefined && value !== '')
      ctx.note(quoted(textOf(value).slice(0, 20), '…'), '无法识别的内容');
    return;
  }
  if ('__config__' in value) fromTduckGenerator(value, ctx);
  else if ('formItemId' in value || ('expand' in value && 'label' in value)) fromTduckItem(value, ctx);
  else if (typeof value.key === 'string' && typeof value.name === 'string' && typeof value.type === 'string')
    fromBuilderItem(value, ctx);
  else if (typeof value.type === 'string') fromFormCreate(value, ctx, {});
  else ctx.note(quoted(textOf(value.title ?? value.label ?? value.name)), '无法识别的内容');
}

/** The most questions an import carries (what follows is noted). */
const MAX_FIELDS = 500;
/** The most notes listed one by one; the rest are counted in one last note. */
const MAX_NOTES = 200;

/** The import under way: the fields so far, their ids, the notes, the form options, the controls. */
class Context implements ImportContext {
  fields: TFormField[] = [];
  notes: string[] = [];
  settings: Partial<TFormSettings> = {};
  sources = new Set<ImportSource>();
  /** The old field names (form-create's field, TDuck's formItemId) to the new ids. */
  names = new Map<string, string>();
  private ids = new Set<string>();
  /** The next suffix to try for an id base already taken (so a thousand “a” take linear time). */
  private suffixes = new Map<string, number>();
  private depth = 0;
  private notesLeftOut = 0;
  private controls: {
    source: string;
    label: string;
    conditions: TLogicRule['conditions'];
    combinator: 1 | 2;
    targets: string[];
  }[] = [];
  private logic: TLogicRule[] = [];

  get full(): boolean {
    return this.fields.length >= MAX_FIELDS;
  }

  note(what: string, reason: string): void {
    if (this.notes.length >= MAX_NOTES) {
      this.notesLeftOut++;
      return;
    }
    this.notes.push(`未能导入：${clip(what, 80)}（${clip(reason, 80)}）`);
  }

  nested(what: string, read: () => void): void {
    if (this.depth >= MAX_IMPORT_NESTING) {
      this.note(what, `嵌套超过${MAX_IMPORT_NESTING}层`);
      return;
    }
    this.depth++;
    try {
      read();
    } finally {
      this.depth--;
    }
  }

  id(raw: unknown, prefix: string): string {
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
    let base = text
      .slice(0, 200)
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 36);
    if (!/[A-Za-z0-9]/.test(base)) base = prefix;
    let id = base;
    let n = this.suffixes.get(base) ?? 2;
    for (; this.ids.has(id); n++) id = `${base}_${n}`;
    this.suffixes.set(base, n);
    this.ids.add(id);
    if (text) this.names.set(text, id);
    return id;
  }

  add(field: TFormField): void {
    if (this.full) {
      this.note(quoted(field.label), `题目最多${MAX_FIELDS}个`);
      return;
    }
    this.fields.push(field);
  }

  control(entry: (typeof this.controls)[number]): void {
    this.controls.push(entry);
  }

  /** Linked controls become show rules once every field has its new id. */
  finish(): void {
    const present = new Set(this.fields.map((f) => f.id));
    for (const c of this.controls) {
      const source = this.names.get(c.source);
      const targets = c.targets.map((t) => this.names.get(t)).filter((t): t is string => !!t && present.has(t));
      if (!source || !present.has(source) || targets.length === 0) {
        this.note(`${quoted(c.label)}的联动`, '联动的题目没有导入');
        continue;
      }
      const rule = ZLogicRule.safeParse({
        showIds: targets.filter((t) => t !== source),
        combinator: c.combinator,
        conditions: c.conditions.map((x) => ({ ...x, formItemId: source })),
      });
      if (rule.success) this.logic.push(rule.data);
      else this.note(`${quoted(c.label)}的联动`, rule.error.issues[0]?.message ?? '联动条件不正确');
    }
  }

  result(): FormImport {
    const notes =
      this.notesLeftOut > 0
        ? [...this.notes, `未能导入：另有${this.notesLeftOut}处内容（提示过多，未逐条列出）`]
        : this.notes;
    return {
      sources: [...this.sources],
      fields: this.fields,
      logic: this.logic,
      settings: this.settings,
      notes,
    };
  }
}
