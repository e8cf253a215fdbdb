import { ProForm, ProFormDigit, ProFormRadio, ProFormSelect, ProFormSwitch } from '@ant-design/pro-components';
import { COMBINE_NAMES, OPERATION_PAGES as O, type TReviewDefaults, ZReviewDefaults } from '@shetuan/shared/projects';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Divider, Row, Skeleton } from 'antd';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { opsApi, opsKeys } from './api';
import { InlineLink } from './InlineLink';

/**
 * /reviewSettings and /evaluationSettings (运营管理 › 评审设置): what a new stage of the project
 * wizard starts with — an expert round's method, experts per declaration, load limit, blind
 * review, combining and scoring rule; the decision's grading scheme; the unit quota; the approval
 * levels — and whether the allocation matches declarations by their project category (专家分类).
 */
export default function ReviewSettingsPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: opsKeys.reviewSettings(), queryFn: opsApi.reviewSettings });
  const editable = can(O.reviewSettings.edit);
  if (!view.data)
    return (
      <Card title="评审设置">
        {view.isError ? <Alert type="error" showIcon message={view.error.message} /> : <Skeleton active />}
      </Card>
    );
  const { settings, scoreRules, gradingSchemes } = view.data;
  const save = async (values: Partial<TReviewDefaults>) => {
    const parsed = ZReviewDefaults.safeParse({
      ...values,
      scoreRuleId: values.scoreRuleId ?? null,
      gradingSchemeId: values.gradingSchemeId ?? null,
    });
    if (!parsed.success) {
      void feedback.message.error(parsed.error.issues[0]?.message ?? '评审设置有误');
      return false;
    }
    await opsApi.saveReviewSettings(parsed.data);
    void feedback.message.success('保存成功');
    await queryClient.invalidateQueries({ queryKey: opsKeys.all });
    return true;
  };
  return (
    <Card title="评审设置">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="项目向导中新添加的评审环节按这里的设置预先填好，创建者仍可逐项修改；已创建的项目不受影响。"
      />
      <ProForm<TReviewDefaults>
        initialValues={settings}
        disabled={!editable}
        onFinish={save}
        submitter={editable ? { searchConfig: { submitText: '保存' }, resetButtonProps: false } : false}
        layout="vertical"
      >
        <Divider orientation="left" plain>
          专家评审
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <ProFormRadio.Group
              name="mode"
              label="评审方式"
              options={[
                { value: 'score', label: '评分制' },
                { value: 'approval', label: '审批制' },
              ]}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormDigit
              name="reviewersPerDeclaration"
              label="每份申报评审专家数"
              min={1}
              max={20}
              fieldProps={{ precision: 0, suffix: '位' }}
              rules={[{ required: true, message: '请输入每份申报评审专家数' }]}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormDigit
              name="maxPerExpert"
              label="每位专家最多评审"
              min={1}
              max={2000}
              fieldProps={{ precision: 0, suffix: '份' }}
              rules={[{ required: true, message: '请输入每位专家最多评审数' }]}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormSwitch name="blind" label="盲审" extra="评审专家看不到申报人的个人信息" />
          </Col>
          <Col xs={24} md={8}>
            <ProFormSelect
              name="combine"
              label="计分方式"
              options={Object.entries(COMBINE_NAMES).map(([value, label]) => ({ value, label }))}
              allowClear={false}
            />
          </Col>
          <Col xs={24} md={8}>
            <ProFormSelect
              name="scoreRuleId"
              label="默认评分规则"
              placeholder="不预先填写评分项"
              options={scoreRules.map((r) => ({ value: r.id, label: r.name }))}
              extra={<InlineLink to={O.gradingRules.path}>管理评分规则</InlineLink>}
            />
          </Col>
        </Row>
        <Divider orientation="left" plain>
          其他环节
        </Divider>
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <ProFormSelect
              name="gradingSchemeId"
              label="默认定级方案"
              placeholder="使用内置的三个等级"
              options={gradingSchemes.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormDigit
              name="quotaPerUnit"
              label="每个单位推荐名额"
              min={0}
              max={100000}
              fieldProps={{ precision: 0, suffix: '个' }}
              extra="单位推荐环节，0 为不限"
            />
          </Col>
          <Col xs={12} md={8}>
            <ProFormRadio.Group
              name="approvalLevels"
              label="审批层级"
              options={[1, 2, 3].map((n) => ({ value: n, label: `${n}级` }))}
            />
          </Col>
        </Row>
        <Divider orientation="left" plain>
          评审分配
        </Divider>
        <ProFormSwitch
          name="categoryDomains"
          label="按专家分类匹配评审领域"
          extra={
            <>
              没有填写申报领域的申报，自动分配时优先分给其项目类别对应领域的专家（
              <InlineLink to={O.classificationExpert.path}>专家分类</InlineLink>）；本单位专家和声明回避的专家始终回避。
            </>
          }
        />
      </ProForm>
    </Card>
  );
}
