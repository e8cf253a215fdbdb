import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { projectKeys, projectsApi } from '../api';
import {
  AnswersView,
  DeclarationStatusTag,
  DeclarationTimeline,
  FlowSteps,
  fmtTime,
  useProjectForm,
} from '../applicant/DeclarationParts';
import { useIsPhone } from '../applicant/PagedList';

/**
 * A declaration as the unit sees it (项目初审 › 查看, 初审列表 › 查看): its facts, the flow, the
 * answers read-only in the project's frozen form and the timeline. `footer` holds the actions.
 */
export function TrialDrawer({ id, onClose, footer }: { id: number | null; onClose: () => void; footer?: ReactNode }) {
  const phone = useIsPhone();
  const detail = useQuery({
    queryKey: projectKeys.trial(id ?? 0),
    queryFn: () => projectsApi.trialDeclaration(id ?? 0),
    enabled: Boolean(id),
  });
  const form = useProjectForm(detail.data?.projectId);
  const d = detail.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      width={phone ? '100%' : 760}
      title={d ? <span style={{ whiteSpace: 'normal' }}>{d.title}</span> : '申报详情'}
      footer={d && footer}
      destroyOnHidden
    >
      {detail.isError && <Alert type="error" showIcon message={detail.error.message || '加载失败'} />}
      {!d && !detail.isError && <Skeleton active paragraph={{ rows: 8 }} />}
      {d && (
        // Focusable, so a keyboard can scroll the drawer's long content.
        <Space
          direction="vertical"
          size={20}
          style={{ width: '100%' }}
          tabIndex={0}
          role="region"
          aria-label="申报详情"
        >
          <Descriptions
            column={phone ? 1 : 2}
            size="small"
            items={[
              { key: 'project', label: '申报项目', children: d.projectName },
              { key: 'status', label: '当前状态', children: <DeclarationStatusTag d={d} /> },
              { key: 'applicant', label: '申报人', children: d.applicantName },
              { key: 'unit', label: '推荐单位', children: d.unitName || '—' },
              { key: 'version', label: '提交次数', children: d.version },
              { key: 'submitted', label: '提交时间', children: fmtTime(d.submittedAt) },
            ]}
          />
          <FlowSteps flow={d.flow} d={d} />
          <div>
            <Typography.Title level={5}>申报内容</Typography.Title>
            <AnswersView schema={form.data?.schema} data={d.data} />
          </div>
          <div>
            <Typography.Title level={5}>办理记录</Typography.Title>
            <DeclarationTimeline timeline={d.timeline} />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
