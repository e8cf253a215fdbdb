import { ProForm, ProFormDigit, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { identityNames } from '@shetuan/shared';
import { OPERATION_PAGES as O, type TDeclarationDefaults, ZDeclarationDefaults } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { opsApi, opsKeys } from './api';
import { UnitTypesField } from './wizard';

const IDENTITY_OPTIONS = Object.entries(identityNames).map(([code, name]) => ({
  value: Number(code),
  label: `${name}（${code}）`,
}));

/**
 * /operationalSettings (运营管理 › 运营设置): the 申报设置 a new project starts with in the wizard —
 * who may declare (identities, unit types, members only), the limits per applicant and per unit,
 * and how long the declaration period runs.
 */
export default function OperationalSettingsPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: opsKeys.declarationSettings(), queryFn: opsApi.declarationSettings });
  const editable = can(O.operationalSettings.edit);
  if (!view.data)
    return (
      <Card title="运营设置">
        {view.isError ? <Alert type="error" showIcon message={view.error.message} /> : <Skeleton active />}
      </Card>
    );
  const save = async (values: Partial<TDeclarationDefaults>) => {
    const parsed = ZDeclarationDefaults.safeParse(values);
    if (!parsed.success) {
      void feedback.message.error(parsed.error.issues[0]?.message ?? '运营设置有误');
      return false;
    }
    await opsApi.saveDeclarationSettings(parsed.data);
    void feedback.message.success('保存成功');
    await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    return true;
  };
  return (
    <Card title="运营设置">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="新建项目时，项目向导的“申报设置”按这里预先填好；已创建的项目不受影响。"
      />
      <ProForm<TDeclarationDefaults>
        initialValues={view.data.settings}
        disabled={!editable}
        onFinish={save}
        submitter={editable ? { searchConfig: { submitText: '保存' }, resetButtonProps: false } : false}
        layout="vertical"
      >
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <ProFormDigit
              name="durationDays"
              label="默认申报期"
              min={0}
              max={365}
              fieldProps={{ precision: 0, suffix: '天' }}
              extra="新项目的截止时间预先填为今天起的天数，0 为不预先填写"
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormDigit
              name="perApplicantLimit"
              label="每人限报数"
              min={0}
              max={1000}
              fieldProps={{ precision: 0, suffix: '份' }}
              extra="0 为不限"
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormDigit
              name="perUnitLimit"
              label="每单位限报数"
              min={0}
              max={100000}
              fieldProps={{ precision: 0, suffix: '份' }}
              extra="0 为不限"
            />
          </Col>
          <Col xs={24} md={16}>
            <ProFormSelect
              name="identityCodes"
              label="申报身份"
              mode="multiple"
              placeholder="不选则有“我的申报”页面的身份都可申报"
              options={IDENTITY_OPTIONS}
              fieldProps={{ optionFilterProp: 'label', maxTagCount: 'responsive' }}
            />
          </Col>
          <Col xs={24} md={8}>
            <ProFormSwitch name="membersOnly" label="仅限会员" />
          </Col>
          <Col xs={24}>
            <UnitTypesField categories={view.data.orgCategories} />
          </Col>
        </Row>
      </ProForm>
    </Card>
  );
}
