import type { ProColumns } from '@ant-design/pro-components';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { Tag } from 'antd';
import { useCan } from '../auth/can';
import { ListPage } from '../components/ListPage';

type Row = Record<string, unknown>;
const METHOD_NAMES: Record<string, string> = {
  password: '密码',
  sms: '短信验证码',
  wechat: '微信扫码',
  activate: '账号激活',
};

/** /loginLog: every login attempt of the tenant. */
export function LoginLogPage() {
  const can = useCan();
  const columns: ProColumns<Row>[] = [
    { title: '时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    { title: '账号', dataIndex: 'login', width: 140 },
    {
      title: '方式',
      dataIndex: 'method',
      width: 110,
      render: (_, r) => METHOD_NAMES[String(r.method)] ?? String(r.method),
    },
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      render: (_, r) => (r.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: '原因', dataIndex: 'reason', width: 160 },
    { title: 'IP', dataIndex: 'ip', width: 140 },
    { title: '浏览器', dataIndex: 'userAgent', ellipsis: true },
  ];
  return (
    <ListPage
      title="登录日志"
      rowKey="id"
      path="/audit/login-logs"
      exportPath={can(PLATFORM_PAGES.loginLog.export) ? '/audit/login-logs/export' : undefined}
      searchPlaceholder="账号或 IP"
      columns={columns}
    />
  );
}

/** /logList: the changes made in the tenant, with the menu they came from. */
export function OperationLogPage() {
  const can = useCan();
  const columns: ProColumns<Row>[] = [
    { title: '时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    { title: '操作人', dataIndex: 'userName', width: 110 },
    { title: '方法', dataIndex: 'method', width: 80 },
    { title: '接口', dataIndex: 'path', ellipsis: true },
    { title: '来源菜单', dataIndex: 'menuUrl', width: 180 },
    {
      title: '结果',
      dataIndex: 'resultCode',
      width: 90,
      render: (_, r) =>
        r.resultCode === null || r.resultCode === 200 ? (
          <Tag color="success">成功</Tag>
        ) : (
          <Tag color="error">{String(r.resultCode)}</Tag>
        ),
    },
    { title: '耗时(ms)', dataIndex: 'durationMs', width: 100, align: 'right' },
    { title: 'IP', dataIndex: 'ip', width: 130 },
  ];
  return (
    <ListPage
      title="操作日志"
      rowKey="id"
      path="/audit/operation-logs"
      exportPath={can(PLATFORM_PAGES.operationLog.export) ? '/audit/operation-logs/export' : undefined}
      searchPlaceholder="操作人、接口或菜单"
      columns={columns}
    />
  );
}
