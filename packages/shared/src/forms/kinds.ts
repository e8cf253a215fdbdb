import { type TFormField, type TFormSchema, ZFormField } from './schema';

/**
 * The kinds of form (the designer's variants, spec 002 §2). Activity registration keeps 2 fixed
 * questions (姓名 and 手机, always required), the membership application 5, the expert
 * application ('z' mode of the membership designer) the same 5 with its own delete call; the
 * academy kind has none but asks before 清空. Fixed questions cannot be deleted.
 */
export const FORM_KINDS = ['project', 'activity', 'membership', 'expert', 'academy'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const FORM_KIND_NAMES: Record<FormKind, string> = {
  project: '普通表单',
  activity: '活动报名',
  membership: '会员入会申请',
  expert: '专家申请',
  academy: '学会表单',
};

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

export const FIXED_FIELDS: Record<FormKind, TFormField[]> = {
  project: [],
  academy: [],
  activity: [
    fixed('fullname', '姓名', { personalType: 'fullname' }),
    fixed('mobile', '手机', { personalType: 'mobile' }),
  ],
  membership: MEMBER_FIXED,
  expert: MEMBER_FIXED,
};

/** A schema's fields with the kind's fixed questions first (added when missing, kept required). */
export function withFixedFields(fields: TFormField[], kind: FormKind): TFormField[] {
  const fixedFields = FIXED_FIELDS[kind];
  const missing = fixedFields.filter((f) => !fields.some((x) => x.id === f.id));
  return [
    ...missing,
    ...fields.map((f) => (fixedFields.some((x) => x.id === f.id) ? { ...f, fixed: true, required: true } : f)),
  ];
}

/** The fixed question a schema lacks (a save that would delete it), or null. */
export function missingFixedField(schema: Pick<TFormSchema, 'fields'>, kind: FormKind): TFormField | null {
  return FIXED_FIELDS[kind].find((f) => !schema.fields.some((x) => x.id === f.id)) ?? null;
}

/** A schema without one question and the rules that name it (a deletion). */
export function withoutField<T extends Pick<TFormSchema, 'fields' | 'logic'>>(schema: T, id: string): T {
  return {
    ...schema,
    fields: schema.fields.filter((x) => x.id !== id),
    logic: schema.logic
      .map((r) => ({ ...r, showIds: r.showIds.filter((s) => s !== id) }))
      .filter((r) => r.showIds.length > 0 && !r.conditions.some((c) => c.formItemId === id)),
  };
}
