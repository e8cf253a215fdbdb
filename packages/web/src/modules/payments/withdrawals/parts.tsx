import {
  maskAccountNo,
  type TWithdrawal,
  WITHDRAWAL_STATUS_NAMES,
  WithdrawalStatus,
  ZWithdrawApprove,
  ZWithdrawReject,
} from '@shetuan/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Form, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { LinkButton } from '../../../platform/components/LinkButton';
import { ReasonDialog } from '../../../platform/components/ReasonDialog';
import { fieldLimits, fieldRules } from '../../../platform/resource';
import { money, timeText } from '../helpers';
import { useIsPhone } from '../parts';
import { withdrawalsApi, withdrawKeys } from './api';
import { groupedAccountNo, withdrawalTone } from './helpers';

const dash = (text: string | null | undefined) => text || '—';

/** A withdrawal's status as a tag. */
export function WithdrawalStatusTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={withdrawalTone(status)} style={{ marginInlineEnd: 0 }}>
      {name || WITHDRAWAL_STATUS_NAMES[status] || '未知'}
    </Tag>
  );
}

/** The card a withdrawal goes to: the bank and the last four digits (lists), or all of it (full). */
export function CardText({ w, full }: { w: Pick<TWithdrawal, 'bankName' | 'branch' | 'accountNo'>; full?: boolean }) {
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {full && w.branch ? `${w.bankName} ${w.branch}` : w.bankName}{' '}
      {full ? groupedAccountNo(w.accountNo) : maskAccountNo(w.accountNo)}
    </span>
  );
}

/**
 * A withdrawal in a drawer: amounts, the whole card (the operators pay to it), who applied and
 * when, the agreement's version agreed to, the bank's reference or the reason of a rejection.
 * `footer` is the page's own buttons (打款, 驳回, 撤销) while it waits.
 */
export function WithdrawalDrawer({
  withdrawal: w,
  onClose,
  footer,
}: {
  withdrawal: TWithdrawal;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const phone = useIsPhone();
  return (
    <Drawer open title="提现详情" width="min(640px, 100vw)" onClose={onClose} destroyOnHidden footer={footer}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {w.status === WithdrawalStatus.REJECTED && (
          <Alert
            type="error"
            showIcon
            message="提现已驳回，金额已退回余额"
            description={`驳回原因：${dash(w.reason)}`}
          />
        )}
        <Descriptions
          size="small"
          bordered={!phone}
          column={phone ? 1 : 2}
          title="提现信息"
          items={[
            {
              key: 'no',
              label: '提现单号',
              children: <span style={{ overflowWrap: 'anywhere' }}>{w.withdrawNo}</span>,
            },
            { key: 'status', label: '状态', children: <WithdrawalStatusTag status={w.status} name={w.statusName} /> },
            { key: 'amount', label: '提现金额', children: money(w.amountFen) },
            { key: 'fee', label: '服务费', children: money(w.feeFen) },
            {
              key: 'net',
              label: '实际到账',
              children: <Typography.Text strong>{money(w.netFen)}</Typography.Text>,
            },
            { key: 'payee', label: '收款方', children: dash(w.payeeName) },
            { key: 'remark', label: '备注', span: phone ? 1 : 2, children: dash(w.remark) },
            { key: 'by', label: '申请人', children: dash(w.appliedBy) },
            { key: 'at', label: '申请时间', children: timeText(w.appliedAt) },
            { key: 'version', label: '同意的协议版本', children: `第 ${w.agreementVersion} 版` },
          ]}
        />
        <Descriptions
          size="small"
          bordered={!phone}
          column={1}
          title="收款银行卡"
          items={[
            {
              key: 'name',
              label: '开户名',
              children: <span style={{ overflowWrap: 'anywhere' }}>{w.accountName}</span>,
            },
            { key: 'bank', label: '开户银行', children: dash(w.bankName) },
            { key: 'branch', label: '开户支行', children: dash(w.branch) },
            {
              key: 'no',
              label: '银行账号',
              children: (
                <Typography.Text copyable={{ text: w.accountNo, tooltips: ['复制', '已复制'] }}>
                  {groupedAccountNo(w.accountNo)}
                </Typography.Text>
              ),
            },
          ]}
        />
        {w.status !== WithdrawalStatus.WAITING && (
          <Descriptions
            size="small"
            bordered={!phone}
            column={phone ? 1 : 2}
            title="处理结果"
            items={[
              ...(w.status === WithdrawalStatus.PAID
                ? [
                    {
                      key: 'ref',
                      label: '打款流水号',
                      span: phone ? 1 : 2,
                      children: (
                        <Typography.Text
                          copyable={{ tooltips: ['复制', '已复制'] }}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {w.bankRef}
                        </Typography.Text>
                      ),
                    },
                  ]
                : []),
              {
                key: 'by',
                label: w.status === WithdrawalStatus.CANCELLED ? '撤销人' : '处理人',
                children: dash(w.handledBy),
              },
              { key: 'at', label: '处理时间', children: timeText(w.handledAt) },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}

/** 撤销: the applicant takes back a withdrawal that still waits; the amount returns to the balance. */
export function CancelWithdrawal({ w, onDone }: { w: TWithdrawal; onDone: () => void }) {
  const queryClient = useQueryClient();
  return (
    <Popconfirm
      title={`撤销提现 ${w.withdrawNo}？`}
      description={`${money(w.amountFen)} 将退回可提现余额。`}
      okText="撤销"
      cancelText="再想想"
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        try {
          await withdrawalsApi.cancel(w.id);
        } catch {
          // The request client showed the server's message.
          return;
        }
        void feedback.message.success('提现已撤销');
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
        void queryClient.invalidateQueries({ queryKey: ['payments', 'wallet'] });
        onDone();
      }}
    >
      <LinkButton danger aria-label={`撤销：${w.withdrawNo}`}>
        撤销
      </LinkButton>
    </Popconfirm>
  );
}

/** What the operators check before paying: the card and the amount to transfer. */
function PayoutSummary({ w }: { w: TWithdrawal }) {
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'no', label: '提现单号', children: w.withdrawNo },
        { key: 'name', label: '开户名', children: <span style={{ overflowWrap: 'anywhere' }}>{w.accountName}</span> },
        {
          key: 'bank',
          label: '开户行',
          children: (
            <span style={{ overflowWrap: 'anywhere' }}>
              {w.bankName}
              {w.branch ? ` ${w.branch}` : ''}
            </span>
          ),
        },
        { key: 'account', label: '银行账号', children: groupedAccountNo(w.accountNo) },
        {
          key: 'net',
          label: '应打款金额',
          children: <Typography.Text strong>{money(w.netFen)}</Typography.Text>,
        },
      ]}
    />
  );
}

const REF_MAX = fieldLimits(ZWithdrawApprove, 'bankRef').maxLength ?? 64;
const REASON_MAX = fieldLimits(ZWithdrawReject, 'reason').maxLength ?? 200;

/** 打款: the money was sent by the bank; the operator records the bank's reference. */
export function ApproveDialog({
  withdrawal: w,
  onClose,
  onDone,
}: {
  withdrawal: TWithdrawal | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ bankRef: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={w !== null}
      title="打款"
      okText="确认已打款"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {w && (
        <>
          <Typography.Paragraph type="secondary">
            请先通过银行向以下账户转账，再填写银行回单上的打款流水号。确认后提现即为已打款。
          </Typography.Paragraph>
          <PayoutSummary w={w} />
          <Form
            form={form}
            layout="vertical"
            preserve={false}
            initialValues={{ bankRef: '' }}
            onFinish={async ({ bankRef }) => {
              setSaving(true);
              try {
                await withdrawalsApi.approve(w.id, { bankRef: bankRef.trim() });
                void feedback.message.success('已确认打款');
                void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
                onDone();
                onClose();
              } catch {
                // The request client showed the server's message.
              } finally {
                setSaving(false);
              }
            }}
          >
            <Form.Item name="bankRef" label="打款流水号" rules={fieldRules(ZWithdrawApprove, 'bankRef')}>
              <Input maxLength={REF_MAX} placeholder="银行回单上的流水号" autoComplete="off" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

/** 驳回: with the reason the applicant sees; the amount returns to the balance. */
export function RejectDialog({
  withdrawal: w,
  onClose,
  onDone,
}: {
  withdrawal: TWithdrawal | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      open={w !== null}
      title="驳回提现"
      intro={w && `${w.withdrawNo}，${money(w.amountFen)}。驳回后金额退回申请方的可提现余额。`}
      extra="申请方将看到这条原因"
      placeholder="如：银行卡户名与学会名称不符"
      maxLength={REASON_MAX}
      rules={fieldRules(ZWithdrawReject, 'reason')}
      submit={async (reason) => {
        if (!w) return;
        await withdrawalsApi.reject(w.id, { reason });
        void feedback.message.success('已驳回');
        void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
        onDone();
      }}
      onClose={onClose}
    />
  );
}
