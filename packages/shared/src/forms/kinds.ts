import { z } from 'zod';
import { type TFormField, type TFormSchema, ZFormField } from './schema';

/**
 * A kind of form (the designer's variants, spec 002 §2): its name and the questions every form of
 * the kind keeps. Kinds are data: the modules declare theirs in their manifests (server
 * modules/<name>/module.ts, formKinds) and a tenant adds its own from one of its forms (a regional
 * declaration variant is a row, not a code change; server modules/forms, form_kinds).
 */
export interface FormKindDef {
  key: string;
  name: string;
  /** The fixed questions: always present and required; 此项为固定项，不可删除. */
  fixed: readonly TFormField[];
}

/** A kind's key: lower-case letters, digits and -, as the API and the form rows carry it. */
export const ZFormKindKey = z
  .string({ error: '表单类型不存在' })
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, '表单类型不存在');

export const FIXED_FIELD_MESSAGE = '此项为固定项，不可删除';
export const CLEAR_CONFIRM = '清空后将无法恢复，确定清空吗？';

const fixed = (id: string, label: string, extra: Partial<TFormField> = {}): TFormField =>
  ZFormField.parse({ id, label, type: 'INPUT', required: true, fixed: true, ...extra });

const MEMBER_FIXED = [
  fixed('fullname', '姓名', { personalType: 'fullname' }),
  fixed('gender', '性别', {
    type: 'RADIO',
    personalType: 'gender',
    options: [
      { value: 1, label: '男' },
      { value: 2, label: '女' },
    ],
  }),
  fixed('mobile', '手机', { personalType: 'mobile' }),
  fixed('idnumber', '身份证号', { personalType: 'idnumber' }),
  fixed('company', '工作单位', { personalType: 'company' }),
];

/**
 * The kinds the forms module declares today. Activity registration keeps 2 fixed questions (姓名
 * and 手机), the membership application 5, the expert application ('z' mode of the membership
 * designer) the same 5 with its own delete call; the academy kind has none but asks before 清空.
 * They move to the activity, membership and expert modules' manifests when those land.
 */
export const BUILTIN_FORM_KINDS: readonly FormKindDef[] = [
  { key: 'project', name: '普通表单', fixed: [] },
  {
    key: 'activity',
    name: '活动报名',
    fixed: [
      fixed('fullname', '姓名', { personalType: 'fullname' }),
      fixed('mobile', '手机', { personalType: 'mobile' }),
    ],
  },
  { key: 'membership', name: '会员入会申请', fixed: MEMBER_FIXED },
  { key: 'expert', name: '专家申请', fixed: MEMBER_FIXED },
  { key: 'academy', name: '学会表单', fixed: [] },
];

/** A schema's fields with the kind's fixed questions first (added when missing, kept required). */
export function withFixedFields(fields: TFormField[], fixedFields: readonly TFormField[]): TFormField[] {
  const missing = fixedFields.filter((f) => !fields.some((x) => x.id === f.id));
  return [
    ...missing,
    ...fields.map((f) => (fixedFields.some((x) => x.id === f.id) ? { ...f, fixed: true, required: true } : f)),
  ];
}

/** The fixed question a schema lacks (a save that would delete it), or null. */
export function missingFixedField(
  schema: Pick<TFormSchema, 'fields'>,
  fixedFields: readonly TFormField[],
): TFormField | null {
  return fixedFields.find((f) => !schema.fields.some((x) => x.id === f.id)) ?? null;
}

/**
 * A schema without one question and the rules that name it (a deletion). The questions of a
 * deleted row container stay, out of the container.
 */
export function withoutField<T extends Pick<TFormSchema, 'fields' | 'logic'>>(schema: T, id: string): T {
  return {
    ...schema,
    fields: schema.fields.filter((x) => x.id !== id).map((x) => (x.row === id ? { ...x, row: undefined } : x)),
    logic: schema.logic
      .map((r) => ({ ...r, showIds: r.showIds.filter((s) => s !== id) }))
      .filter((r) => r.showIds.length > 0 && !r.conditions.some((c) => c.formItemId === id)),
  };
}
