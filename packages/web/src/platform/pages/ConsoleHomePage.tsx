import { orgTypeName } from '@shetuan/shared';
import { Badge, Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMenu, useSessionInfo } from '../auth/api';
import { useServiceHealth } from '../status/api';
import { useTenant } from '../tenant';

const DATABASE_NAMES = { pglite: '内置数据库（PGlite）', postgres: 'PostgreSQL' } as const;

/** The console home: who is logged in, as whom, in which organisation, and the service state. */
export default function ConsoleHomePage() {
  const domainTenant = useTenant();
  const info = useSessionInfo();
  // The tenant the session works in (a chosen society, or the one acted as), else the domain's.
  const tenant = info.data ?? domainTenant;
  const menu = useMenu();
  const health = useServiceHealth();
  const entries = (menu.data?.menuResult ?? []).reduce((n, g) => n + Math.max(1, g.children.length), 0);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {info.data ? `您好，${info.data.name}` : '您好'}
          </Typography.Title>
          <Typography.Text type="secondary">
            欢迎使用{tenant.companyName}管理后台
            {info.data?.identity
              ? `，当前身份：${info.data.identity.identityName}（${info.data.identity.companyName}）`
              : ''}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="机构信息">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="机构名称">{tenant.companyName}</Descriptions.Item>
            <Descriptions.Item label="机构类型">{orgTypeName(tenant.companyType)}</Descriptions.Item>
            <Descriptions.Item label="可用功能">{entries} 项</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="服务状态">
          {health.isPending && <Badge status="processing" text="正在检查…" />}
          {health.isError && <Badge status="error" text={`服务异常：${health.error.message}`} />}
          {health.data && (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="接口服务">
                <Badge status="success" text="运行正常" />
              </Descriptions.Item>
              <Descriptions.Item label="数据库">{DATABASE_NAMES[health.data.database]}</Descriptions.Item>
              <Descriptions.Item label="服务器时间">
                {dayjs(health.data.serverTime).format('YYYY-MM-DD HH:mm:ss')}
              </Descriptions.Item>
            </Descriptions>
          )}
        </Card>
      </Col>
    </Row>
  );
}
