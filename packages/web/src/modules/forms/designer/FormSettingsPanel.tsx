import type { TFormSettings } from '@shetuan/shared/forms';
import { Form, Input, InputNumber, Radio, Slider, Switch } from 'antd';
import { HexColorPicker } from './HexColorPicker';

/**
 * 表单配置 (spec 002 'Form options (designer)'): label position and width (default 125px), size,
 * gutter, the submit button, reset, numbering, and how checks show: the required asterisk
 * (hideRequiredAsterisk), the message (showMessage) and where it sits (inlineMessage).
 */
export function FormSettingsPanel({
  settings,
  onChange,
}: {
  settings: TFormSettings;
  onChange: (s: TFormSettings) => void;
}) {
  const set = (patch: Partial<TFormSettings>) => onChange({ ...settings, ...patch });
  return (
    <Form layout="vertical" size="small" component="div">
      <Form.Item label="标题位置">
        <Radio.Group
          value={settings.labelPosition}
          onChange={(e) => set({ labelPosition: e.target.value })}
          options={[
            { value: 'left', label: '左对齐' },
            { value: 'right', label: '右对齐' },
            { value: 'top', label: '顶部' },
          ]}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label="标题宽度（px）">
        <InputNumber
          aria-label="标题宽度"
          min={40}
          max={400}
          value={settings.labelWidth}
          onChange={(v) => set({ labelWidth: v ?? 125 })}
        />
      </Form.Item>
      <Form.Item label="尺寸">
        <Radio.Group
          value={settings.size}
          onChange={(e) => set({ size: e.target.value })}
          options={[
            { value: 'large', label: '大' },
            { value: 'middle', label: '中' },
            { value: 'small', label: '小' },
          ]}
          optionType="button"
        />
      </Form.Item>
      <Form.Item label={`栅格间距：${settings.gutter}px`}>
        <Slider
          min={0}
          max={48}
          value={settings.gutter}
          ariaLabelForHandle="栅格间距"
          onChange={(gutter) => set({ gutter })}
        />
      </Form.Item>
      <Form.Item label="提交按钮文字">
        <Input
          aria-label="提交按钮文字"
          value={settings.submitText}
          maxLength={20}
          onChange={(e) => set({ submitText: e.target.value || '提交' })}
        />
      </Form.Item>
      <Form.Item label="提交按钮颜色">
        <HexColorPicker value={settings.submitColor} onChange={(submitColor) => set({ submitColor })} />
      </Form.Item>
      <Form.Item label="显示重置按钮">
        <Switch aria-label="显示重置按钮" checked={settings.showReset} onChange={(showReset) => set({ showReset })} />
      </Form.Item>
      <Form.Item label="题目编号">
        <Switch aria-label="题目编号" checked={settings.showNumber} onChange={(showNumber) => set({ showNumber })} />
      </Form.Item>
      <Form.Item label="隐藏必填星号">
        <Switch
          aria-label="隐藏必填星号"
          checked={settings.hideRequiredAsterisk}
          onChange={(hideRequiredAsterisk) => set({ hideRequiredAsterisk })}
        />
      </Form.Item>
      <Form.Item label="显示校验信息">
        <Switch
          aria-label="显示校验信息"
          checked={settings.showMessage}
          onChange={(showMessage) => set({ showMessage })}
        />
      </Form.Item>
      <Form.Item label="校验信息显示在答案旁（行内）">
        <Switch
          aria-label="行内显示校验信息"
          checked={settings.inlineMessage}
          disabled={!settings.showMessage}
          onChange={(inlineMessage) => set({ inlineMessage })}
        />
      </Form.Item>
      <Form.Item label="整表只读">
        <Switch aria-label="整表只读" checked={settings.disabled} onChange={(disabled) => set({ disabled })} />
      </Form.Item>
    </Form>
  );
}
