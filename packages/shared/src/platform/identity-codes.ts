/** Identity codes (spec 000, section 6). */
export const identityNames = {
  1: '会员',
  2: '工作人员',
  3: '专家',
  4: '管理员',
  5: '初审单位',
  6: '申报人',
  7: '评审人',
  8: '运营管理员',
  9: '运营',
  10: '参会人员',
  11: '继续教育学员',
  12: '个人会员',
  13: '单位会员',
  14: '企业管理员',
  15: '单位用户',
  16: '个人用户',
  17: '专家',
  21: '自定义身份',
  101: '下级科协管理员',
  102: '下级学会管理员',
  103: '下级学会会员',
  104: '下级单位专家',
  105: '下级企业科协管理员',
  106: '下级园区科协管理员',
  107: '下级高校科协管理员',
  108: '下级科普基地管理员',
  109: '下级组织个人会员',
  110: '下级组织单位会员',
  111: '下级组织新专家',
} as const;

export type IdentityCode = keyof typeof identityNames;

export const identityCodes = Object.keys(identityNames).map(Number) as IdentityCode[];

export function identityName(code: number): string {
  return identityNames[code as IdentityCode] ?? '自定义身份';
}
