/**
 * The built-in dictionaries (spec 002 §9 and what every membership and expert form asks). A tenant
 * works on its own copy (server modules/dictionaries); these defaults never change under it.
 * Values are stable codes: answers and exports keep them when a tenant renames a label.
 */
export interface BuiltinItem {
  value: string;
  label: string;
  /** Invoice items only (发票项目): the national tax classification code and the tax treatment. */
  taxCode?: string;
  taxTypeCode?: string;
  taxType?: string;
}

export interface BuiltinDictionary {
  code: string;
  name: string;
  items: readonly BuiltinItem[];
}

const list = (...labels: string[]): BuiltinItem[] =>
  labels.map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));

/** GB/T 3304: the 56 ethnic groups with their two-digit codes. */
const ETHNIC_GROUPS = list(
  '汉族',
  '蒙古族',
  '回族',
  '藏族',
  '维吾尔族',
  '苗族',
  '彝族',
  '壮族',
  '布依族',
  '朝鲜族',
  '满族',
  '侗族',
  '瑶族',
  '白族',
  '土家族',
  '哈尼族',
  '哈萨克族',
  '傣族',
  '黎族',
  '傈僳族',
  '佤族',
  '畲族',
  '高山族',
  '拉祜族',
  '水族',
  '东乡族',
  '纳西族',
  '景颇族',
  '柯尔克孜族',
  '土族',
  '达斡尔族',
  '仫佬族',
  '羌族',
  '布朗族',
  '撒拉族',
  '毛南族',
  '仡佬族',
  '锡伯族',
  '阿昌族',
  '普米族',
  '塔吉克族',
  '怒族',
  '乌孜别克族',
  '俄罗斯族',
  '鄂温克族',
  '德昂族',
  '保安族',
  '裕固族',
  '京族',
  '塔塔尔族',
  '独龙族',
  '鄂伦春族',
  '赫哲族',
  '门巴族',
  '珞巴族',
  '基诺族',
);

/**
 * Invoice items (spec 002 §9: label, value, taxCode, taxTypeCode, taxType). Tax codes are the
 * 19-digit codes of the national classification of goods and services (商品和服务税收分类编码);
 * taxTypeCode is the e-invoice's zero-rate mark ('' taxed at the rate, '1' 免税, '2' 不征税) and
 * taxType the rate or treatment shown. A tenant's accountant confirms them for its tax office
 * and edits its copy; module README records the choice.
 */
const INVOICE_ITEMS: BuiltinItem[] = [
  { value: 'registration', label: '会议注册费', taxCode: '3040802010000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'conference', label: '会议费', taxCode: '3040802010000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'booth', label: '展位费', taxCode: '3040802020000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'technical', label: '技术服务费', taxCode: '3040105000000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'project', label: '项目费', taxCode: '3049900000000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'materials', label: '资料费', taxCode: '3049900000000000000', taxTypeCode: '', taxType: '6%' },
  { value: 'membership', label: '会费', taxCode: '6150000000000000000', taxTypeCode: '2', taxType: '不征税' },
];

export const BUILTIN_DICTIONARIES: readonly BuiltinDictionary[] = [
  {
    code: 'gender',
    name: '性别',
    items: [
      { value: '1', label: '男' },
      { value: '2', label: '女' },
    ],
  },
  { code: 'ethnic', name: '民族', items: ETHNIC_GROUPS },
  { code: 'political-status', name: '政治面貌', items: list('群众', '预备党员', '中共党员', '其他') },
  { code: 'education', name: '学历', items: list('大专', '本科', '硕士研究生', '博士研究生') },
  { code: 'degree', name: '学位', items: list('学士', '硕士', '博士', '无') },
  {
    code: 'id-type',
    name: '证件类型',
    items: list(
      '居民身份证',
      '护照',
      '港澳居民来往内地通行证',
      '台湾居民来往大陆通行证',
      '外国人永久居留身份证',
      '其他',
    ),
  },
  {
    code: 'professional-title',
    name: '职称',
    items: list('正高级', '副高级', '中级', '初级', '无'),
  },
  {
    code: 'nursing-title',
    name: '护理职称',
    items: list('护士', '护师', '主管护师', '副主任护师', '主任护师', '讲师', '副教授', '教授', '其他'),
  },
  {
    code: 'nursing-position',
    name: '护理职务',
    items: list('护士', '护士长', '科护士长', '护理部（副）主任', '其他'),
  },
  {
    code: 'committee-role',
    name: '委员会职务',
    items: list(
      '名誉主任委员',
      '主任委员',
      '副主任委员',
      '副主任委员兼秘书',
      '常务委员',
      '常务委员兼秘书',
      '委员',
      '委员兼秘书',
      '青年委员',
      '青年委员兼秘书',
      '专家库成员',
    ),
  },
  { code: 'invoice-item', name: '发票项目', items: INVOICE_ITEMS },
];

export function builtinDictionary(code: string): BuiltinDictionary | undefined {
  return BUILTIN_DICTIONARIES.find((d) => d.code === code);
}
