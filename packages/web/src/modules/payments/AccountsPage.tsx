import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  PAY_KIND_NAMES,
  PAY_KINDS,
  PAYMENT_PAGES,
  type TPayKind,
  type TReceivingAccount,
  ZReceivingAccountInput,
} from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Grid, Input, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactElement, useMemo, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { DeleteAction } from '../../platform/components/DeleteAction';
import { FormSelect } from '../../platform/components/form-controls';
import { LinkButton } from '../../platform/components/LinkButton';
import { AddButton } from '../../platform/components/save';
import { fieldLimits, fieldRules, formBody } from '../../platform/resource';
import { EmptyState } from '../../platform/widgets/EmptyState';
import { accountsApi, paymentKeys } from './api';
import { ACCOUNT_FIELDS, ACCOUNT_SECRETS, type AccountField, accountBody, timeText } from './helpers';
import { CardLine } from './parts';
import { OperatorOnlyNotice, usePayee } from './payee';

const P = PAYMENT_PAGES.accounts;
const KIND_OPTIONS = PAY_KINDS.map((k) => ({ value: k, label: PAY_KIND_NAMES[k] }));
/** Kinds that talk to a provider: their keys are configured or not. */
const hasSecrets = (kind: TPayKind) => kind === 'wechat' || kind === 'alipay';
const dash = (text: string) => text || '—';

/** The label of a field; the keys are called differently by WeChat Pay and Alipay. */
function fieldLabel(field: AccountField, kind: TPayKind): string {
  switch (field) {
    case 'accountName':
      return '户名';
    case 'bankName':
      return '开户行';
    case 'accountNo':
      return '银行账号';
    case 'merchantId':
      return '商户号';
    case 'appId':
      return 'AppID';
    case 'serialNo':
      return '证书序列号';
    case 'privateKey':
      return kind === 'alipay' ? '应用私钥' : '商户私钥';
    case 'apiV3Key':
      return 'APIv3密钥';
    case 'platformPublicKey':
      return kind === 'alipay' ? '支付宝公钥' : '平台公钥';
    case 'platformSerial':
      return '平台证书序列号';
  }
}

/**
 * Required by the kind (the contract's superRefine, repeated here with its messages). A provider's
 * keys are required until they are stored (the server refuses an account without them); once
 * stored, an empty key keeps the stored one.
 */
function kindRequired(field: AccountField, kind: TPayKind, keysStored: boolean): Rule[] {
  const need: Partial<Record<AccountField, string>> =
    kind === 'transfer'
      ? { accountName: '请输入户名', bankName: '请输入开户行', accountNo: '请输入银行账号' }
      : kind === 'wechat'
        ? {
            appId: '请输入AppID',
            merchantId: '请输入商户号',
            ...(keysStored
              ? {}
              : {
                  serialNo: '请输入证书序列号',
                  privateKey: '请输入商户私钥',
                  apiV3Key: '请输入APIv3密钥',
                  platformPublicKey: '请输入平台公钥',
                  platformSerial: '请输入平台证书序列号',
                }),
          }
        : kind === 'alipay'
          ? {
              appId: '请输入AppID',
              ...(keysStored ? {} : { privateKey: '请输入应用私钥', platformPublicKey: '请输入支付宝公钥' }),
            }
          : {};
  const message = need[field];
  return message ? [{ required: true, whitespace: true, message }] : [];
}

const PEM_FIELDS: readonly AccountField[] = ['privateKey', 'platformPublicKey'];

/** A field's control: PEM keys in a textarea, the APIv3 key as a password, the rest as text. */
function control(field: AccountField, placeholder: string): ReactElement {
  const max = fieldLimits(ZReceivingAccountInput, field).maxLength;
  if (PEM_FIELDS.includes(field))
    return (
      <Input.TextArea
        rows={4}
        placeholder={placeholder || '-----BEGIN …-----'}
        spellCheck={false}
        style={{ fontFamily: 'monospace' }}
      />
    );
  if (field === 'apiV3Key')
    return <Input.Password maxLength={32} autoComplete="new-password" placeholder={placeholder || '32位密钥'} />;
  return <Input maxLength={max} placeholder={placeholder || undefined} autoComplete="off" />;
}

/** The account being edited (id) or a new one (null). */
type Editing = { id: number | null } | null;

/**
 * 新增 / 编辑 a receiving account in a drawer. The fields follow the kind: a bank account for
 * 对公转账, the merchant's ids and keys for 微信支付 and 支付宝, nothing more for the development
 * provider. Keys are never shown back: on a change, empty keeps the stored one.
 */
function AccountDrawer({ id, onClose, onSaved }: { id: number | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const record = useQuery({
    queryKey: paymentKeys.account(id ?? 0),
    queryFn: () => accountsApi.get(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const kind = (Form.useWatch('kind', form) as TPayKind | undefined) ?? 'transfer';
  const loading = id !== null && !record.data;
  const secretsSet = id !== null && Boolean(record.data?.secretsSet);

  const save = async (values: Record<string, unknown>) => {
    const parsed = formBody(ZReceivingAccountInput, accountBody(values));
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      if (id === null) await accountsApi.create(parsed.body);
      else await accountsApi.update(id, parsed.body);
      void feedback.message.success(id === null ? '新增成功' : '保存成功');
      onSaved();
      onClose();
    } catch {
      // The request client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      title={id === null ? '新增收款账户' : '编辑收款账户'}
      width="min(560px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} disabled={loading} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {record.isError ? (
        <Alert type="warning" showIcon message={record.error.message} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => void save(values)}
          initialValues={
            record.data
              ? {
                  kind: record.data.kind,
                  name: record.data.name,
                  enabled: record.data.enabled,
                  accountName: record.data.accountName,
                  bankName: record.data.bankName,
                  accountNo: record.data.accountNo,
                  merchantId: record.data.merchantId,
                  appId: record.data.appId,
                }
              : { kind: 'transfer', enabled: true }
          }
        >
          {id === null ? (
            <Form.Item name="kind" label="收款方式" rules={fieldRules(ZReceivingAccountInput, 'kind')}>
              <FormSelect options={KIND_OPTIONS} placeholder="请选择收款方式" />
            </Form.Item>
          ) : (
            // A kind is kept for good: shown as text (a disabled select reads too faint), sent back as it was.
            <>
              <Form.Item name="kind" hidden>
                <Input />
              </Form.Item>
              <Form.Item label="收款方式" extra="收款方式创建后不能修改；如需更换请新增账户。">
                <Typography.Text strong>{PAY_KIND_NAMES[kind]}</Typography.Text>
              </Form.Item>
            </>
          )}
          <Form.Item name="name" label="账户名称" rules={fieldRules(ZReceivingAccountInput, 'name')}>
            <Input
              maxLength={fieldLimits(ZReceivingAccountInput, 'name').maxLength}
              placeholder="如：学会基本户、微信支付商户"
            />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked" extra="停用后付款人不能再选择此账户">
            <Switch checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
          {kind === 'dev' && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="模拟支付仅用于开发和测试：付款人在模拟收银台选择支付结果，不产生真实扣款。"
            />
          )}
          {ACCOUNT_FIELDS[kind].map((field) => {
            const secret = ACCOUNT_SECRETS.includes(field);
            const placeholder = secret && secretsSet ? '已配置，留空则不修改' : '';
            return (
              <Form.Item
                key={`${kind}-${field}`}
                name={field}
                label={fieldLabel(field, kind)}
                rules={[...kindRequired(field, kind, secretsSet), ...fieldRules(ZReceivingAccountInput, field)]}
              >
                {control(field, placeholder)}
              </Form.Item>
            );
          })}
        </Form>
      )}
    </Drawer>
  );
}

type Row = TReceivingAccount;

/**
 * /receivingBankAccount (收款账户): where the tenant's money goes — bank transfer, WeChat Pay,
 * Alipay and the development provider. Search, paging, 新增 / 编辑 in a drawer whose fields follow
 * the kind, 删除. Written with ProTable and a drawer: the resource kit has no contract for it and
 * cannot show fields by another field's value.
 */
export default function AccountsPage() {
  const payee = usePayee();
  if (!payee) return null;
  // The tenant's accounts collect for every payee (代收): an organisation's administrator is told so.
  if (!payee.operator) return <OperatorOnlyNotice what="收款账户" />;
  return <AccountsList />;
}

function AccountsList() {
  const can = useCan();
  const compact = !Grid.useBreakpoint().md;
  const table = useRef<ActionType | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);
  const reload = () => void table.current?.reload();

  const actions = (r: Row) => (
    <Space size={12}>
      {can(P.edit) && (
        <LinkButton aria-label={`编辑：${r.name}`} onClick={() => setEditing({ id: r.id })}>
          编辑
        </LinkButton>
      )}
      {can(P.delete) && (
        <DeleteAction title={`删除收款账户“${r.name}”？`} path={accountsApi.deletePath(r.id)} onDone={reload} />
      )}
    </Space>
  );
  const secrets = (r: Row) =>
    hasSecrets(r.kind) ? r.secretsSet ? <Tag color="success">已配置</Tag> : <Tag color="warning">未配置</Tag> : '—';
  const enabled = (r: Row) => (r.enabled ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>);
  const anyAction = can(P.edit) || can(P.delete);

  const columns: ProColumns<Row>[] = [
    { title: '账户名称', dataIndex: 'name', width: 150 },
    { title: '类型', dataIndex: 'kindName', width: 150, render: (_, r) => r.kindName || PAY_KIND_NAMES[r.kind] },
    { title: '启用', dataIndex: 'enabled', width: 70, render: (_, r) => enabled(r) },
    {
      title: '户名 / 开户行 / 账号',
      dataIndex: 'accountNo',
      width: 240,
      render: (_, r) =>
        r.kind === 'transfer' ? (
          <div style={{ overflowWrap: 'anywhere' }}>
            <div>{dash(r.accountName)}</div>
            <div>{dash(r.bankName)}</div>
            <div>{dash(r.accountNo)}</div>
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '商户号 / AppID',
      dataIndex: 'appId',
      width: 190,
      render: (_, r) =>
        hasSecrets(r.kind) ? (
          <div style={{ overflowWrap: 'anywhere' }}>
            {r.merchantId && <div>商户号：{r.merchantId}</div>}
            <div>AppID：{dash(r.appId)}</div>
          </div>
        ) : (
          '—'
        ),
    },
    { title: '密钥', dataIndex: 'secretsSet', width: 80, render: (_, r) => secrets(r) },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (_, r) => timeText(r.updatedAt) },
    ...(anyAction
      ? [
          {
            title: '操作',
            key: 'option',
            valueType: 'option' as const,
            width: 100,
            render: (_: unknown, r: Row) => actions(r),
          },
        ]
      : []),
  ];
  // Phones: one column that reads like a card.
  const phoneColumns: ProColumns<Row>[] = [
    {
      title: '收款账户',
      dataIndex: 'name',
      render: (_, r) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <strong style={{ overflowWrap: 'anywhere' }}>{r.name}</strong>
            {enabled(r)}
          </Space>
          <CardLine label="类型">{r.kindName || PAY_KIND_NAMES[r.kind]}</CardLine>
          {r.kind === 'transfer' && (
            <>
              <CardLine label="户名">{dash(r.accountName)}</CardLine>
              <CardLine label="开户行">{dash(r.bankName)}</CardLine>
              <CardLine label="账号">{dash(r.accountNo)}</CardLine>
            </>
          )}
          {hasSecrets(r.kind) && (
            <>
              {r.merchantId && <CardLine label="商户号">{r.merchantId}</CardLine>}
              <CardLine label="AppID">{dash(r.appId)}</CardLine>
              <CardLine label="密钥">{secrets(r)}</CardLine>
            </>
          )}
          <CardLine label="更新时间">{timeText(r.updatedAt)}</CardLine>
          {anyAction && actions(r)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Row>
        columnEmptyText="—"
        headerTitle={P.name}
        rowKey="id"
        actionRef={table}
        columns={compact ? phoneColumns : columns}
        params={params}
        search={false}
        locale={{ emptyText: <EmptyState description={keyword ? '没有找到符合条件的收款账户' : '暂无收款账户'} /> }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showQuickJumper: true }}
        request={async ({ current, pageSize }) => {
          const page = await accountsApi.list({ ...params, current, pageSize });
          return { data: page.records, total: page.total, success: true };
        }}
        toolbar={{
          search: {
            placeholder: '账户名称、户名或账号',
            'aria-label': '搜索账户名称、户名或账号',
            allowClear: true,
            style: { width: 240, maxWidth: '100%' },
            onSearch: (value: string) => setKeyword(value.trim()),
          },
        }}
        options={{ density: !compact, fullScreen: !compact, reload: true, setting: !compact }}
        toolBarRender={() =>
          can(P.add)
            ? [
                <AddButton key="add" onClick={() => setEditing({ id: null })}>
                  新增
                </AddButton>,
              ]
            : []
        }
      />
      {/* Mounted per opening: each 新增 or 编辑 starts from a fresh form. */}
      {editing && (
        <AccountDrawer key={editing.id ?? 'new'} id={editing.id} onClose={() => setEditing(null)} onSaved={reload} />
      )}
    </>
  );
}
