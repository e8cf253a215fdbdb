import { ImportOutlined } from '@ant-design/icons';
import { DISPLAY_TYPES, FIELD_TYPE_NAMES, type FormImport, IMPORT_SOURCES } from '@shetuan/shared/forms';
import { Alert, Button, Checkbox, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';

const SETTING_NAMES: Record<string, string> = {
  labelPosition: '标题位置',
  labelWidth: '标题宽度',
  size: '尺寸',
  gutter: '栅格间距',
  disabled: '整表只读',
  submitText: '提交按钮文字',
  showReset: '重置按钮',
  hideRequiredAsterisk: '隐藏必填星号',
  showMessage: '显示校验信息',
  inlineMessage: '行内校验信息',
};

/**
 * 导入: a form saved by the old designer (form-create rules, with or without its options) or by
 * the old project form builder (TDuck's saved questions, or its generator's typeId/__config__
 * items), pasted as JSON. The server reads it (rich text through the platform sanitiser) and the
 * dialog shows what will be added and, before anything changes, what could not be carried
 * (未能导入：…). Confirming adds the questions and show rules to the canvas (and the form options
 * when ticked); the design is saved as usual.
 */
export function ImportDialog({
  read,
  onImport,
}: {
  read: (text: string) => Promise<FormImport>;
  onImport: (result: FormImport, withSettings: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<FormImport | null>(null);
  const [withSettings, setWithSettings] = useState(true);
  const [reading, setReading] = useState(false);

  const close = () => {
    setOpen(false);
    setResult(null);
    setProblem(null);
  };
  const readText = async () => {
    if (!text.trim()) {
      setProblem('请粘贴要导入的内容');
      return;
    }
    setReading(true);
    try {
      const r = await read(text);
      setResult(r);
      setWithSettings(Object.keys(r.settings).length > 0);
      setProblem(null);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : '读取失败，请稍后再试');
    } finally {
      setReading(false);
    }
  };
  const confirm = () => {
    if (!result || result.fields.length === 0) return;
    onImport(result, withSettings && Object.keys(result.settings).length > 0);
    void feedback.message.success(`已导入 ${result.fields.length} 项，请检查后保存`);
    setText('');
    close();
  };

  const questions = result?.fields.filter((f) => !DISPLAY_TYPES.has(f.type)).length ?? 0;
  const settingNames = result ? Object.keys(result.settings).map((k) => SETTING_NAMES[k] ?? k) : [];
  const footer = result
    ? [
        <Button key="back" onClick={() => setResult(null)}>
          返回修改
        </Button>,
        <Button key="ok" type="primary" disabled={result.fields.length === 0} onClick={confirm}>
          确认导入
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="read" type="primary" loading={reading} onClick={() => void readText()}>
          读取
        </Button>,
      ];

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal open={open} title="导入旧表单" onCancel={close} width={680} footer={footer} destroyOnHidden>
        {!result && (
          <>
            <Typography.Paragraph type="secondary">
              粘贴旧表单的 JSON：表单设计器（form-create）保存的字段规则（可连同表单配置
              option），或项目表单（TDuck）保存的题目列表（formItemId、type、label、expand…）或生成器的组件（typeId、__config__）。
            </Typography.Paragraph>
            <Input.TextArea
              aria-label="导入内容"
              rows={12}
              value={text}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
              onChange={(e) => {
                setText(e.target.value);
                setProblem(null);
              }}
            />
          </>
        )}
        {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} />}
        {result && (
          <Space direction="vertical" style={{ width: '100%' }} size={12}>
            <Typography.Text>
              识别为：{result.sources.map((s) => IMPORT_SOURCES[s]).join('、') || '（无法识别）'}
            </Typography.Text>
            {result.fields.length > 0 ? (
              <Alert
                type="success"
                showIcon
                message={`可导入 ${result.fields.length} 项：${questions} 道题、${result.fields.length - questions} 个展示与布局组件${
                  result.logic.length ? `，显示逻辑 ${result.logic.length} 条` : ''
                }`}
              />
            ) : (
              <Alert type="error" showIcon message={result.problem ?? '没有可以导入的题目'} />
            )}
            {result.fields.length > 0 && (
              <ul aria-label="将导入的题目" style={{ maxHeight: 180, overflow: 'auto', margin: 0, paddingLeft: 20 }}>
                {result.fields.map((f) => (
                  <li key={f.id}>
                    {f.label || FIELD_TYPE_NAMES[f.type]} <Tag>{FIELD_TYPE_NAMES[f.type]}</Tag>
                    {f.required && <Tag color="red">必填</Tag>}
                    {f.regList.length > 0 && <Tag color="blue">{f.regList.length} 条校验规则</Tag>}
                  </li>
                ))}
              </ul>
            )}
            {result.notes.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={`以下 ${result.notes.length} 项未能导入`}
                description={
                  <ul aria-label="未能导入" style={{ maxHeight: 200, overflow: 'auto', margin: 0, paddingLeft: 20 }}>
                    {result.notes.map((n, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: notes may repeat; their order is theirs
                      <li key={i}>{n}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {settingNames.length > 0 && result.fields.length > 0 && (
              <Checkbox checked={withSettings} onChange={(e) => setWithSettings(e.target.checked)}>
                同时使用旧表单的表单配置（{settingNames.join('、')}）
              </Checkbox>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
