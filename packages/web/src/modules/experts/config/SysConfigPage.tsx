import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { EXPERT_PAGES, type TExpertFormConfig } from '@shetuan/shared/experts';
import { FIELD_TYPE_NAMES, type FieldType } from '@shetuan/shared/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { callKeys, callsApi } from '../calls/api';
import { ExpertQuestions } from '../selection/ExpertQuestions';

const P = EXPERT_PAGES.config;
/** The forms module's designer, where the form's questions are made. */
const designerOf = (key: string) => `/project/form/editor?key=${encodeURIComponent(key)}`;

const INTRO =
  '在专家信息之外增加本机构自己的题目（如身份证号、研究方向、代表性成果）。题目在表单设计器中设计，发布后生效：' +
  '专家申请入库和修改信息时填写，审核时可对比修改前后，专家管理导出时一并导出。姓名、性别、手机、工作单位由专家信息填写，不重复询问。';

/**
 * /expert-sys-config (专家信息配置): the tenant's own questions of the expert form. Made once
 * (创建专家信息表), designed and published in the forms module's designer; another administrator
 * takes it over (接管) to design it; 停用 stops asking (answers given stay with the profiles).
 * The preview is what an applicant fills below the profile's fields.
 */
export default function SysConfigPage() {
  const config = useQuery({ queryKey: callKeys.formConfig(), queryFn: callsApi.formConfig });
  if (config.isError) return <Result status="warning" title={config.error.message} />;
  if (!config.data)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  return <SysConfig config={config.data} />;
}

function SysConfig({ config }: { config: TExpertFormConfig }) {
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const editable = can(P.edit);
  const run = async (what: string, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: callKeys.formConfig() });
    } catch {
      // The request client showed the server's message.
    } finally {
      setBusy(null);
    }
  };

  if (!config.formKey)
    return (
      <Card title="专家信息配置">
        <Typography.Paragraph>{INTRO}</Typography.Paragraph>
        {config.answered > 0 && (
          <Typography.Paragraph type="secondary">
            已有 {config.answered} 名专家填写过本机构以前的题目，其答案仍保留在专家信息中。
          </Typography.Paragraph>
        )}
        {editable ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={busy === 'create'}
            onClick={() =>
              void run('create', async () => {
                const { key } = await callsApi.createForm();
                void feedback.message.success('已创建专家信息表，请设计题目并发布');
                void navigate(designerOf(key));
              })
            }
          >
            创建专家信息表
          </Button>
        ) : (
          <Alert type="info" showIcon message="本机构还没有自己的专家信息题目" />
        )}
      </Card>
    );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="专家信息配置"
        extra={
          editable && (
            <Space wrap>
              {config.mine ? (
                <Button
                  type="primary"
                  icon={<EditOutlined />}
                  onClick={() => void navigate(designerOf(config.formKey as string))}
                >
                  设计表单
                </Button>
              ) : (
                <Popconfirm
                  title="接管专家信息表？"
                  description="复制为您维护的表单，以当前发布的版本继续使用，之后由您设计和发布。"
                  okText="接管"
                  cancelText="取消"
                  onConfirm={() =>
                    run('take', async () => {
                      await callsApi.takeOverForm();
                      void feedback.message.success('已接管专家信息表');
                    })
                  }
                >
                  <Button type="primary" loading={busy === 'take'}>
                    接管并设计
                  </Button>
                </Popconfirm>
              )}
              <Popconfirm
                title="停用专家信息表？"
                description="停用后申请和修改不再填写这些题目；已填写的内容保留在专家信息中。"
                okText="停用"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  run('stop', async () => {
                    await callsApi.stopForm();
                    void feedback.message.success('已停用专家信息表');
                  })
                }
              >
                <Button danger loading={busy === 'stop'}>
                  停用
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        <Typography.Paragraph type="secondary">{INTRO}</Typography.Paragraph>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 3, lg: 3, xl: 3, xxl: 3 }}>
          <Descriptions.Item label="状态">
            {config.version > 0 ? (
              <Tag color="success">已发布第 {config.version} 版</Tag>
            ) : (
              <Tag color="warning">尚未发布（发布后生效）</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="维护人">
            {config.ownerName || '—'}
            {config.mine && '（本人）'}
          </Descriptions.Item>
          <Descriptions.Item label="已填写的专家">{config.answered} 人</Descriptions.Item>
        </Descriptions>
        {!config.mine && editable && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            message="表单设计器中的表单归创建人所有：由维护人设计，或接管后由您设计。"
          />
        )}
      </Card>
      <Card title="本机构的题目">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={config.questions}
          locale={{ emptyText: config.version > 0 ? '没有本机构的题目' : '发布后显示题目' }}
          columns={[
            { title: '题目', dataIndex: 'label' },
            { title: '题型', dataIndex: 'type', render: (t: string) => FIELD_TYPE_NAMES[t as FieldType] ?? t },
            { title: '必填', dataIndex: 'required', render: (r: boolean) => (r ? '是' : '否') },
          ]}
        />
      </Card>
      {config.published && (
        <Card title="预览（申请人在专家信息下方填写）">
          <ExpertQuestions form={config.published} submitText="检查填写" preview />
        </Card>
      )}
    </Space>
  );
}
