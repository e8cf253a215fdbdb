import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { maskAccountNo, PAYMENT_PAGES, type TBankCard, ZBankCardInput } from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { DeleteAction } from '../../../platform/components/DeleteAction';
import { LinkButton } from '../../../platform/components/LinkButton';
import { AddButton } from '../../../platform/components/save';
import { fieldLimits, fieldRules, formBody } from '../../../platform/resource';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { timeText } from '../helpers';
import { CardLine, useIsPhone } from '../parts';
import { bankCardsApi, withdrawKeys } from './api';
import { groupedAccountNo, sortCards } from './helpers';

const P = PAYMENT_PAGES.bankCards;
/** The server keeps at most this many cards of a payee. */
export const MAX_CARDS = 20;
const limit = (key: string) => fieldLimits(ZBankCardInput, key).maxLength;

/** A card matches the keyword by its holder, bank, branch or any digits of its number. */
export function cardMatches(card: TBankCard, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  const digits = k.replace(/\s+/g, '');
  return (
    [card.accountName, card.bankName, card.branch].some((t) => t.toLowerCase().includes(k)) ||
    (/^\d+$/.test(digits) && card.accountNo.includes(digits))
  );
}

interface CardValues {
  accountName?: string;
  bankName?: string;
  branch?: string;
  accountNo?: string;
  isDefault?: boolean;
}

/**
 * 新增 / 编辑 a bank card in a drawer: 开户名, 开户银行, 开户支行, the whole account number (only
 * here; the list shows its last four digits) and 设为默认. Rules from the contract.
 */
function CardDrawer({
  card,
  first,
  onClose,
  onSaved,
}: {
  card: TBankCard | null;
  first: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<CardValues>();
  const [saving, setSaving] = useState(false);
  const save = async (values: CardValues) => {
    const parsed = formBody(ZBankCardInput, { ...values, isDefault: Boolean(values.isDefault) });
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      if (card === null) await bankCardsApi.create(parsed.body);
      else await bankCardsApi.update(card.id, parsed.body);
      void feedback.message.success(card === null ? '新增成功' : '保存成功');
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
      title={card === null ? '新增银行卡' : '编辑银行卡'}
      width="min(520px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        提现将打款到此账户，请确认开户名与收款方名称一致、账号准确无误。
      </Typography.Paragraph>
      <Form<CardValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => void save(values)}
        initialValues={
          card
            ? {
                accountName: card.accountName,
                bankName: card.bankName,
                branch: card.branch,
                accountNo: groupedAccountNo(card.accountNo),
                isDefault: card.isDefault,
              }
            : { isDefault: first }
        }
      >
        <Form.Item name="accountName" label="开户名" rules={fieldRules(ZBankCardInput, 'accountName')}>
          <Input maxLength={limit('accountName')} placeholder="单位全称或持卡人姓名" autoComplete="off" />
        </Form.Item>
        <Form.Item name="bankName" label="开户银行" rules={fieldRules(ZBankCardInput, 'bankName')}>
          <Input maxLength={limit('bankName')} placeholder="如：中国工商银行" autoComplete="off" />
        </Form.Item>
        <Form.Item name="branch" label="开户支行" rules={fieldRules(ZBankCardInput, 'branch')}>
          <Input maxLength={limit('branch')} placeholder="选填，如：示范市分行营业部" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label="银行账号"
          extra="8至32位数字，可带空格"
          rules={fieldRules(ZBankCardInput, 'accountNo')}
        >
          <Input maxLength={40} inputMode="numeric" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label="设为默认"
          valuePropName="checked"
          extra={card?.isDefault ? '默认卡不能取消；将其他卡设为默认即可更换' : '申请提现时默认选择这张卡'}
        >
          <Switch disabled={card?.isDefault === true} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** The card being edited, or a new one (card: null). */
type Editing = { card: TBankCard | null } | null;
type Row = TBankCard & Record<string, unknown>;

/**
 * /bankList (银行卡): the payee's bank cards that withdrawals go to — search, paging (at most 20
 * cards, so both in the page), 新增 / 编辑 in a drawer, 删除, 设为默认. The list shows each number's
 * last four digits; the whole number is in the edit drawer.
 */
export default function BankCardsPage() {
  const can = useCan();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const cards = useQuery({ queryKey: withdrawKeys.cards(), queryFn: bankCardsApi.list });
  const all = useMemo(() => sortCards(cards.data ?? []), [cards.data]);
  const shown = useMemo(() => all.filter((c) => cardMatches(c, keyword)) as Row[], [all, keyword]);
  const reload = () => void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
  const full = all.length >= MAX_CARDS;

  const makeDefault = async (c: TBankCard) => {
    try {
      await bankCardsApi.update(c.id, {
        accountName: c.accountName,
        bankName: c.bankName,
        branch: c.branch,
        accountNo: c.accountNo,
        isDefault: true,
      });
    } catch {
      // The request client showed the server's message.
      return;
    }
    void feedback.message.success('已设为默认银行卡');
    reload();
  };

  const actions = (c: TBankCard) => (
    <Space size={12} wrap>
      {can(P.edit) && (
        <LinkButton
          aria-label={`编辑：${c.bankName} ${maskAccountNo(c.accountNo)}`}
          onClick={() => setEditing({ card: c })}
        >
          编辑
        </LinkButton>
      )}
      {can(P.edit) && !c.isDefault && (
        <Popconfirm
          title="设为默认银行卡？"
          description="申请提现时将默认选择这张卡。"
          okText="设为默认"
          cancelText="取消"
          onConfirm={() => makeDefault(c)}
        >
          <LinkButton aria-label={`设为默认：${c.bankName} ${maskAccountNo(c.accountNo)}`}>设为默认</LinkButton>
        </Popconfirm>
      )}
      {can(P.delete) && (
        <DeleteAction
          title={`删除银行卡 ${c.bankName} ${maskAccountNo(c.accountNo)}？`}
          path={bankCardsApi.deletePath(c.id)}
          onDone={reload}
        />
      )}
    </Space>
  );
  const anyAction = can(P.edit) || can(P.delete);
  const defaultTag = (c: TBankCard) => (c.isDefault ? <Tag color="success">默认</Tag> : null);

  const columns: ProColumns<Row>[] = [
    {
      title: '开户名',
      dataIndex: 'accountName',
      width: 200,
      render: (_, c) => <span style={{ overflowWrap: 'anywhere' }}>{c.accountName}</span>,
    },
    {
      title: '开户银行',
      dataIndex: 'bankName',
      width: 220,
      render: (_, c) => (
        <div style={{ overflowWrap: 'anywhere' }}>
          <div>{c.bankName}</div>
          {c.branch && <Typography.Text type="secondary">{c.branch}</Typography.Text>}
        </div>
      ),
    },
    {
      title: '银行账号',
      dataIndex: 'accountNo',
      width: 170,
      render: (_, c) => (
        <Space size={8}>
          <span>{maskAccountNo(c.accountNo)}</span>
          {defaultTag(c)}
        </Space>
      ),
    },
    { title: '添加时间', dataIndex: 'createdAt', width: 150, render: (_, c) => timeText(c.createdAt) },
    ...(anyAction
      ? [
          {
            title: '操作',
            key: 'option',
            valueType: 'option' as const,
            width: 180,
            render: (_: unknown, c: Row) => actions(c),
          },
        ]
      : []),
  ];
  // Phones: one column that reads like a card.
  const phoneColumns: ProColumns<Row>[] = [
    {
      title: '银行卡',
      dataIndex: 'accountNo',
      render: (_, c) => (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          <Space size={8} wrap>
            <strong style={{ overflowWrap: 'anywhere' }}>{c.bankName}</strong>
            <span>{maskAccountNo(c.accountNo)}</span>
            {defaultTag(c)}
          </Space>
          <CardLine label="开户名">{c.accountName}</CardLine>
          {c.branch && <CardLine label="开户支行">{c.branch}</CardLine>}
          <CardLine label="添加时间">{timeText(c.createdAt)}</CardLine>
          {anyAction && actions(c)}
        </Space>
      ),
    },
  ];

  return (
    <>
      {cards.isError && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={cards.error.message} />}
      <ProTable<Row>
        columnEmptyText="—"
        headerTitle={P.name}
        rowKey="id"
        columns={phone ? phoneColumns : columns}
        dataSource={shown}
        loading={cards.isPending}
        search={false}
        locale={{
          emptyText: (
            <EmptyState description={keyword ? '没有找到符合条件的银行卡' : '暂无银行卡，请新增一张用于提现'} />
          ),
        }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: false }}
        toolbar={{
          search: {
            placeholder: '开户名、开户银行或账号',
            'aria-label': '搜索开户名、开户银行或账号',
            allowClear: true,
            style: { width: 240, maxWidth: '100%' },
            onSearch: (value: string) => setKeyword(value.trim()),
          },
        }}
        options={{ density: !phone, fullScreen: !phone, reload: () => void cards.refetch(), setting: !phone }}
        toolBarRender={() =>
          can(P.add)
            ? [
                <AddButton
                  key="add"
                  disabled={full || cards.isPending}
                  title={full ? `最多绑定${MAX_CARDS}张银行卡` : undefined}
                  onClick={() => setEditing({ card: null })}
                >
                  新增
                </AddButton>,
              ]
            : []
        }
      />
      {/* Mounted per opening: each 新增 or 编辑 starts from a fresh form. */}
      {editing && (
        <CardDrawer
          key={editing.card?.id ?? 'new'}
          card={editing.card}
          first={all.length === 0}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
    </>
  );
}
