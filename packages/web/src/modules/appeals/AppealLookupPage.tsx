import { AppealStatus, type TAppealResult, ZAppealLookup } from '@shetuan/shared/appeals';
import { Alert, Button, Descriptions, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../app/request';
import { AuthShell } from '../../platform/auth/components/AuthShell';
import { fieldRules } from '../../platform/resource/rules';
import { appealsApi } from './api';

const STATUS_COLORS: Record<number, string> = {
  [AppealStatus.PENDING]: 'processing',
  [AppealStatus.ACCEPTED]: 'success',
  [AppealStatus.REFUSED]: 'error',
};

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** The appeal as its person reads it: state, and what was done or why it was refused. */
export function AppealResultView({ result }: { result: TAppealResult }) {
  return (
    <Descriptions column={1} size="small" bordered styles={{ label: { width: 96 } }}>
      <Descriptions.Item label="申诉编号">{result.number}</Descriptions.Item>
      <Descriptions.Item label="申诉人">{result.name}</Descriptions.Item>
      <Descriptions.Item label="遇到的问题">{result.categoryName}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{time(result.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={STATUS_COLORS[result.status]}>{result.statusName}</Tag>
      </Descriptions.Item>
      {result.handledAt && <Descriptions.Item label="处理时间">{time(result.handledAt)}</Descriptions.Item>}
      {result.actionName && <Descriptions.Item label="处理方式">{result.actionName}</Descriptions.Item>}
      {result.result && (
        <Descriptions.Item label={result.status === AppealStatus.REFUSED ? '驳回原因' : '处理结果'}>
          {result.result}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/**
 * /appealDetail (申诉查询): the person looks their appeal up by its number and the phone they
 * appealed with (no login: they cannot log in). Repeated wrong look-ups are stopped by the server.
 */
export default function AppealLookupPage() {
  const [search] = useSearchParams();
  const [form] = Form.useForm<{ number: string; phoneNumber: string }>();
  const [result, setResult] = useState<TAppealResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lookUp = async (values: { number: string; phoneNumber: string }) => {
    setBusy(true);
    setProblem(null);
    try {
      setResult(await appealsApi.lookup({ number: values.number.trim(), phoneNumber: values.phoneNumber.trim() }));
    } catch (err) {
      setResult(null);
      setProblem(err instanceof ApiError ? err.message : '查询失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title="申诉查询" width={560}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ number: search.get('number') ?? '', phoneNumber: '' }}
        onFinish={(values) => void lookUp(values)}
      >
        <Form.Item name="number" label="申诉编号" rules={fieldRules(ZAppealLookup, 'number')}>
          <Input maxLength={16} placeholder="如 SS20261125123456" />
        </Form.Item>
        <Form.Item name="phoneNumber" label="手机号" rules={fieldRules(ZAppealLookup, 'phoneNumber')}>
          <Input maxLength={14} placeholder="提交申诉时验证的手机号" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          查询
        </Button>
      </Form>
      {problem && <Alert type="error" showIcon style={{ marginTop: 16 }} message={problem} />}
      {result && (
        <div style={{ marginTop: 16 }}>
          <AppealResultView result={result} />
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/customerComplain">提交人工申诉</Link>
        <Link to="/login">返回登录</Link>
      </div>
    </AuthShell>
  );
}
