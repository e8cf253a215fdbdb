/** Organisation type codes (spec 000, section 6). */
export const OrgType = {
  PROVINCIAL_ASSOCIATION: 1,
  CITY_ASSOCIATION: 2,
  DISTRICT_ASSOCIATION: 3,
  PROVINCIAL_SOCIETY: 4,
  CITY_SOCIETY: 5,
  DISTRICT_SOCIETY: 6,
  ENTERPRISE: 7,
  UNIVERSITY: 8,
  AFFILIATED_INSTITUTION: 9,
  NATIONAL_SOCIETY: 10,
  NATIONAL_ASSOCIATION: 11,
  ALL: 104,
  OPERATIONS: 201,
} as const;

export type OrgTypeCode = (typeof OrgType)[keyof typeof OrgType];

export const orgTypeNames: Record<OrgTypeCode, string> = {
  1: '省科协',
  2: '市科协',
  3: '区科协',
  4: '省级学会',
  5: '市级学会',
  6: '区级学会',
  7: '企业',
  8: '高校',
  9: '科协直属事业单位',
  10: '全国学会',
  11: '中国科协',
  104: '全部',
  201: '运营',
};

/** The display name of an organisation type; unknown codes read 默认 (spec 000, section 6). */
export function orgTypeName(code: number): string {
  return orgTypeNames[code as OrgTypeCode] ?? '默认';
}

export const orgTypeCodes = Object.values(OrgType) as OrgTypeCode[];

/** Company types 1, 2 and 3 mark the user as a society (spec 000, section 6). */
export function isSocietyCompanyType(companyType: number): boolean {
  return companyType === 1 || companyType === 2 || companyType === 3;
}
