import { PlusOutlined } from '@ant-design/icons';
import type { ActionType } from '@ant-design/pro-components';
import {
  fenToYuan,
  INVOICE_KIND_NAMES,
  INVOICE_KINDS,
  INVOICE_TITLE_TYPE_NAMES,
  INVOICE_TITLE_TYPES,
  type TInvoice,
  type TInvoiceApplyRules,
  type TInvoiceableOrder,
  type TInvoiceKind,
  ZInvoiceApply,
} from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Radio, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { feedback } from '../../../app/feedback';
import { FormRadioGroup, FormSelect } from '../../../platform/components/form-controls';
import { fieldLimits, fieldRules, formBody } from '../../../platform/resource';
import { money } from '../helpers';
import { invoiceKeys, invoiceSettingsApi, invoicesApi } from './api';
import { type ApplyValues, allowedKinds, applyBody, invoiceAmount } from './helpers';
import { InvoiceList } from './InvoiceList';
import { InvoiceDrawer } from './parts';

const limit = (key: string) => fieldLimits(ZInvoiceApply, key).maxLength;

/** Why an order cannot be chosen now, or null when it can. */
function blocked(o: TInvoiceableOrder): string | null {
  if (o.pending) return '有待开票的申请';
  if (o.invoiceableFen <= 0) return '已无可开票金额';
  return null;
}

/**
 * 申请开票 in a drawer: one of the payer's paid orders (with what may still be invoiced, and its
 * payee), 个人 or 单位, the title, the taxpayer number (单位), 普通 or 专用发票 (单位 only, with the
 * address, phone and bank account), the e-mail the invoice goes to, the amount in yuan (the
 * invoiceable amount unless changed) and a remark. Only the kinds the chosen order's payee takes (its
 * 开票设置) are offered, with its 开票说明; a payee that takes none says so.
 */
function ApplyDrawer({ orderId, onClose, onSaved }: { orderId?: number; onClose: () => void; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApplyValues>();
  const [saving, setSaving] = useState(false);
  const orders = useQuery({
    queryKey: invoiceKeys.invoiceable(),
    queryFn: () => invoicesApi.invoiceableOrders(),
    staleTime: 0,
  });
  const chosenId = Form.useWatch('orderId', form) as number | undefined;
  // The rules of the chosen order's payee (the tenant's or one of its organisations').
  const rulesQuery = useQuery({
    queryKey: invoiceKeys.applyRules(chosenId ?? 0),
    queryFn: () => invoiceSettingsApi.applyRules(chosenId ?? 0),
    enabled: chosenId !== undefined,
    staleTime: 0,
  });
  const rules: TInvoiceApplyRules | undefined = chosenId === undefined ? undefined : rulesQuery.data;
  const titleType = (Form.useWatch('titleType', form) as ApplyValues['titleType'] | undefined) ?? 'personal';
  const invoiceType = (Form.useWatch('invoiceType', form) as ApplyValues['invoiceType'] | undefined) ?? 'normal';
  const list = orders.data ?? [];
  const chosen = list.find((o) => o.id === chosenId);
  const company = titleType === 'company';
  const special = company && invoiceType === 'special';
  const open = list.filter((o) => !blocked(o));
  const initial = list.find((o) => o.id === orderId && !blocked(o)) ?? (open.length === 1 ? open[0] : undefined);
  const kinds = allowedKinds(rules);
  const closed = rules?.enabled === false;
  const rulesLoading = chosenId !== undefined && !rules;
  // 专用发票 only: a person's title cannot have one.
  const companyOnly = kinds.length > 0 && !kinds.includes('normal');
  // Another order may have another payee: keep the kind and the title type to what it takes.
  useEffect(() => {
    const allowed = allowedKinds(rules);
    if (!rules || allowed.length === 0) return;
    const current = form.getFieldValue('invoiceType') as TInvoiceKind | undefined;
    if (!current || !allowed.includes(current)) form.setFieldValue('invoiceType', allowed[0]);
    if (!allowed.includes('normal')) form.setFieldValue('titleType', 'company');
  }, [rules, form]);
  const titleTypeOptions = INVOICE_TITLE_TYPES.map((t) => ({
    value: t,
    label: INVOICE_TITLE_TYPE_NAMES[t],
    disabled: t === 'personal' && companyOnly,
  }));

  const save = async (values: ApplyValues) => {
    const amount = invoiceAmount(values.amount, chosen?.invoiceableFen ?? 0);
    if ('error' in amount) return;
    const parsed = formBody(ZInvoiceApply, applyBody(values, amount.fen));
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      await invoicesApi.apply(parsed.body);
      void feedback.message.success('开票申请已提交');
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
      onSaved();
      onClose();
    } catch {
      // The request client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const requiredIf = (when: boolean, message: string) => (when ? [{ required: true, whitespace: true, message }] : []);

  return (
    <Drawer
      open
      title="申请开票"
      width="min(560px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!orders.data || open.length === 0 || closed || kinds.length === 0 || rulesLoading}
            onClick={() => form.submit()}
          >
            提交申请
          </Button>
        </Space>
      }
    >
      {orders.isError ? (
        <Alert type="warning" showIcon message={orders.error.message} />
      ) : !orders.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : open.length === 0 ? (
        <Alert
          type="info"
          showIcon
          message="暂无可申请开票的订单"
          description="已支付（含部分退款）且尚有可开票金额的订单才能申请开票；每个订单同时只能有一个待开票的申请。"
        />
      ) : (
        <Form<ApplyValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => void save(values)}
          initialValues={{
            orderId: initial?.id,
            titleType: companyOnly ? 'company' : 'personal',
            invoiceType: kinds[0] ?? 'normal',
            amount: initial ? fenToYuan(initial.invoiceableFen) : '',
          }}
        >
          <Form.Item name="orderId" label="订单" rules={fieldRules(ZInvoiceApply, 'orderId')}>
            <FormSelect
              placeholder="请选择要开票的订单"
              optionLabelProp="title"
              options={list.map((o) => {
                const why = blocked(o);
                return {
                  value: o.id,
                  title: o.title,
                  disabled: why !== null,
                  label: (
                    <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                      <div>{o.title}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {o.orderNo} · {o.payeeName} · {why ?? `可开票 ${money(o.invoiceableFen)}`}
                      </Typography.Text>
                    </div>
                  ),
                };
              })}
              onChange={(id: number) => {
                const o = list.find((x) => x.id === id);
                if (o) form.setFields([{ name: 'amount', value: fenToYuan(o.invoiceableFen), errors: [] }]);
              }}
            />
          </Form.Item>
          {chosen && (
            <Descriptions
              size="small"
              column={2}
              style={{ marginTop: -8, marginBottom: 16 }}
              items={[
                {
                  key: 'payee',
                  label: '收款方',
                  span: 2,
                  children: <span style={{ overflowWrap: 'anywhere' }}>{chosen.payeeName}</span>,
                },
                { key: 'amount', label: '订单金额', children: money(chosen.amountFen) },
                { key: 'refunded', label: '已退款', children: money(chosen.refundedFen) },
                { key: 'invoiced', label: '已申请', children: money(chosen.invoicedFen) },
                {
                  key: 'left',
                  label: '可开票',
                  children: <Typography.Text strong>{money(chosen.invoiceableFen)}</Typography.Text>,
                },
              ]}
            />
          )}
          {rulesQuery.isError && chosenId !== undefined && (
            <Alert type="warning" showIcon message={rulesQuery.error.message} style={{ marginBottom: 16 }} />
          )}
          {closed ? (
            <Alert
              type="info"
              showIcon
              message="暂不接受开票申请"
              description={
                rules?.note ? (
                  <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{rules.note}</span>
                ) : (
                  `${chosen?.payeeName ?? '该订单的收款方'}暂不受理开票申请，可选择其他订单。`
                )
              }
              style={{ marginBottom: 16 }}
            />
          ) : (
            rules?.note && (
              <Alert
                type="info"
                showIcon
                message="开票说明"
                description={<span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{rules.note}</span>}
                style={{ marginBottom: 16 }}
              />
            )
          )}
          {/* A payee that takes no applications: the order can be changed, nothing else is asked. */}
          <div hidden={closed}>
            <Form.Item name="titleType" label="抬头类型" rules={fieldRules(ZInvoiceApply, 'titleType')}>
              <FormRadioGroup
                optionType="button"
                buttonStyle="solid"
                options={titleTypeOptions}
                onChange={(e) => {
                  if (e.target.value === 'personal') form.setFieldValue('invoiceType', 'normal');
                }}
              />
            </Form.Item>
            <Form.Item name="title" label="发票抬头" rules={fieldRules(ZInvoiceApply, 'title')}>
              <Input maxLength={limit('title')} placeholder={company ? '单位全称' : '个人姓名'} autoComplete="off" />
            </Form.Item>
            {company && (
              <Form.Item
                name="taxNo"
                label="纳税人识别号"
                normalize={(v: string | undefined) => (v ?? '').toUpperCase()}
                rules={[...requiredIf(true, '请输入纳税人识别号'), ...fieldRules(ZInvoiceApply, 'taxNo')]}
              >
                <Input maxLength={20} placeholder="统一社会信用代码，15至20位" autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item
              name="invoiceType"
              label="发票类型"
              extra={
                kinds.length === 1
                  ? `仅开具${INVOICE_KIND_NAMES[kinds[0] ?? 'normal']}`
                  : company
                    ? '专用发票需填写注册地址、电话和开户行信息'
                    : '个人抬头只能开具普通发票'
              }
              rules={fieldRules(ZInvoiceApply, 'invoiceType')}
            >
              <FormRadioGroup optionType="button" buttonStyle="solid">
                {INVOICE_KINDS.filter((k) => kinds.includes(k)).map((k) => (
                  <Radio.Button key={k} value={k} disabled={k === 'special' && !company}>
                    {INVOICE_KIND_NAMES[k]}
                  </Radio.Button>
                ))}
              </FormRadioGroup>
            </Form.Item>
            {company && (
              <>
                <Form.Item
                  name="address"
                  label={special ? '注册地址' : '注册地址（选填）'}
                  rules={[...requiredIf(special, '请输入注册地址'), ...fieldRules(ZInvoiceApply, 'address')]}
                >
                  <Input maxLength={limit('address')} autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="phone"
                  label={special ? '注册电话' : '注册电话（选填）'}
                  rules={[...requiredIf(special, '请输入注册电话'), ...fieldRules(ZInvoiceApply, 'phone')]}
                >
                  <Input maxLength={30} inputMode="tel" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="bank"
                  label={special ? '开户银行' : '开户银行（选填）'}
                  rules={[...requiredIf(special, '请输入开户银行'), ...fieldRules(ZInvoiceApply, 'bank')]}
                >
                  <Input maxLength={limit('bank')} autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="bankAccount"
                  label={special ? '银行账号' : '银行账号（选填）'}
                  rules={[...requiredIf(special, '请输入银行账号'), ...fieldRules(ZInvoiceApply, 'bankAccount')]}
                >
                  <Input maxLength={40} inputMode="numeric" autoComplete="off" />
                </Form.Item>
              </>
            )}
            <Form.Item
              name="email"
              label="接收邮箱"
              extra="电子发票将发送到此邮箱"
              rules={fieldRules(ZInvoiceApply, 'email')}
            >
              <Input type="email" inputMode="email" maxLength={limit('email')} autoComplete="email" />
            </Form.Item>
            <Form.Item
              name="amount"
              label="开票金额（元）"
              required
              dependencies={['orderId']}
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (!chosen) return;
                    const parsed = invoiceAmount(value, chosen.invoiceableFen);
                    if ('error' in parsed) throw new Error(parsed.error);
                  },
                },
              ]}
            >
              <Input
                prefix="¥"
                suffix="元"
                inputMode="decimal"
                placeholder={chosen ? `最多 ${money(chosen.invoiceableFen)}` : '请先选择订单'}
              />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={fieldRules(ZInvoiceApply, 'remark')}>
              <Input.TextArea rows={3} maxLength={limit('remark')} showCount placeholder="选填" />
            </Form.Item>
          </div>
        </Form>
      )}
    </Drawer>
  );
}

/**
 * /receivingTicketFapiaoList (我的发票): the payer's invoice applications — search, 状态, paging,
 * 导出; 申请开票 for a paid order; 详情 (the rejection reason, the order's lines); 下载发票 once
 * issued. `?apply=<orderId>` opens the application for that order.
 */
export default function MyInvoicesPage() {
  const table = useRef<ActionType | undefined>(undefined);
  const [search, setSearch] = useSearchParams();
  const fromLink = Number(search.get('apply')) || undefined;
  const [applying, setApplying] = useState<{ orderId?: number } | null>(fromLink ? { orderId: fromLink } : null);
  const [viewing, setViewing] = useState<TInvoice | null>(null);
  const reload = () => void table.current?.reload();
  const closeApply = () => {
    setApplying(null);
    if (search.has('apply')) {
      search.delete('apply');
      setSearch(search, { replace: true });
    }
  };
  return (
    <>
      <InvoiceList
        scope="mine"
        table={table}
        onOpen={setViewing}
        toolbar={[
          <Button key="apply" type="primary" icon={<PlusOutlined />} onClick={() => setApplying({})}>
            申请开票
          </Button>,
        ]}
      />
      {/* Mounted per opening: each application starts from a fresh form and fresh amounts. */}
      {applying && <ApplyDrawer orderId={applying.orderId} onClose={closeApply} onSaved={reload} />}
      {viewing && <InvoiceDrawer scope="mine" id={viewing.id} onClose={() => setViewing(null)} />}
    </>
  );
}
