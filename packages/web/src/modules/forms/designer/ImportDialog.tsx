import { ImportOutlined } from '@ant-design/icons';
import {
  type BuilderElement,
  type DesignerRule,
  fromBuilderElement,
  fromDesignerRule,
  type TFormField,
} from '@shetuan/shared/forms';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';

/**
 * 导入: questions from an old-style definition pasted as JSON — the designer's field rules
 * (type, field, title, props, validate …) or the project builder's elements (key, model, type,
 * name, options, rules). Questions of kinds the engine has no equivalent of are left out and named.
 */
export function ImportDialog({ onImport }: { onImport: (fields: TFormField[]) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const convert = () => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      setProblem('输入格式不正确：请粘贴 JSON 数组');
      return;
    }
    const list = Array.isArray(data) ? data : (data as { list?: unknown[] })?.list;
    if (!Array.isArray(list) || list.length === 0) {
      setProblem('输入格式不正确：请粘贴 JSON 数组');
      return;
    }
    const fields: TFormField[] = [];
    const skipped: string[] = [];
    for (const item of list) {
      const o = item as Record<string, unknown>;
      try {
        const f =
          typeof o.field === 'string' && typeof o.title === 'string'
            ? fromDesignerRule(o as unknown as DesignerRule)
            : typeof o.key === 'string' && typeof o.name === 'string'
              ? fromBuilderElement({
                  ...(o as unknown as BuilderElement),
                  options: (o.options as BuilderElement['options']) ?? {},
                })
              : null;
        if (f) fields.push(f);
        else skipped.push(String(o.title ?? o.name ?? o.type ?? '?'));
      } catch {
        skipped.push(String(o.title ?? o.name ?? o.type ?? '?'));
      }
    }
    if (fields.length === 0) {
      setProblem('没有可以导入的题目');
      return;
    }
    onImport(fields);
    void feedback.message.success(
      `已导入 ${fields.length} 道题${skipped.length ? `，未能导入：${skipped.slice(0, 5).join('、')}` : ''}`,
    );
    setOpen(false);
    setText('');
    setProblem(null);
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal
        open={open}
        title="导入题目"
        okText="导入"
        cancelText="取消"
        onOk={convert}
        onCancel={() => setOpen(false)}
        width={640}
      >
        <Typography.Paragraph type="secondary">
          粘贴旧版表单设计器的字段规则（type、field、title…）或项目表单的元素（key、model、type、name…）的 JSON 数组。
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
        {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 8 }} />}
      </Modal>
    </>
  );
}
