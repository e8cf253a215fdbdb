import { PrinterOutlined } from '@ant-design/icons';
import { answerLines, type TFormSchema } from '@shetuan/shared/forms';
import { Button, Descriptions, Result } from 'antd';
import dayjs from 'dayjs';
import { SecondaryText } from './FormFrame';

/**
 * The fill page's screens other than the form itself (the answer submitted, the form closed, a
 * login needed, no such form): a chunk of their own, so a visitor who opens a form does not
 * download Result (with its 403, 404 and 500 pictures) and Descriptions before answering
 * (docs/performance.md, page weight). The fill page starts loading it as the answer is sent.
 */

/** 表单不存在或已删除 (or the server's reason). */
export function FillNotFound({ title }: { title: string }) {
  return (
    <main>
      <Result status="404" title={title} />
    </main>
  );
}

/** The form is closed (stopped, not yet open, full …): the server's reason. */
export function FillClosed({ reason }: { reason: string }) {
  return <Result status="info" title={reason} />;
}

/** 该表单需登录后填写. */
export function FillLoginNeeded({ onLogin }: { onLogin: () => void }) {
  return (
    <Result
      status="warning"
      title="该表单需登录后填写"
      extra={
        <Button type="primary" onClick={onLogin}>
          登录后填写
        </Button>
      }
    />
  );
}

/** The answer submitted: thanks, its serial, the answers as sent, and printing. */
export function FillSubmitted({
  schema,
  values,
  serial,
  thanksText,
}: {
  schema: TFormSchema;
  values: Record<string, unknown>;
  serial: number;
  thanksText: string;
}) {
  const lines = answerLines(schema, values);
  return (
    <>
      <Result status="success" title={thanksText} subTitle={`答卷编号：${serial}`} className="no-print" />
      <Descriptions
        column={1}
        bordered
        size="small"
        title="我的答卷"
        items={lines.map((l) => ({ key: l.id, label: l.label, children: l.text }))}
      />
      <SecondaryText block style={{ marginTop: 12, fontSize: 12 }}>
        提交时间：{dayjs().format('YYYY-MM-DD HH:mm:ss')}
      </SecondaryText>
      <div className="no-print" style={{ textAlign: 'center', marginTop: 16 }}>
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印 / 保存为PDF
        </Button>
      </div>
    </>
  );
}
