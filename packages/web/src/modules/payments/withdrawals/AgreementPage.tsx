import { fenToYuan, PAYMENT_PAGES, type TPayAgreement, yuanToFen, ZPayAgreementInput } from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Skeleton, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { fieldLimits, fieldRules, formBody } from '../../../platform/resource';
import { timeText } from '../helpers';
import { OperatorOnlyNotice, usePayee } from '../payee';
import { agreementApi, withdrawKeys } from './api';
import { bpToPercent, feeExample, percentToBp } from './helpers';

const P = PAYMENT_PAGES.agreement;
const TEXT_MAX = fieldLimits(ZPayAgreementInput, 'text').maxLength ?? 5000;

interface Values {
  feeRate?: string;
  minFee?: string;
  minWithdraw?: string;
  text?: string;
}

/**
 * A figure typed as text (a percentage or yuan, at most two decimals), read as an integer (basis
 * points or fen) and then checked by the contract's own schema for that key.
 */
function hundredthsRule(key: 'feeRateBp' | 'minFeeFen' | 'minWithdrawFen', missing: string, bad: string): Rule[] {
  const schema = ZPayAgreementInput.shape[key];
  return [
    { required: true, whitespace: true, message: missing },
    {
      validator: async (_rule, value: string | undefined) => {
        if (!value?.trim()) return;
        const n = key === 'feeRateBp' ? percentToBp(value) : yuanToFen(value);
        if (n === null) throw new Error(bad);
        const checked = schema.safeParse(n);
        if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? bad);
      },
    },
  ];
}

/** The form's values as the contract's body: the percentage in basis points, yuan in fen. */
export function agreementBody(v: Values): Record<string, unknown> {
  return {
    feeRateBp: percentToBp(v.feeRate) ?? undefined,
    minFeeFen: yuanToFen(v.minFee ?? '') ?? undefined,
    minWithdrawFen: yuanToFen(v.minWithdraw ?? '') ?? undefined,
    text: v.text ?? '',
  };
}

function AgreementForm({ agreement: a }: { agreement: TPayAgreement }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // The agreement is the tenant's, for every payee: its operators change it.
  const isOperator = usePayee()?.operator === true;
  const editable = can(P.edit) && isOperator;
  const feeRate = Form.useWatch('feeRate', form) as string | undefined;
  const minFee = Form.useWatch('minFee', form) as string | undefined;
  const bp = percentToBp(feeRate);
  const minFeeFen = yuanToFen(minFee ?? '');
  const example =
    bp !== null && minFeeFen !== null && bp <= 1000 ? feeExample({ feeRateBp: bp, minFeeFen }) : '请填写正确的费率';

  const save = async (values: Values) => {
    const parsed = formBody(ZPayAgreementInput, agreementBody(values));
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      await agreementApi.save(parsed.body);
      void feedback.message.success('保存成功，协议已更新为新版本');
      void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
    } catch {
      // The request client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={!editable}
      style={{ maxWidth: 720 }}
      onFinish={(values) => void save(values)}
      initialValues={{
        feeRate: bpToPercent(a.feeRateBp),
        minFee: fenToYuan(a.minFeeFen),
        minWithdraw: fenToYuan(a.minWithdrawFen),
        text: a.text,
      }}
    >
      <Form.Item
        name="feeRate"
        label="服务费率"
        extra="按提现金额收取，最多两位小数，不超过10%"
        rules={hundredthsRule('feeRateBp', '请输入服务费率', '请输入正确的费率，最多两位小数')}
      >
        <Input suffix="%" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item
        name="minFee"
        label="单笔最低服务费（元）"
        extra="按费率算出的服务费低于此金额时，按此金额收取"
        rules={hundredthsRule('minFeeFen', '请输入单笔最低服务费', '请输入正确的金额，最多两位小数')}
      >
        <Input prefix="¥" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item
        name="minWithdraw"
        label="单笔最低提现金额（元）"
        rules={hundredthsRule('minWithdrawFen', '请输入单笔最低提现金额', '请输入正确的金额，最多两位小数')}
      >
        <Input prefix="¥" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
      </Form.Item>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        message={<span aria-live="polite">示例：{example}</span>}
      />
      <Form.Item
        name="text"
        label="协议内容"
        extra="纯文本，申请提现时展示给申请方；保存后协议版本加一，申请方须重新同意"
        rules={fieldRules(ZPayAgreementInput, 'text')}
      >
        <Input.TextArea rows={12} maxLength={TEXT_MAX} showCount placeholder="收款协议的正文" />
      </Form.Item>
      {editable && (
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/**
 * /payAgent (收款协议): the service fee on withdrawals — 服务费率 (a percentage with two decimals,
 * sent as basis points), 单笔最低服务费, 单笔最低提现金额 — with a worked example, and the agreement's
 * text (plain text) that applicants agree to; its version and who changed it last.
 */
export default function AgreementPage() {
  const agreement = useQuery({ queryKey: withdrawKeys.agreement(), queryFn: agreementApi.get });
  const a = agreement.data;
  const payee = usePayee();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {payee && !payee.operator && <OperatorOnlyNotice what="收款协议" />}
      {agreement.isError && <Alert type="error" showIcon message={agreement.error.message} />}
      <Card size="small" title={P.name}>
        {!a ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              style={{ marginBottom: 16 }}
              items={[
                {
                  key: 'version',
                  label: '当前版本',
                  children: a.version > 0 ? `第 ${a.version} 版` : '未设置（默认）',
                },
                { key: 'by', label: '更新人', children: a.updatedBy || '—' },
                { key: 'at', label: '更新时间', children: timeText(a.updatedAt) },
              ]}
            />
            {/* Keyed by version: a saved change starts the form again from what the server keeps. */}
            <AgreementForm key={a.version} agreement={a} />
          </>
        )}
      </Card>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        服务费按申请提现时的协议计算，在申请时从提现金额中扣除。
      </Typography.Text>
    </Space>
  );
}
