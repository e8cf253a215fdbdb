import { PaperClipOutlined } from '@ant-design/icons';
import { AppealStatus } from '@shetuan/shared/appeals';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Result, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { routePath } from '../../app/typed-api';
import { FileViewer } from '../../platform/files/FileViewer';
import type { UploadedFile } from '../../platform/files/types';
import { appealKeys, appealsApi } from './api';

const STATUS_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };
const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');
const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`;

/** An appeal in full for staff: the person's data unmasked, the description, the proofs (opened in the viewer). */
export function AppealDrawer({
  id,
  onClose,
  onAccept,
  onRefuse,
}: {
  id: number;
  onClose: () => void;
  onAccept?: (() => void) | undefined;
  onRefuse?: (() => void) | undefined;
}) {
  const phone = !Grid.useBreakpoint().md;
  const detail = useQuery({ queryKey: appealKeys.detail(id), queryFn: () => appealsApi.detail(id) });
  const [viewing, setViewing] = useState<number | null>(null);
  const a = detail.data;
  const files: UploadedFile[] = (a?.proofs ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    // Proofs are ID-card scans: read through the appeal (the /appeal page's permission), never
    // through the general file route, which refuses them.
    url: routePath('get', '/appeals/{id}/proofs/{fileId}', { id, fileId: p.id }),
    filePath: '',
    fileSize: p.fileSize,
  }));
  const pending = a?.status === AppealStatus.PENDING;
  return (
    <Drawer
      open
      title={a ? `申诉详情：${a.number}` : '申诉详情'}
      width={phone ? '100%' : 640}
      onClose={onClose}
      footer={
        pending && (onAccept || onRefuse) ? (
          <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
            {onRefuse && (
              <Button danger onClick={onRefuse}>
                驳回
              </Button>
            )}
            {onAccept && (
              <Button type="primary" onClick={onAccept}>
                受理
              </Button>
            )}
          </Space>
        ) : undefined
      }
    >
      {detail.isPending && <Spin />}
      {detail.isError && <Result status="warning" title={detail.error.message} />}
      {a && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="状态">
            <Tag color={STATUS_COLORS[a.status]}>{a.statusName}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="姓名">{a.name}</Descriptions.Item>
          <Descriptions.Item label="手机号">{a.phone}（已短信验证）</Descriptions.Item>
          <Descriptions.Item label="身份证号">{a.idNumber}</Descriptions.Item>
          <Descriptions.Item label="遇到的问题">{a.categoryName}</Descriptions.Item>
          <Descriptions.Item label="问题描述">
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.description}</div>
          </Descriptions.Item>
          <Descriptions.Item label="证明材料">
            <Space direction="vertical" size={2}>
              {files.map((f, i) => (
                <Button
                  key={f.id}
                  type="link"
                  icon={<PaperClipOutlined />}
                  style={{ padding: 0, height: 'auto' }}
                  onClick={() => setViewing(i)}
                >
                  {f.name}（{size(f.fileSize)}）
                </Button>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="其他联系方式">{a.contact || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{time(a.createdAt)}</Descriptions.Item>
          {a.handledAt && (
            <>
              <Descriptions.Item label="处理方式">{a.actionName || '驳回'}</Descriptions.Item>
              <Descriptions.Item label={a.status === AppealStatus.REFUSED ? '驳回原因' : '处理结果'}>
                {a.result}
              </Descriptions.Item>
              {a.account && (
                <Descriptions.Item label="处理的账号">
                  {a.account.name}（{a.account.mobile}）
                </Descriptions.Item>
              )}
              {a.previousPhone && <Descriptions.Item label="原登录手机号">{a.previousPhone}</Descriptions.Item>}
              <Descriptions.Item label="处理人">{a.handlerName}</Descriptions.Item>
              <Descriptions.Item label="处理时间">{time(a.handledAt)}</Descriptions.Item>
            </>
          )}
        </Descriptions>
      )}
      <FileViewer files={files} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </Drawer>
  );
}
