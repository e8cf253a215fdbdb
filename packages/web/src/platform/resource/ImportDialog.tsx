import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { TImportProblem, TImportResult } from '@shetuan/shared';
import { Alert, Button, Modal, Progress, Radio, Space, Table, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import type { ImportMode } from './api';

export interface ImportDialogProps {
  open: boolean;
  /** Chinese name of one record ('字典项'). */
  title: string;
  onClose: () => void;
  downloadTemplate: () => Promise<void>;
  upload: (file: Blob, mode: ImportMode, onProgress: (percent: number) => void) => Promise<TImportResult>;
  /** After rows were written: the list reloads. */
  onImported: () => void;
}

const MODES: { value: ImportMode; label: string }[] = [
  { value: 'all', label: '全部正确才导入' },
  { value: 'valid', label: '只导入正确的行' },
];

/** What the report says above its table. */
export function importSummary(result: TImportResult, mode: ImportMode): { type: 'success' | 'warning'; text: string } {
  const badRows = new Set(result.problems.map((p) => p.row)).size;
  if (result.problems.length === 0) return { type: 'success', text: `共 ${result.total} 行，已全部导入` };
  if (mode === 'all' || result.inserted === 0)
    return {
      type: 'warning',
      text: `共 ${result.total} 行，其中 ${badRows} 行有误，未导入任何数据。请改正后重新导入，或选择“只导入正确的行”。`,
    };
  return { type: 'warning', text: `共 ${result.total} 行，已导入 ${result.inserted} 行，${badRows} 行有误未导入` };
}

/**
 * Excel import of a resource: the template, the file, the mode, then the per-row report (row,
 * column, reason). Stays open on the report so the user can fix the sheet and try again.
 */
export function ImportDialog(props: ImportDialogProps) {
  const [file, setFile] = useState<UploadFile | null>(null);
  const [mode, setMode] = useState<ImportMode>('all');
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [result, setResult] = useState<{ value: TImportResult; mode: ImportMode } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const reset = () => {
    setFile(null);
    setResult(null);
    setError(null);
    setPercent(0);
    setMode('all');
  };

  const start = async () => {
    if (!file?.originFileObj) return;
    setBusy(true);
    setError(null);
    setResult(null);
    setPercent(0);
    try {
      const value = await props.upload(file.originFileObj, mode, setPercent);
      setResult({ value, mode });
      if (value.inserted > 0) props.onImported();
    } catch (err) {
      setError(err instanceof Error ? err.message : '导入失败');
    } finally {
      setBusy(false);
    }
  };

  const summary = result ? importSummary(result.value, result.mode) : null;
  return (
    <Modal
      open={props.open}
      title={`导入${props.title}`}
      width={640}
      maskClosable={false}
      destroyOnHidden
      afterClose={reset}
      onCancel={props.onClose}
      footer={[
        <Button key="close" onClick={props.onClose}>
          关闭
        </Button>,
        <Button key="start" type="primary" loading={busy} disabled={!file} onClick={() => void start()}>
          开始导入
        </Button>,
      ]}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          按模板的列填写后上传 .xlsx 文件，第一行为表头。
          <Button
            type="link"
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await props.downloadTemplate();
              } finally {
                setDownloading(false);
              }
            }}
          >
            下载导入模板
          </Button>
        </Typography.Paragraph>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={file ? [file] : []}
          beforeUpload={() => false}
          onChange={({ fileList }) => {
            setFile(fileList.at(-1) ?? null);
            setResult(null);
            setError(null);
          }}
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
        <Radio.Group
          aria-label="导入方式"
          value={mode}
          onChange={(e) => setMode(e.target.value as ImportMode)}
          options={MODES}
        />
        {busy && <Progress percent={Math.round(percent)} size="small" />}
        {error && <Alert type="error" showIcon message={error} />}
        {summary && <Alert type={summary.type} showIcon message={summary.text} />}
        {result && result.value.problems.length > 0 && (
          <Table<TImportProblem>
            aria-label="导入问题"
            size="small"
            rowKey={(p) => `${p.row}-${p.column}-${p.reason}`}
            dataSource={result.value.problems}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 70 },
              { title: '列', dataIndex: 'column', width: 140 },
              { title: '原因', dataIndex: 'reason' },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
