import { Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../app/request';
import { type ApiData, apiCall } from '../../app/typed-api';

/** The spec polls every 5 s. */
export const PROGRESS_POLL_MS = 5000;

type Progressed = Pick<ApiData<'get', '/common/process'>, 'rate' | 'url'>;

/**
 * The progress dialog of long work (spec 000 §7): 处理中 below 100, 已完成 at 100; polls
 * /common/process every 5 s until the download address arrives, and stops when closed.
 */
export function ProgressDialog({
  jobKey,
  title = '导出',
  fileName,
  onClose,
}: {
  jobKey: string | null;
  title?: string;
  fileName: string;
  onClose: () => void;
}) {
  const [state, setState] = useState<Progressed>({ rate: 0, url: null });
  const [failed, setFailed] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!jobKey) return;
    setState({ rate: 0, url: null });
    setFailed(null);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const p = await apiCall.get('/common/process', { query: { key: jobKey } }, { silent: true });
        if (stopped) return;
        setState(p);
        if (p.url) return;
      } catch (err) {
        if (stopped) return;
        setFailed(err instanceof Error ? err.message : '处理失败');
        return;
      }
      timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [jobKey]);

  const done = state.rate >= 100;
  return (
    <Modal open={Boolean(jobKey)} title={title} footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text strong>{failed ? '处理失败' : done ? '已完成' : '处理中'}</Typography.Text>
        <Progress
          aria-label="导出进度"
          percent={Math.min(100, state.rate)}
          status={failed ? 'exception' : done ? 'success' : 'active'}
        />
        {failed && <Typography.Text type="danger">{failed}</Typography.Text>}
        {state.url && (
          <Typography.Text>
            下载地址：
            <Typography.Link
              disabled={downloading}
              onClick={async () => {
                setDownloading(true);
                try {
                  // The address is an API path with its query (/common/process/download?key=…).
                  const address = new URL(state.url as string, window.location.origin);
                  await api.download(address.pathname, Object.fromEntries(address.searchParams), fileName);
                } finally {
                  setDownloading(false);
                }
              }}
            >
              {fileName}
            </Typography.Link>
          </Typography.Text>
        )}
        {!state.url && !failed && (
          <Typography.Text type="secondary">关闭窗口后任务仍会继续，稍后可重新导出。</Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
