import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type TDrawDetail, ZDrawCreate, ZDrawSeed, ZDrawSlot } from '@shetuan/shared/experts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { RegionCascader } from '../../../platform/region/RegionCascader';
import { fieldRules } from '../../../platform/resource';
import { drawsApi, selectionKeys, type TDrawCreateBody } from './api';
import { ExpertSearchSelect } from './ExpertSearchSelect';
import { DomainSelect, OptionSelect, useIsPhone } from './parts';

interface SlotValues {
  domainId?: number | null;
  labelId?: number | null;
  regionCode?: string | null;
  count?: number | null;
  substitutes?: number | null;
}

interface Values {
  title: string;
  remark?: string;
  slots: SlotValues[];
  excludeUnitIds?: number[];
  excludeExperts?: { value: number; label: ReactNode }[];
  excludeRecentDays?: number | null;
  seed?: string;
}

const MAX_SLOTS = 10;
const NEW_SLOT: SlotValues = { count: 1, substitutes: 0 };

/** 8 random hexadecimal digits, as the server would pick. */
function randomSeed(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return (n ?? 0).toString(16).padStart(8, '0');
}

/** What the draw did, in the server's words (the request client answers the data, not the message). */
function drawnMessage(detail: TDrawDetail): string {
  const drawn = (slot: number) => detail.picks.filter((p) => p.slot === slot && !p.substitute).length;
  const short = detail.slots.filter((s) => drawn(s.index) < s.count);
  if (short.length === 0) return `已抽取 ${detail.picks.filter((p) => !p.substitute).length} 名专家，并已发送邀请`;
  return `已抽取并发送邀请；${short.map((s) => `第${s.index + 1}组仅有${drawn(s.index)}名符合条件的专家`).join('，')}`;
}

/**
 * /setSelectionExpert (专家遴选 › 新建遴选): the draw's conditions — groups of 专业领域, 标签 and
 * 地区 with how many to draw and how many substitutes, the units and experts to avoid, recently
 * invited experts left out, and the random seed that makes the draw reproducible. 开始抽取 draws
 * at once and invites the drawn experts; the result page follows.
 */
export default function DrawFormPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    const body: TDrawCreateBody = {
      title: values.title,
      remark: values.remark ?? '',
      slots: values.slots.map((s) => ({
        domainId: s.domainId ?? null,
        labelId: s.labelId ?? null,
        regionCode: s.regionCode || null,
        count: s.count ?? 0,
        substitutes: s.substitutes ?? 0,
      })),
      excludeUnitIds: values.excludeUnitIds ?? [],
      excludeExpertIds: (values.excludeExperts ?? []).map((e) => e.value),
      excludeRecentDays: values.excludeRecentDays ?? 0,
      seed: (values.seed ?? '').trim().toLowerCase(),
    };
    const checked = ZDrawCreate.safeParse(body);
    if (!checked.success) {
      void feedback.message.error(checked.error.issues[0]?.message ?? '抽取条件有误');
      return;
    }
    setSaving(true);
    try {
      const { id } = await drawsApi.create(body);
      const detail = await drawsApi.get(id);
      queryClient.setQueryData(selectionKeys.draw(id), detail);
      void queryClient.invalidateQueries({ queryKey: ['experts'] });
      void feedback.message.success(drawnMessage(detail), 6);
      void navigate(`/selectionResult?id=${id}`, { replace: true });
    } catch {
      // The request client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  const confirmAndSubmit = (values: Values) =>
    feedback.modal.confirm({
      title: '开始抽取？',
      content: '抽取后将立即向抽中的专家发送邀请（站内消息和短信），抽取结果不能撤销。',
      okText: '开始抽取',
      cancelText: '取消',
      onOk: () => submit(values),
    });

  return (
    <Card title="新建遴选">
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 920 }}
        initialValues={{ slots: [NEW_SLOT], excludeRecentDays: 0, remark: '', seed: '' }}
        onFinish={confirmAndSubmit}
        scrollToFirstError
      >
        <Form.Item name="title" label="遴选名称" rules={fieldRules(ZDrawCreate, 'title')}>
          <Input placeholder="如：2026年度科技创新项目评审专家遴选" maxLength={60} showCount />
        </Form.Item>
        <Form.Item
          name="remark"
          label="说明"
          rules={fieldRules(ZDrawCreate, 'remark')}
          extra="会出现在专家收到的邀请页面上"
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：评审会时间、地点，请于何时前确认" />
        </Form.Item>

        <Typography.Title level={5}>抽取条件</Typography.Title>
        <Typography.Paragraph type="secondary">
          {
            '每组至少选择专业领域、标签或地区之一，同时选择的条件须全部满足。各组依次抽取，同一位专家只会被抽中一次；抽中的专家立即收到邀请，候补专家在有人拒绝时按顺位依次递补。'
          }
        </Typography.Paragraph>
        <Form.List name="slots">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Card
                  key={field.key}
                  role="group"
                  aria-label={`第${i + 1}组`}
                  size="small"
                  title={`第${i + 1}组`}
                  style={{ marginBottom: 12 }}
                  extra={
                    fields.length > 1 && (
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={`删除第${i + 1}组`}
                        onClick={() => remove(field.name)}
                      >
                        删除
                      </Button>
                    )
                  }
                >
                  <Row gutter={16}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[field.name, 'domainId']}
                        label="专业领域"
                        dependencies={[
                          ['slots', field.name, 'labelId'],
                          ['slots', field.name, 'regionCode'],
                        ]}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: async (_, value: number | null | undefined) => {
                              const label = getFieldValue(['slots', field.name, 'labelId']);
                              const region = getFieldValue(['slots', field.name, 'regionCode']);
                              if (value == null && label == null && !region)
                                throw new Error('每组请至少选择领域、标签或地区之一');
                            },
                          }),
                        ]}
                        extra="含下级领域"
                      >
                        <DomainSelect placeholder="不限" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'labelId']} label="标签">
                        <OptionSelect kind="labels" placeholder="不限" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'regionCode']} label="地区" extra="可只选到省或市">
                        <RegionCascader anyLevel placeholder="不限" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item name={[field.name, 'count']} label="抽取人数" rules={fieldRules(ZDrawSlot, 'count')}>
                        <InputNumber min={1} max={50} precision={0} suffix="人" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={8}>
                      <Form.Item
                        name={[field.name, 'substitutes']}
                        label="候补人数"
                        rules={fieldRules(ZDrawSlot, 'substitutes')}
                      >
                        <InputNumber min={0} max={50} precision={0} suffix="人" style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              {fields.length < MAX_SLOTS && (
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(NEW_SLOT)}>
                  添加一组
                </Button>
              )}
            </>
          )}
        </Form.List>

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          回避与排除
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="excludeUnitIds" label="回避单位" extra="这些单位的专家不参加抽取；可输入名称搜索">
              <OptionSelect kind="units" mode="multiple" maxCount={50} maxTagCount={phone ? 'responsive' : undefined} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="excludeExperts"
              label="回避专家"
              extra="输入姓名、手机号或单位搜索入库专家；选中的专家不参加抽取"
            >
              <ExpertSearchSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="excludeRecentDays"
              label="排除近N天内已被邀请的专家"
              rules={fieldRules(ZDrawCreate, 'excludeRecentDays')}
              extra="近N天内被其他遴选邀请过的专家不参加抽取；0 为不排除"
            >
              <InputNumber min={0} max={365} precision={0} suffix="天" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>

        <Form.Item
          label="随机种子（选填）"
          htmlFor="seed"
          extra="8位十六进制数（0-9、a-f），如 5eed2026。种子与抽取时符合条件的专家名单一并记录：用同一种子重新计算，得到的抽取结果完全相同，可随时复核。留空则由系统随机生成。"
        >
          <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
            <Form.Item
              name="seed"
              noStyle
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value?.trim()) return;
                    const r = ZDrawSeed.safeParse(value);
                    if (!r.success) throw new Error(r.error.issues[0]?.message ?? '随机种子不正确');
                  },
                },
              ]}
            >
              <Input placeholder="留空则自动生成" maxLength={8} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Button icon={<ThunderboltOutlined />} onClick={() => form.setFieldValue('seed', randomSeed())}>
              随机生成
            </Button>
          </Space.Compact>
        </Form.Item>

        <Flex gap={8} justify={phone ? 'stretch' : 'flex-start'} style={{ marginTop: 8 }}>
          <Button onClick={() => void navigate('/expertSelection')} style={phone ? { flex: 1 } : undefined}>
            取消
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} style={phone ? { flex: 1 } : undefined}>
            开始抽取
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
