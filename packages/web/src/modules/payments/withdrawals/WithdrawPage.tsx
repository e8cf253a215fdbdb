import type { ActionType } from '@ant-design/pro-components';
import {
  fenToYuan,
  PAYMENT_PAGES,
  type TPayAgreement,
  type TWithdrawal,
  type TWithdrawInfo,
  WithdrawalStatus,
  ZWithdrawApply,
} from '@shetuan/shared/payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  Modal,
  Row,
  Skeleton,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { FormSelect } from '../../../platform/components/form-controls';
import { LinkButton } from '../../../platform/components/LinkButton';
import { fieldLimits, fieldRules, formBody } from '../../../platform/resource';
import { money } from '../helpers';
import { withdrawalsApi, withdrawKeys } from './api';
import { cardLabel, feeRuleText, sortCards, withdrawAmount } from './helpers';
import { CancelWithdrawal, WithdrawalDrawer } from './parts';
import { WithdrawalList } from './WithdrawalList';

const P = PAYMENT_PAGES.withdraw;
const REMARK_MAX = fieldLimits(ZWithdrawApply, 'remark').maxLength ?? 200;

/** The agreement's text, as text (never as HTML), with its fee rule and version. */
export function AgreementText({ agreement: a }: { agreement: TPayAgreement }) {
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Alert type="info" showIcon message={feeRuleText(a)} />
      {a.text ? (
        <div
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: '55vh',
            overflowY: 'auto',
            lineHeight: 1.8,
          }}
        >
          {a.text}
        </div>
      ) : (
        <Typography.Text type="secondary">收款方尚未填写协议正文。</Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        第 {a.version} 版{a.updatedAt ? `，更新于 ${a.updatedAt.slice(0, 10)}` : ''}
      </Typography.Text>
    </Space>
  );
}

interface ApplyValues {
  cardId?: number;
  amount?: string;
  agree?: boolean;
  remark?: string;
}

/**
 * The application: a card (or a link to bind one), the amount in yuan with its fee and what
 * reaches the card worked out as it is typed, the agreement to read and agree to, a remark.
 */
function ApplyForm({ info, onApplied }: { info: TWithdrawInfo; onApplied: () => void }) {
  const can = useCan();
  const [form] = Form.useForm<ApplyValues>();
  const [saving, setSaving] = useState(false);
  const [reading, setReading] = useState(false);
  const a = info.agreement;
  const cards = sortCards(info.cards);
  const amountText = Form.useWatch('amount', form) as string | undefined;
  const quote = withdrawAmount(amountText, info.availableFen, a);

  if (cards.length === 0)
    return (
      <Alert
        type="warning"
        showIcon
        message="尚未绑定银行卡"
        description={
          can(PAYMENT_PAGES.bankCards.path) ? (
            <span>
              提现前请先 <Link to={PAYMENT_PAGES.bankCards.path}>绑定银行卡</Link>。
            </span>
          ) : (
            '提现前请联系管理员绑定银行卡。'
          )
        }
      />
    );

  const save = async (values: ApplyValues) => {
    const amount = withdrawAmount(values.amount, info.availableFen, a);
    if ('error' in amount) return;
    const parsed = formBody(ZWithdrawApply, {
      cardId: values.cardId,
      amountFen: amount.fen,
      agreementVersion: a.version,
      agree: values.agree === true,
      remark: values.remark,
    });
    if (!parsed.ok) {
      void feedback.message.error(parsed.message);
      return;
    }
    setSaving(true);
    try {
      const done = await withdrawalsApi.apply(parsed.body);
      void feedback.message.success(`提现申请已提交，提现单号 ${done.withdrawNo}`);
      form.setFieldsValue({ amount: '', remark: '', agree: false });
      onApplied();
    } catch {
      // The request client showed the server's message (the balance or the agreement may have changed).
      onApplied();
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form<ApplyValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(values) => void save(values)}
        initialValues={{ cardId: cards[0]?.id, amount: '', agree: false, remark: '' }}
      >
        <Form.Item name="cardId" label="收款银行卡" rules={fieldRules(ZWithdrawApply, 'cardId')}>
          <FormSelect
            placeholder="请选择银行卡"
            optionLabelProp="title"
            options={cards.map((c) => ({
              value: c.id,
              title: `${cardLabel(c)}${c.isDefault ? '（默认）' : ''}`,
              label: (
                <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                  <div>
                    {cardLabel(c)}
                    {c.isDefault ? '（默认）' : ''}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.accountName}
                    {c.branch ? ` · ${c.branch}` : ''}
                  </Typography.Text>
                </div>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          label="提现金额（元）"
          required
          extra={feeRuleText(a)}
          // The button beside the input is not the field: the label points at the input itself.
          htmlFor="withdraw-amount"
        >
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="amount"
              noStyle
              rules={[
                {
                  validator: async (_rule, value: string | undefined) => {
                    const parsed = withdrawAmount(value, info.availableFen, a);
                    if ('error' in parsed) throw new Error(parsed.error);
                  },
                },
              ]}
            >
              <Input
                id="withdraw-amount"
                prefix="¥"
                inputMode="decimal"
                autoComplete="off"
                placeholder={`最多 ${money(info.availableFen)}`}
              />
            </Form.Item>
            <Button
              disabled={info.availableFen <= 0}
              onClick={() => {
                form.setFieldValue('amount', fenToYuan(info.availableFen));
                void form.validateFields(['amount']).catch(() => undefined);
              }}
            >
              全部提现
            </Button>
          </Space.Compact>
        </Form.Item>
        <Descriptions
          size="small"
          column={2}
          style={{ marginTop: -8, marginBottom: 16 }}
          items={[
            { key: 'fee', label: '服务费', children: 'error' in quote ? '—' : money(quote.feeFen) },
            {
              key: 'net',
              label: '实际到账',
              children: 'error' in quote ? '—' : <Typography.Text strong>{money(quote.netFen)}</Typography.Text>,
            },
          ]}
        />
        <Form.Item name="remark" label="备注" rules={fieldRules(ZWithdrawApply, 'remark')}>
          <Input.TextArea rows={2} maxLength={REMARK_MAX} showCount placeholder="选填" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_rule, value: boolean | undefined) => {
                if (value !== true) throw new Error('请阅读并同意收款协议');
              },
            },
          ]}
        >
          <Checkbox>
            我已阅读并同意
            <LinkButton style={{ paddingInline: 0, height: 'auto' }} onClick={() => setReading(true)}>
              《收款协议》
            </LinkButton>
          </Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving} disabled={info.availableFen <= 0}>
            提交申请
          </Button>
        </Form.Item>
      </Form>
      <Modal
        open={reading}
        title="收款协议"
        onCancel={() => setReading(false)}
        destroyOnHidden
        footer={
          <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Button onClick={() => setReading(false)}>关闭</Button>
            <Button
              type="primary"
              onClick={() => {
                form.setFields([{ name: 'agree', value: true, errors: [] }]);
                setReading(false);
              }}
            >
              我已阅读并同意
            </Button>
          </Space>
        }
      >
        <AgreementText agreement={a} />
      </Modal>
    </>
  );
}

/** A figure card: an amount and a line under it. */
function Figure({ title, fen, note }: { title: string; fen: number | undefined; note: string }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={fen === undefined ? '—' : money(fen)}
        loading={fen === undefined}
        valueStyle={{ fontSize: 22, overflowWrap: 'anywhere' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note}
      </Typography.Text>
    </Card>
  );
}

/**
 * /widhDrawal (申请提现): 可提现余额 and 提现中, the application (card, amount, the live fee and
 * 实际到账, the collection agreement to agree to), and 我的提现 below it — search, 状态, 申请日期,
 * paging, 导出, 撤销 while one waits. Read on phones as well (390 px).
 */
export default function WithdrawPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const table = useRef<ActionType | undefined>(undefined);
  const [viewing, setViewing] = useState<TWithdrawal | null>(null);
  const info = useQuery({ queryKey: withdrawKeys.info(), queryFn: withdrawalsApi.info });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['payments', 'wallet'] });
    void table.current?.reload();
  };
  const mayCancel = can(P.cancel);
  const cancelAction = (w: TWithdrawal) =>
    mayCancel && w.status === WithdrawalStatus.WAITING ? (
      <CancelWithdrawal
        w={w}
        onDone={() => {
          setViewing(null);
          reload();
        }}
      />
    ) : null;
  const i = info.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {info.isError && <Alert type="error" showIcon message={info.error.message} />}
      <Row gutter={[12, 12]}>
        <Col xs={12} md={8}>
          <Figure title="可提现余额" fen={i?.availableFen} note="当前可申请提现的金额" />
        </Col>
        <Col xs={12} md={8}>
          <Figure title="提现中" fen={i?.withdrawingFen} note="待审核的提现申请" />
        </Col>
      </Row>
      {can(P.apply) && (
        <Card size="small" title="申请提现">
          {i ? <ApplyForm info={i} onApplied={reload} /> : <Skeleton active paragraph={{ rows: 6 }} />}
        </Card>
      )}
      <div>
        <WithdrawalList scope="mine" title="我的提现" table={table} onOpen={setViewing} actions={cancelAction} />
      </div>
      {viewing && (
        <WithdrawalDrawer
          withdrawal={viewing}
          onClose={() => setViewing(null)}
          footer={
            cancelAction(viewing) ? (
              <Space style={{ justifyContent: 'flex-end', width: '100%' }}>{cancelAction(viewing)}</Space>
            ) : undefined
          }
        />
      )}
    </Space>
  );
}
