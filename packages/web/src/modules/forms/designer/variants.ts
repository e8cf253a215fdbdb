import { type TFormField, ZFormField } from '@shetuan/shared/forms';

/**
 * The designer's variants (spec 002 §2): activity registration has 2 fixed fields (姓名 and 手机,
 * always required), the membership application 5, the academy variant confirms 清空. Fixed fields
 * cannot be deleted.
 */
export type DesignerVariant = 'project' | 'activity' | 'membership' | 'academy';

export const FIXED_FIELD_MESSAGE = '此项为固定项，不可删除';
export const CLEAR_CONFIRM = '清空后将无法恢复，确定清空吗？';

const fixed = (id: string, label: string, extra: Partial<TFormField> = {}): TFormField =>
  ZFormField.parse({ id, label, type: 'INPUT', required: true, fixed: true, ...extra });

export const FIXED_FIELDS: Record<DesignerVariant, TFormField[]> = {
  project: [],
  academy: [],
  activity: [
    fixed('fullname', '姓名', { personalType: 'fullname' }),
    fixed('mobile', '手机', { personalType: 'mobile' }),
  ],
  membership: [
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
  ],
};

/** A schema's fields with the variant's fixed fields first (added when missing, kept required). */
export function withFixedFields(fields: TFormField[], variant: DesignerVariant): TFormField[] {
  const fixedFields = FIXED_FIELDS[variant];
  const missing = fixedFields.filter((f) => !fields.some((x) => x.id === f.id));
  return [
    ...missing,
    ...fields.map((f) => (fixedFields.some((x) => x.id === f.id) ? { ...f, fixed: true, required: true } : f)),
  ];
}
