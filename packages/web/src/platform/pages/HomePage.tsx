import { orgTypeName } from '@shetuan/shared';
import { Badge, Card, Descriptions, Flex, Layout, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useServiceHealth } from '../status/api';
import { consoleTitle, useTenant } from '../tenant';

const DATABASE_NAMES = { pglite: '内置数据库（PGlite）', postgres: 'PostgreSQL' } as const;
const CUSTOM_TYPE_NAMES: Record<number, string> = {
  0: '标准',
  14: '独立文件存储（14）',
  20: '菜单分组（20）',
  31: '隐藏问答库（31）',
  34: '会员资料完整性检查（34）',
};

/** The landing page of a tenant's console: who this console belongs to, and whether it is healthy. */
export default function HomePage() {
  const tenant = useTenant();
  const health = useServiceHealth();

  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fa' }}>
      <Layout.Header style={{ background: '#fff', display: 'flex', alignItems: 'center', gap: 12, paddingInline: 24 }}>
        <img src={tenant.icon} alt={tenant.companyName} width={32} height={32} style={{ borderRadius: 6 }} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {consoleTitle(tenant)}
        </Typography.Title>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 960, width: '100%', margin: '0 auto' }}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card>
            <Flex align="center" gap={20} wrap>
              <img src={tenant.icon} alt="" width={72} height={72} style={{ borderRadius: 12 }} />
              <div>
                <Typography.Title level={2} style={{ margin: 0 }}>
                  {tenant.companyName}
                </Typography.Title>
                <Typography.Text type="secondary">欢迎使用{consoleTitle(tenant)}</Typography.Text>
              </div>
            </Flex>
          </Card>
          <Card title="机构信息">
            <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
              <Descriptions.Item label="机构名称">{tenant.companyName}</Descriptions.Item>
              <Descriptions.Item label="机构类型">{orgTypeName(tenant.companyType)}</Descriptions.Item>
              <Descriptions.Item label="租户编号">{tenant.id}</Descriptions.Item>
              <Descriptions.Item label="定制类型">
                {CUSTOM_TYPE_NAMES[tenant.customType] ?? tenant.customType}
              </Descriptions.Item>
              <Descriptions.Item label="访问域名">{window.location.host}</Descriptions.Item>
              <Descriptions.Item label="移动端域名">{tenant.mobileDomain || '未配置'}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card title="服务状态">
            {health.isPending && <Badge status="processing" text="正在检查…" />}
            {health.isError && <Badge status="error" text={`服务异常：${health.error.message}`} />}
            {health.data && (
              <Descriptions column={{ xs: 1, sm: 2 }} size="small">
                <Descriptions.Item label="接口服务">
                  <Badge status="success" text="运行正常" />
                </Descriptions.Item>
                <Descriptions.Item label="数据库">{DATABASE_NAMES[health.data.database]}</Descriptions.Item>
                <Descriptions.Item label="服务器时间">
                  {dayjs(health.data.serverTime).format('YYYY-MM-DD HH:mm:ss')}
                </Descriptions.Item>
                <Descriptions.Item label="接口文档">
                  <Typography.Link href="/st365/docs" target="_blank">
                    /st365/docs
                  </Typography.Link>
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Space>
      </Layout.Content>
    </Layout>
  );
}
