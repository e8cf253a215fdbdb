import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

export const STRUCTURE_FORMAT_MESSAGE = '输入格式不正确';

/**
 * Structure editor (spec 002 §4, §8): the text is read as a data literal (JSON), checked by the
 * caller's schema; a text that does not parse, or fails the check, shows 输入格式不正确 with the
 * reason and changes nothing. The value is emitted only when it differs from the current one.
 */
export function StructureEditor<T>({
  value,
  onChange,
  schema,
  rows = 8,
  label,
}: {
  value: T;
  onChange: (v: T) => void;
  schema: z.ZodType<T>;
  rows?: number;
  label?: string;
}) {
  const shown = JSON.stringify(value, null, 2);
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  // An outside change (undo, another field selected) replaces the text.
  useEffect(() => {
    setText(shown);
    setProblem(null);
  }, [shown]);

  const apply = (next: string) => {
    setText(next);
    let parsed: unknown;
    try {
      parsed = JSON.parse(next);
    } catch {
      setProblem(STRUCTURE_FORMAT_MESSAGE);
      return;
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      setProblem(`${STRUCTURE_FORMAT_MESSAGE}：${checked.error.issues[0]?.message ?? ''}`);
      return;
    }
    setProblem(null);
    if (JSON.stringify(checked.data) !== JSON.stringify(value)) onChange(checked.data);
  };

  return (
    <>
      <Input.TextArea
        aria-label={label}
        value={text}
        rows={rows}
        status={problem ? 'error' : undefined}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        onChange={(e) => apply(e.target.value)}
      />
      {problem && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      )}
    </>
  );
}
