import type { TFormDetail, TFormProjectSettings } from '@shetuan/shared/forms';
import { Button, Card, DatePicker, Divider, Form, Input, InputNumber, Switch } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { formApi } from './api';
import { FormShell, useSaveDetail } from './FormShell';

/** /project/form/setting?key=: open and close times, submit limits, login, and what follows a submission. */
export default function SettingPage() {
  return <FormShell>{(form) => <SettingEditor key={form.key} form={form} />}</FormShell>;
}

const LIMITS: { key: keyof TFormProjectSettings; label: string; hint: string }[] = [
  { key: 'perPerson', label: '每人最多填写', hint: '需开启“需登录后填写”' },
  { key: 'perIp', label: '同一网络最多填写', hint: '按IP地址计' },
  { key: 'perDevice', label: '同一设备最多填写', hint: '按浏览器计' },
  { key: 'total', label: '最多收集', hint: '达到后自动停止接受' },
  { key: 'perDay', label: '每天最多收集', hint: '所有人合计，次日恢复' },
];

function SettingEditor({ form }: { form: TFormDetail }) {
  const [s, setS] = useState<TFormProjectSettings>(form.settings);
  const { saving, save: saveDetail } = useSaveDetail(form.key);
  const set = (patch: Partial<TFormProjectSettings>) => setS((x) => ({ ...x, ...patch }));
  const save = async () => {
    if (s.perPerson !== null && !s.loginRequired) {
      void feedback.message.error('按人限制次数需先开启“需登录后填写”');
      return;
    }
    await saveDetail(() => formApi.saveSettings(form.key, s));
  };
  return (
    <Card
      title="收集设置"
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存
        </Button>
      }
    >
      <Form layout="horizontal" labelCol={{ flex: '0 0 160px' }} component="div" style={{ maxWidth: 720 }}>
        <Divider orientation="left" plain>
          收集时间
        </Divider>
        <Form.Item label="开始时间">
          <DatePicker
            showTime
            aria-label="开始时间"
            value={s.openAt ? dayjs(s.openAt) : null}
            onChange={(d) => set({ openAt: d ? d.toISOString() : null })}
          />
        </Form.Item>
        <Form.Item label="结束时间">
          <DatePicker
            showTime
            aria-label="结束时间"
            value={s.closeAt ? dayjs(s.closeAt) : null}
            onChange={(d) => set({ closeAt: d ? d.toISOString() : null })}
          />
        </Form.Item>
        <Divider orientation="left" plain>
          填写限制
        </Divider>
        <Form.Item label="需登录后填写">
          <Switch
            aria-label="需登录后填写"
            checked={s.loginRequired}
            onChange={(loginRequired) => set({ loginRequired })}
          />
        </Form.Item>
        {LIMITS.map((l) => (
          <Form.Item key={l.key} label={l.label} extra={l.hint}>
            <InputNumber
              aria-label={l.label}
              min={1}
              precision={0}
              addonAfter="次"
              placeholder="不限"
              value={s[l.key] as number | null}
              onChange={(v) => set({ [l.key]: v ?? null })}
            />
          </Form.Item>
        ))}
        <Divider orientation="left" plain>
          提交之后
        </Divider>
        <Form.Item label="提示文字">
          <Input.TextArea
            aria-label="提交后提示"
            value={s.thanksText}
            maxLength={500}
            rows={2}
            onChange={(e) => set({ thanksText: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="跳转地址" extra="填写后提交即跳转，不再显示提示文字">
          <Input
            value={s.redirectUrl}
            placeholder="https://"
            maxLength={500}
            onChange={(e) => set({ redirectUrl: e.target.value })}
          />
        </Form.Item>
        <Form.Item label="公开统计结果" extra="填写者可查看选择题的统计">
          <Switch checked={s.publicResult} onChange={(publicResult) => set({ publicResult })} />
        </Form.Item>
      </Form>
    </Card>
  );
}
