import { type TFormSchema, ZFormSchema } from './schema';

/**
 * The built-in templates every tenant sees at /project/template (beside its own). Keys start with
 * builtin: so they never clash with a tenant template's key.
 */
export interface BuiltinTemplate {
  key: string;
  name: string;
  description: string;
  schema: TFormSchema;
}

const yesNo = [
  { value: 1, label: '是' },
  { value: 2, label: '否' },
];

export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  {
    key: 'builtin:activity-registration',
    name: '活动报名表',
    description: '姓名、手机、单位、职务职称与是否需要住宿，适合学术会议与科普活动报名。',
    schema: ZFormSchema.parse({
      fields: [
        { id: 'name', type: 'INPUT', label: '姓名', required: true, personalType: 'fullname' },
        { id: 'mobile', type: 'INPUT', label: '手机', required: true, personalType: 'mobile' },
        { id: 'company', type: 'INPUT', label: '工作单位', required: true, personalType: 'company' },
        { id: 'title', type: 'INPUT', label: '职务职称', personalType: 'competent' },
        { id: 'hotel', type: 'RADIO', label: '是否需要住宿', required: true, options: yesNo },
        { id: 'nights', type: 'DATE_RANGE', label: '住宿日期', required: true },
      ],
      logic: [
        { showIds: ['nights'], combinator: 1, conditions: [{ formItemId: 'hotel', expression: 'eq', optionValue: 1 }] },
      ],
    }),
  },
  {
    key: 'builtin:member-application',
    name: '个人会员入会申请',
    description: '个人基本信息、学历、专业领域与证件照，提交后由学会审核。',
    schema: ZFormSchema.parse({
      fields: [
        { id: 'name', type: 'INPUT', label: '姓名', required: true, personalType: 'fullname' },
        {
          id: 'gender',
          type: 'RADIO',
          label: '性别',
          required: true,
          personalType: 'gender',
          options: [
            { value: 1, label: '男' },
            { value: 2, label: '女' },
          ],
        },
        { id: 'mobile', type: 'INPUT', label: '手机', required: true, personalType: 'mobile' },
        { id: 'email', type: 'INPUT', label: '邮箱', personalType: 'email' },
        { id: 'idnumber', type: 'INPUT', label: '身份证号', required: true, personalType: 'idnumber' },
        {
          id: 'education',
          type: 'SELECT',
          label: '学历',
          required: true,
          options: ['大专', '本科', '硕士', '博士'].map((label, i) => ({ value: i + 1, label })),
        },
        { id: 'company', type: 'INPUT', label: '工作单位', required: true, personalType: 'company' },
        { id: 'field', type: 'TEXTAREA', label: '专业领域与主要成就' },
        {
          id: 'photo',
          type: 'UPLOAD',
          label: '证件照',
          personalType: 'portrait',
          props: { accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 5, limit: 1 },
        },
      ],
    }),
  },
  {
    key: 'builtin:satisfaction',
    name: '活动满意度调查',
    description: '总体评分、各环节评价与意见建议，可匿名填写。',
    schema: ZFormSchema.parse({
      fields: [
        { id: 'overall', type: 'RATE', label: '总体满意度', required: true },
        {
          id: 'parts',
          type: 'CHECKBOX',
          label: '您最满意的环节',
          required: true,
          options: [
            { value: 1, label: '主旨报告' },
            { value: 2, label: '分论坛' },
            { value: 3, label: '会务服务' },
            { value: 0, label: '其他' },
          ],
          props: { allowOther: true },
        },
        { id: 'again', type: 'RADIO', label: '是否愿意再次参加', required: true, options: yesNo },
        { id: 'advice', type: 'TEXTAREA', label: '意见与建议' },
      ],
    }),
  },
];
