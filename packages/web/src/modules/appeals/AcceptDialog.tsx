import {
  ACCOUNT_ACTIONS,
  APPEAL_ACTIONS,
  type AppealAction,
  type TAppealRow,
  ZAppealAccept,
} from '@shetuan/shared/appeals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../app/feedback';
import { FormRadioGroup, FormSelect } from '../../platform/components/form-controls';
import { fieldRules } from '../../platform/resource/rules';
import { appealKeys, appealsApi } from './api';

interface Values {
  action: AppealAction;
  userId: number | null;
  remark: string;
}

const WHAT_HAPPENS: Record<AppealAction, string> = {
  change_phone: '所选账号的登录手机号将改为申诉时验证的手机号，其已登录的会话将下线。',
  unlock: '所选账号的密码错误锁定将解除。',
  other: '仅记录处理说明（如已线下核实并协助处理）。',
};

/** 受理: the action taken (on an account of the tenant, found by the appeal's name and phone, or searched). */
export function AcceptDialog({
  appeal,
  onClose,
  onDone,
}: {
  appeal: TAppealRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const action = Form.useWatch('action', form) ?? 'change_phone';
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const id = appeal?.id ?? 0;
  const accounts = useQuery({
    queryKey: appealKeys.accounts(id, keyword),
    queryFn: () => appealsApi.accounts(id, keyword),
    enabled: appeal !== null && ACCOUNT_ACTIONS.includes(action),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (appeal) setKeyword('');
  }, [appeal]);

  return (
    <Modal
      open={appeal !== null}
      title={appeal ? `受理申诉：${appeal.number}` : '受理申诉'}
      okText="受理"
      cancelText="取消"
      okButtonProps={{ loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {appeal && (
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ action: 'change_phone', userId: null, remark: '' }}
          onFinish={async (values) => {
            setSaving(true);
            try {
              await appealsApi.accept(appeal.id, {
                action: values.action,
                userId: ACCOUNT_ACTIONS.includes(values.action) ? values.userId : null,
                remark: values.remark ?? '',
              });
              void feedback.message.success('已受理，已短信告知申诉人');
              onClose();
              onDone();
            } catch {
              // The request client showed the server's message; the dialog stays.
            } finally {
              setSaving(false);
            }
          }}
        >
          <Form.Item name="action" label="处理方式" rules={fieldRules(ZAppealAccept, 'action')}>
            <FormRadioGroup options={Object.entries(APPEAL_ACTIONS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={WHAT_HAPPENS[action]} />
          {ACCOUNT_ACTIONS.includes(action) && (
            <Form.Item
              name="userId"
              label="处理的账号"
              extra="默认列出姓名或手机号与申诉一致的账号，也可按姓名、手机号搜索"
              rules={[{ required: true, message: '请选择要处理的账号' }]}
            >
              <FormSelect
                showSearch
                allowClear
                filterOption={false}
                placeholder="选择账号"
                loading={accounts.isFetching}
                notFoundContent={accounts.isFetching ? '加载中…' : '未找到账号'}
                onSearch={(v) => setKeyword(v.trim())}
                options={(accounts.data ?? []).map((p) => ({
                  value: p.userId,
                  label: (
                    <Space size={4} wrap>
                      <span>
                        {p.name}（{p.mobile || '无手机号'}）{p.identities && ` ${p.identities}`}
                      </span>
                      {p.matches && <Tag color="blue">与申诉一致</Tag>}
                      {p.locked && <Tag color="red">已锁定</Tag>}
                    </Space>
                  ),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item
            name="remark"
            label="处理说明"
            extra="申诉人将在短信和申诉查询中看到"
            rules={action === 'other' ? [{ required: true, whitespace: true, message: '请填写处理说明' }] : []}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填；选择“其他处理”时必填" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
