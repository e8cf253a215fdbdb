import { maxTotal, scoreProblem, type TReviewInput, type TScoreItem, weightedTotal } from '@shetuan/shared/projects';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Statistic } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import type { ApiError } from '../../../app/request';
import { projectKeys, projectsApi, type TAssignmentDetail } from '../api';

interface Values {
  scores?: Record<string, number | null>;
  opinion?: 'agree' | 'disagree';
  comment?: string;
}

/** The scores typed so far, without the empty boxes. */
function typed(scores: Values['scores']): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(scores ?? {})) if (typeof v === 'number') out[k] = v;
  return out;
}

const itemLabel = (it: TScoreItem) => `${it.name}（0–${it.max}分${it.weight !== 1 ? `，权重${it.weight}` : ''}）`;

/**
 * The reviewer's form. Scoring: one box per item (0 to its maximum, one decimal), checked as the
 * server checks it, with the weighted total as it is typed. Approval: 同意 or 不同意, the reason
 * required to disagree. 提交评审 asks once more: a submitted review cannot be changed.
 */
export function ReviewForm({ detail, onDone }: { detail: TAssignmentDetail; onDone: () => void }) {
  // The confirmation renders here, in the screen's colours.
  const [modal, confirmHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const a = detail.assignment;
  const scores = Form.useWatch('scores', form);
  const opinion = Form.useWatch('opinion', form);
  const items = detail.items;
  const total = weightedTotal(items, typed(scores));

  const send = async (body: TReviewInput) => {
    setRefusal(null);
    try {
      await projectsApi.submitReview(a.id, body);
      void feedback.message.success('评审已提交');
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      onDone();
    } catch (err) {
      setRefusal((err as ApiError).message || '提交失败');
    }
  };

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: TReviewInput =
      a.mode === 'score'
        ? { scores: typed(v.scores), opinion: null, comment: (v.comment ?? '').trim() }
        : { scores: {}, opinion: v.opinion ?? null, comment: (v.comment ?? '').trim() };
    modal.confirm({
      title: '提交评审',
      content:
        a.mode === 'score'
          ? `总分 ${weightedTotal(items, body.scores)} 分。提交后不能修改，确定提交吗？`
          : `审批意见：${body.opinion === 'agree' ? '同意' : '不同意'}。提交后不能修改，确定提交吗？`,
      okText: '提交',
      cancelText: '再看看',
      onOk: () => send(body),
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ scores: detail.scores, opinion: detail.opinion ?? undefined, comment: detail.comment }}
    >
      {confirmHolder}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} role="alert" />}
      {a.mode === 'score' ? (
        <>
          {items.map((it) => (
            <Form.Item
              key={it.key}
              name={['scores', it.key]}
              label={itemLabel(it)}
              required
              rules={[
                {
                  validator: async (_, value: number | null | undefined) => {
                    const problem = scoreProblem([it], { [it.key]: value ?? undefined });
                    if (problem) throw new Error(problem);
                  },
                },
              ]}
            >
              <InputNumber
                style={{ width: '100%' }}
                step={0.5}
                placeholder={`0 到 ${it.max}`}
                inputMode="decimal"
                addonAfter="分"
              />
            </Form.Item>
          ))}
          <div style={{ background: '#f5f7fa', borderRadius: 6, padding: '8px 12px', marginBottom: 16 }}>
            <Statistic
              title="加权总分"
              value={total}
              precision={total % 1 === 0 ? 0 : 1}
              suffix={`/ ${maxTotal(items)}`}
              valueStyle={{ color: '#0b57d0' }}
            />
          </div>
          <Form.Item name="comment" label="评审意见" rules={[{ max: 2000, message: '评审意见最多2000个字' }]}>
            <Input.TextArea rows={5} maxLength={2000} showCount placeholder="选填：对申报的评价与建议" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="opinion" label="审批意见" rules={[{ required: true, message: '请选择同意或不同意' }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'agree', label: '同意' },
                { value: 'disagree', label: '不同意' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="comment"
            label={opinion === 'disagree' ? '不同意的理由' : '理由'}
            required={opinion === 'disagree'}
            dependencies={['opinion']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: string | undefined) => {
                  if (getFieldValue('opinion') === 'disagree' && !(value ?? '').trim())
                    throw new Error('请填写不同意的理由');
                },
              }),
              { max: 2000, message: '理由最多2000个字' },
            ]}
          >
            <Input.TextArea
              rows={5}
              maxLength={2000}
              showCount
              placeholder={opinion === 'disagree' ? '请填写不同意的理由' : '选填'}
            />
          </Form.Item>
        </>
      )}
      <Button type="primary" block size="large" onClick={() => void submit()}>
        提交评审
      </Button>
    </Form>
  );
}
