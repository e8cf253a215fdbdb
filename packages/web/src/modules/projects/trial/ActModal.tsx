import type { TActInput, TDeclaration } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import type { ApiError } from '../../../app/request';
import { projectKeys, projectsApi } from '../api';

export type TrialRow = TDeclaration & { quota: number; used: number };
export type TrialAction = TActInput['action'];

const WORDS: Record<TrialAction, { title: string; ok: string; done: string; hint: string }> = {
  pass: { title: '推荐', ok: '推荐', done: '已推荐', hint: '推荐后申报进入下一环节，占用本单位一个推荐名额。' },
  return: {
    title: '退回修改',
    ok: '退回',
    done: '已退回修改',
    hint: '申报将退回申报人修改，修改后重新提交到本单位。',
  },
  reject: { title: '不通过', ok: '不通过', done: '已设为不通过', hint: '不通过后申报结束，申报人不能再提交。' },
};

/** 推荐 / 退回修改 / 不通过 with the unit's 意见 (required to return or reject). */
export function ActModal({
  target,
  onClose,
  onDone,
}: {
  target: { row: TrialRow; action: TrialAction } | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ remark: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const words = target ? WORDS[target.action] : WORDS.pass;
  const needsRemark = target?.action !== 'pass';

  const act = async () => {
    if (!target) return;
    const { remark } = await form.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      await projectsApi.trialAct(target.row.id, { action: target.action, remark: (remark ?? '').trim() });
      void feedback.message.success(words.done);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      onDone?.();
      onClose();
    } catch (err) {
      setRefusal((err as ApiError).message || '操作失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={`${words.title}：${target?.row.title ?? ''}`}
      okText={words.ok}
      cancelText="取消"
      okButtonProps={{ danger: target?.action === 'reject', loading: busy }}
      onOk={() => void act().catch(() => undefined)}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setRefusal(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{words.hint}</Typography.Paragraph>
      {target && target.action === 'pass' && target.row.quota > 0 && (
        <Typography.Paragraph>
          本单位推荐名额：已用 {target.row.used} / 共 {target.row.quota} 个
        </Typography.Paragraph>
      )}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical">
        <Form.Item
          name="remark"
          label="意见"
          rules={[
            ...(needsRemark ? [{ required: true, whitespace: true, message: '退回或不通过时请填写意见' }] : []),
            { max: 500, message: '意见最多500个字' },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={needsRemark ? '请填写意见，申报人将看到' : '选填'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
