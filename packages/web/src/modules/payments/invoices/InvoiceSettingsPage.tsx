import {
  INVOICE_KIND_NAMES,
  INVOICE_KINDS,
  PAYMENT_PAGES,
  type TInvoiceKind,
  type TInvoiceSettings,
  ZInvoiceSettingsInput,
} from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Divider,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { fieldLimits, fieldRules, formBody } from '../../../platform/resource';
import { payeeApi, paymentKeys } from '../api';
import { timeText } from '../helpers';
import { usePayee } from '../payee';
import { invoiceKeys, invoiceSettingsApi } from './api';

const P = PAYMENT_PAGES.invoiceSettings;
const limit = (key: string) => fieldLimits(ZInvoiceSettingsInput, key).maxLength;
const KIND_OPTIONS = INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_NAMES[k] }));

interface Values {
  enabled: boolean;
  kinds: TInvoiceKind[];
  sellerName?: string;
  sellerTaxNo?: string;
  sellerAddressPhone?: string;
  sellerBank?: string;
  note?: string;
}

/** The form's values as the contract's body: the kinds as two switches. */
export function settingsBody(v: Values): Record<string, unknown> {
  return {
    enabled: v.enabled,
    normal: v.kinds.includes('normal'),
    special: v.kinds.includes('special'),
    sellerName: v.sellerName,
    sellerTaxNo: v.sellerTaxNo,
    sellerAddressPhone: v.sellerAddressPhone,
    sellerBank: v.sellerBank,
    note: v.note,
  };
}

/** The settings of one payee: the caller's own (payee undefined), or the one an operator chose. */
function SettingsForm({ settings: s, payee }: { settings: TInvoiceSettings; payee: number | undefined }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // Each payee keeps its own (a society its own seller); the server refuses another payee's.
  const editable = can(P.edit);
  const enabled = (Form.useWatch('enabled', form) as boolean | undefined) ?? s.enabled;

  const save = async (values: Values) => {
    const parsed = formBody(ZInvoiceSettingsInput, settingsBody(values));
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      await invoiceSettingsApi.save(parsed.body, payee);
      void feedback.message.success('保存成功');
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
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
        enabled: s.enabled,
        kinds: INVOICE_KINDS.filter((k) => s[k]),
        sellerName: s.sellerName,
        sellerTaxNo: s.sellerTaxNo,
        sellerAddressPhone: s.sellerAddressPhone,
        sellerBank: s.sellerBank,
        note: s.note,
      }}
    >
      <Form.Item
        name="enabled"
        label="接受开票申请"
        valuePropName="checked"
        extra={
          enabled ? '付款人可在“我的发票”中为已支付的订单申请开票' : '关闭后不再接受新的申请；已提交的申请仍可处理'
        }
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="kinds"
        label="可开具的发票类型"
        dependencies={['enabled']}
        rules={[
          {
            validator: async (_rule, value: TInvoiceKind[] | undefined) => {
              if (form.getFieldValue('enabled') && !value?.length) throw new Error('请至少选择一种发票类型');
            },
          },
        ]}
      >
        <Checkbox.Group options={KIND_OPTIONS} />
      </Form.Item>
      <Divider orientation="left" plain>
        销售方（开票方）
      </Divider>
      <Form.Item name="sellerName" label="销售方名称" rules={fieldRules(ZInvoiceSettingsInput, 'sellerName')}>
        <Input maxLength={limit('sellerName')} placeholder="如：示范市计算机学会" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="sellerTaxNo"
        label="纳税人识别号"
        normalize={(v: string | undefined) => (v ?? '').toUpperCase()}
        rules={fieldRules(ZInvoiceSettingsInput, 'sellerTaxNo')}
      >
        <Input maxLength={20} placeholder="统一社会信用代码，15至20位" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="sellerAddressPhone"
        label="地址、电话"
        rules={fieldRules(ZInvoiceSettingsInput, 'sellerAddressPhone')}
      >
        <Input maxLength={limit('sellerAddressPhone')} autoComplete="off" />
      </Form.Item>
      <Form.Item name="sellerBank" label="开户行及账号" rules={fieldRules(ZInvoiceSettingsInput, 'sellerBank')}>
        <Input maxLength={limit('sellerBank')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="note"
        label="开票说明"
        extra="展示在付款人的申请开票表单上，如开票周期、发票内容"
        rules={fieldRules(ZInvoiceSettingsInput, 'note')}
      >
        <Input.TextArea rows={4} maxLength={limit('note')} showCount placeholder="如：发票将在申请后5个工作日内开具" />
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
 * The operators' choice of whose settings they see (0 the tenant itself, the default; else an
 * organisation, searched by name on the server).
 */
function PayeeChoice({ value, onChange }: { value: number; onChange: (payee: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: paymentKeys.payees(keyword),
    queryFn: () => payeeApi.options(keyword),
    staleTime: 30_000,
  });
  return (
    <Space wrap>
      <label htmlFor="invoice-settings-payee">收款方</label>
      <Select
        id="invoice-settings-payee"
        showSearch
        filterOption={false}
        style={{ width: 'min(320px, 70vw)' }}
        loading={options.isFetching}
        options={options.data ?? []}
        value={value}
        onSearch={setKeyword}
        onChange={(v: number) => {
          setKeyword('');
          onChange(v);
        }}
      />
    </Space>
  );
}

/**
 * /receivingTicketKaipiaoConfig (开票设置): whether the payee takes invoice applications, which kinds
 * (普通发票, 专用发票), the seller as it will be printed, and the note payers read on the application
 * form. Each payee has its own: the tenant itself (its operators) and each organisation that receives
 * money (its administrator); applications for an order follow its payee's. The operators may choose
 * another payee of the tenant to see or set up its settings.
 */
export default function InvoiceSettingsPage() {
  const me = usePayee();
  // The operators' choice; undefined: the caller's own payee.
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const payee = me?.operator ? chosen : undefined;
  const settings = useQuery({
    queryKey: invoiceKeys.settings(payee),
    queryFn: () => invoiceSettingsApi.get(payee),
  });
  const s = settings.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {me?.operator && <PayeeChoice value={chosen ?? 0} onChange={(v) => setChosen(v === 0 ? undefined : v)} />}
      {settings.isError && <Alert type="error" showIcon message={settings.error.message} />}
      <Card size="small" title={s ? `${P.name}：${s.payeeName}` : P.name}>
        {!s ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              付款人为支付给{s.payeeName}的订单申请开票时，按此处的设置受理；开票管理中由{s.payeeName}
              按此处的销售方信息开具。
            </Typography.Paragraph>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'by', label: '更新人', children: s.updatedBy || '—' },
                { key: 'at', label: '更新时间', children: s.updatedAt ? timeText(s.updatedAt) : '未设置（默认）' },
              ]}
            />
            {/* Keyed by the payee and the time of the last change: a saved change starts again from the server's copy. */}
            <SettingsForm key={`${s.payeeOrgId ?? 0}-${s.updatedAt ?? 'default'}`} settings={s} payee={payee} />
          </>
        )}
      </Card>
    </Space>
  );
}
