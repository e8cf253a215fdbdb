import {
  DISPLAY_TYPES,
  FIELD_TYPE_NAMES,
  type FieldType,
  newFieldId,
  PERSONAL_TYPE_NAMES,
  type PersonalType,
  TABLE_DEFAULT_COLUMNS,
  type TFormField,
  ZFormField,
} from '@shetuan/shared/forms';

export interface PaletteItem {
  key: string;
  name: string;
  make: () => TFormField;
}

/** A new field; a question is required by default, as in the old designer (spec 002 §5). */
const field = (type: FieldType, extra: Partial<TFormField> = {}): TFormField =>
  ZFormField.parse({
    id: newFieldId(),
    type,
    label: FIELD_TYPE_NAMES[type],
    required: !DISPLAY_TYPES.has(type),
    ...extra,
  });

const options = (...labels: string[]) => labels.map((label, i) => ({ value: i + 1, label }));

const basic = (type: FieldType, extra: Partial<TFormField> = {}): PaletteItem => ({
  key: type,
  name: FIELD_TYPE_NAMES[type],
  make: () => field(type, extra),
});

/** The palette's groups: 常用, 个人信息 (the personal fields with their checks), 高级, 展示与布局. */
export const PALETTE: { title: string; items: PaletteItem[] }[] = [
  {
    title: '常用题型',
    items: [
      basic('INPUT'),
      basic('TEXTAREA'),
      basic('NUMBER_INPUT'),
      basic('RADIO', { options: options('选项一', '选项二') }),
      basic('CHECKBOX', { options: options('选项一', '选项二') }),
      basic('SELECT', { options: options('选项一', '选项二') }),
      basic('CASCADER', {
        options: [{ value: 1, label: '选项一', children: [{ value: 11, label: '子选项' }] }],
      }),
      basic('DATE'),
      basic('DATE_RANGE'),
      basic('TIME'),
      basic('TIME_RANGE'),
      basic('SWITCH'),
      basic('SLIDER'),
      basic('RATE'),
      basic('COLOR'),
    ],
  },
  {
    title: '个人信息',
    items: (
      [
        ['fullname', 'INPUT'],
        ['gender', 'RADIO'],
        ['mobile', 'INPUT'],
        ['email', 'INPUT'],
        ['idnumber', 'INPUT'],
        ['company', 'INPUT'],
        ['job', 'INPUT'],
        ['competent', 'INPUT'],
        ['department', 'INPUT'],
        ['remark', 'TEXTAREA'],
        ['portrait', 'UPLOAD'],
        ['file', 'UPLOAD'],
      ] as [PersonalType, FieldType][]
    ).map(([personalType, type]) => ({
      key: `personal:${personalType}`,
      name: PERSONAL_TYPE_NAMES[personalType],
      make: () =>
        field(type, {
          label: PERSONAL_TYPE_NAMES[personalType],
          personalType,
          ...(personalType === 'gender' ? { options: options('男', '女') } : {}),
          ...(personalType === 'portrait' ? { props: { accept: ['jpg', 'jpeg', 'png'], maxSizeMb: 5, limit: 1 } } : {}),
        }),
    })),
  },
  {
    title: '高级题型',
    items: [
      basic('UPLOAD', { props: { limit: 1, maxSizeMb: 10 } }),
      basic('IMAGE_SELECT', { options: options('图片一', '图片二') }),
      basic('SIGN_PAD'),
      basic('PROVINCE_CITY', { props: { level: 3 } }),
      basic('INPUT_MAP'),
      basic('PHONE_VERIFICATION'),
      basic('TABLE_INPUT', { props: { columns: [...TABLE_DEFAULT_COLUMNS], initialRows: 1 } }),
    ],
  },
  {
    title: '展示与布局',
    items: [
      basic('ROW', { label: '行容器', props: { justify: 'start', align: 'top' } }),
      basic('DESC_TEXT', { label: '文字描述', props: { content: '<p>在此填写说明文字</p>' } }),
      basic('DIVIDER', { label: '分割线' }),
      basic('IMAGE', { props: { images: [] } }),
      basic('IMAGE_CAROUSEL', { props: { images: [] } }),
      basic('PAGINATION', { label: '分页' }),
    ],
  },
];

export const PALETTE_ITEMS = new Map(PALETTE.flatMap((g) => g.items.map((i) => [i.key, i])));

/** A copy of a field with a new id (the canvas's 复制). */
export function copyField(f: TFormField): TFormField {
  return { ...structuredClone(f), id: newFieldId(), fixed: undefined, label: f.label };
}
