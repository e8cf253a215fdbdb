import { CheckCircleOutlined, CloseOutlined } from '@ant-design/icons';
import type { TAllocationView, TProject } from '@shetuan/shared/projects';
import { Modal, Popconfirm, Progress, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { LinkButton } from '../../../platform/components/LinkButton';
import { projectsApi } from '../api';

type Declaration = TAllocationView['declarations'][number];
type Expert = TAllocationView['experts'][number];

/** An expert's load in the round against the limit L. */
export function LoadBar({ load, max }: { load: number; max: number }) {
  const percent = max > 0 ? Math.round((load * 100) / max) : 0;
  return (
    <Space size={8} style={{ width: '100%' }}>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={load >= max ? 'exception' : 'normal'}
        style={{ width: 110, margin: 0 }}
        aria-label={`已分配 ${load} / ${max}`}
      />
      <Typography.Text>
        已分配 {load} / {max}
      </Typography.Text>
    </Space>
  );
}

/**
 * A declaration's experts as tags: closing one removes the assignment (the server refuses a
 * submitted review: 专家已提交评审，不能移除); a submitted review can be reopened.
 */
export function ExpertsCell({
  declaration,
  canAssign,
  onChanged,
}: {
  declaration: Declaration;
  canAssign: boolean;
  onChanged: () => void;
}) {
  if (declaration.experts.length === 0) return <Typography.Text type="secondary">未分配</Typography.Text>;
  return (
    <Space size={[4, 6]} wrap>
      {declaration.experts.map((e) => (
        <Space key={e.assignmentId} size={2}>
          <Tag
            color={e.submitted ? 'success' : 'processing'}
            icon={e.submitted ? <CheckCircleOutlined /> : undefined}
            style={{ marginInlineEnd: 0 }}
            closable={canAssign}
            closeIcon={canAssign ? <CloseOutlined aria-label={`移除${e.name}`} /> : undefined}
            onClose={async (event) => {
              // The tag goes when the server agrees, not before.
              event.preventDefault();
              await projectsApi.unassign(e.assignmentId);
              void feedback.message.success(`已移除${e.name}`);
              onChanged();
            }}
          >
            {e.name}
            {e.submitted ? ' · 已提交' : ''}
          </Tag>
          {canAssign && e.submitted && (
            <Popconfirm
              title={`重新打开${e.name}的评审？`}
              description="专家可以修改后再次提交。"
              okText="重新打开"
              cancelText="取消"
              onConfirm={async () => {
                await projectsApi.reopen(e.assignmentId);
                void feedback.message.success('评审已重新打开');
                onChanged();
              }}
            >
              <LinkButton>重新打开</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ))}
    </Space>
  );
}

/** 添加专家: one expert of the pool for one declaration, with each expert's load shown. */
export function AddExpertDialog({
  project,
  stage,
  declaration,
  experts,
  max,
  onClose,
  onAdded,
}: {
  project: TProject;
  stage: number;
  declaration: Declaration | null;
  experts: Expert[];
  max: number;
  onClose: () => void;
  onAdded: () => void;
}) {
  const [expertId, setExpertId] = useState<number | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const assigned = new Set(declaration?.experts.map((e) => e.userId));
  const close = () => {
    setExpertId(undefined);
    onClose();
  };
  return (
    <Modal
      open={declaration !== null}
      title={declaration ? `添加专家：${declaration.title}` : ''}
      okText="添加"
      cancelText="取消"
      okButtonProps={{ disabled: expertId === undefined, loading: saving }}
      onCancel={close}
      destroyOnHidden
      onOk={async () => {
        if (!declaration || expertId === undefined) return;
        setSaving(true);
        try {
          await projectsApi.assign(project.id, stage, declaration.id, expertId);
          void feedback.message.success('分配成功');
          onAdded();
          close();
        } catch {
          // The server's reason (回避、已满、上限) is on screen; the dialog stays for another choice.
        } finally {
          setSaving(false);
        }
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          推荐单位：{declaration?.unitName || '—'}；已有 {declaration?.experts.length ?? 0} 位专家。
        </Typography.Text>
        <Select
          aria-label="评审专家"
          showSearch
          optionFilterProp="title"
          placeholder="请选择专家"
          style={{ width: '100%' }}
          value={expertId}
          onChange={setExpertId}
          notFoundContent="没有评审专家"
          options={[...experts]
            .sort((a, b) => a.load - b.load)
            .map((e) => ({
              value: e.userId,
              title: `${e.name} ${e.unitName}`,
              label: (
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <span>
                    {e.name}
                    <Typography.Text type="secondary">（{e.unitName || '无单位'}）</Typography.Text>
                    {assigned.has(e.userId) && <Tag style={{ marginInlineStart: 6 }}>已分配到此申报</Tag>}
                  </span>
                  <Typography.Text type={e.load >= max ? 'danger' : 'secondary'}>
                    已分配 {e.load} / {max}
                  </Typography.Text>
                </Space>
              ),
            }))}
        />
      </Space>
    </Modal>
  );
}
