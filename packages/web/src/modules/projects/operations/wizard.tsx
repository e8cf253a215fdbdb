import { ProForm, ProFormSelect } from '@ant-design/pro-components';
import { orgTypeNames } from '@shetuan/shared';
import {
  defaultSettings,
  ELEMENT_TYPE_NAMES,
  ELEMENT_TYPES,
  type ElementType,
  PROJECT_PAGES as P,
  type TFlow,
  type TProject,
  type TProjectElementsValue,
  type TProjectSettings,
  type TWizardLibrary,
  UNIT_TYPE_CODES,
} from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Row, Space, Typography } from 'antd';
import { useCan } from '../../../platform/auth/can';
import { FormSelect } from '../../../platform/components/form-controls';
import { opsApi, opsKeys } from './api';
import { useWizardLibrary } from './library';

/**
 * What the project wizard takes from 运营管理: the default flow (项目流程), the 申报设置 a new
 * project starts with (运营设置), the project's elements (项目要素) and the unit categories
 * (组织类别). The wizard waits for `ready`; a library it may not read is an empty one.
 */

const EMPTY: TWizardLibrary = {
  flows: [],
  scoreRules: [],
  gradingSchemes: [],
  review: {
    mode: 'score',
    reviewersPerDeclaration: 3,
    maxPerExpert: 30,
    blind: false,
    combine: 'mean',
    scoreRuleId: null,
    gradingSchemeId: null,
    quotaPerUnit: 0,
    approvalLevels: 1,
    categoryDomains: true,
  },
  declaration: {
    identityCodes: [],
    orgTypes: [],
    membersOnly: false,
    perApplicantLimit: 1,
    perUnitLimit: 0,
    durationDays: 0,
  },
  elements: [],
  orgCategories: [],
};

const NO_ELEMENTS: TProjectElementsValue = { categoryId: null, levelId: null, yearId: null };

/**
 * The library and the source project's elements, once both are in (or failed: then none). Without
 * 项目管理 › 编辑 (which saves the elements) the wizard offers no elements.
 */
export function useWizardSetup(sourceId: number | undefined) {
  const classify = useCan()(P.management.edit);
  const library = useWizardLibrary();
  const elements = useQuery({
    queryKey: opsKeys.projectElements(sourceId ?? 0),
    queryFn: () => opsApi.projectElements(sourceId as number),
    enabled: sourceId !== undefined,
    retry: false,
  });
  const ready = !library.isPending && (sourceId === undefined || !elements.isPending);
  return {
    ready,
    library: library.data ? { ...library.data, elements: classify ? library.data.elements : [] } : EMPTY,
    elements: elements.data ?? NO_ELEMENTS,
  };
}

/** A new project's flow: the source's, else the library's default flow, else none. */
export function initialFlow(from: TProject | undefined, library: TWizardLibrary): TFlow | [] {
  return from?.flow ?? structuredClone(library.flows.find((f) => f.isDefault)?.flow ?? []);
}

/** A new project's 申报设置: the source's, else 运营设置's. */
export function initialSettings(from: TProject | undefined, library: TWizardLibrary): TProjectSettings {
  return from?.settings ?? defaultSettings(library.declaration);
}

const KEYS: Record<ElementType, keyof TProjectElementsValue> = {
  category: 'categoryId',
  level: 'levelId',
  year: 'yearId',
};

/** The wizard's values of the element fields, as the server takes them. */
export function elementValues(values: Partial<TProjectElementsValue>): TProjectElementsValue {
  return { categoryId: values.categoryId ?? null, levelId: values.levelId ?? null, yearId: values.yearId ?? null };
}

/** 项目类别, 项目级别, 年度: the enabled values, and a disabled one the project already has. */
export function ProjectElementFields({
  library,
  current,
}: {
  library: TWizardLibrary;
  current: TProjectElementsValue;
}) {
  const shown = ELEMENT_TYPES.filter((type) => library.elements.some((e) => e.type === type));
  if (shown.length === 0) return null;
  return (
    <Row gutter={24}>
      {shown.map((type) => (
        <Col xs={24} md={8} key={type}>
          <ProFormSelect
            name={KEYS[type]}
            label={ELEMENT_TYPE_NAMES[type]}
            placeholder="请选择"
            allowClear
            options={library.elements
              .filter((e) => e.type === type && (e.enabled || e.id === current[KEYS[type]]))
              .map((e) => ({ value: e.id, label: e.enabled ? e.name : `${e.name}（已停用）` }))}
            extra={type === 'category' ? '项目运营与统计按要素筛选；评审分配按类别匹配专家领域' : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}

const UNIT_OPTIONS = UNIT_TYPE_CODES.map((code) => ({ value: code, label: orgTypeNames[code] }));

/**
 * 申报单位类型: the unit types whose people may declare (empty: any), picked one by one or a whole
 * 组织类别 at a time.
 */
function UnitTypesControl({
  id,
  value,
  onChange,
  categories,
}: {
  id?: string;
  value?: number[];
  onChange?: (v: number[]) => void;
  categories: TWizardLibrary['orgCategories'];
}) {
  const current = value ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <FormSelect<number[]>
        id={id}
        mode="multiple"
        allowClear
        value={current}
        onChange={(v) => onChange?.(v ?? [])}
        placeholder="不选则不限单位类型"
        options={UNIT_OPTIONS}
        optionFilterProp="label"
        style={{ width: '100%' }}
      />
      {categories.length > 0 && (
        <Space size={4} wrap>
          <Typography.Text type="secondary">按组织类别添加：</Typography.Text>
          {categories.map((c) => (
            <Button key={c.id} size="small" onClick={() => onChange?.([...new Set([...current, ...c.orgTypes])])}>
              {c.name}
            </Button>
          ))}
        </Space>
      )}
    </Space>
  );
}

export function UnitTypesField({ categories }: { categories: TWizardLibrary['orgCategories'] }) {
  return (
    <ProForm.Item name="orgTypes" label="申报单位类型" extra="申报人所在单位须是这些类型之一">
      <UnitTypesControl categories={categories} />
    </ProForm.Item>
  );
}
