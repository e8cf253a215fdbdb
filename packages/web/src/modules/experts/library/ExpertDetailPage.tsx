import { EditOutlined } from '@ant-design/icons';
import { EXPERT_PAGES, EXPERTS, ExpertStatus } from '@shetuan/shared/experts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../../platform/auth/can';
import { ResourceForm } from '../../../platform/resource';
import { CALL_DETAIL_PATH } from '../calls/paths';
import { expertKeys, expertResource } from './api';
import { ExpertProfile, PROFILE_COLUMNS } from './ExpertProfile';
import { ExpertRecord } from './ExpertRecord';
import { EXPERT_WIDGETS, ExpertStatusTag, ToggleStatus } from './LibraryPage';

/**
 * /expertManagementDetail?id= (also /expertManagementParticulars and the regional detail routes):
 * one expert's whole profile — domains, labels, the answers to the tenant's own questions — with
 * 编辑 and 启用/停用, and the record below: the draws taken part in, the calls applied to, and the
 * history of changes (who, what, when).
 */
export default function ExpertDetailPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const expert = useQuery({
    queryKey: expertKeys.expert(id),
    queryFn: () => expertResource.get(id),
    enabled: id > 0,
  });
  if (!(id > 0)) return <Result status="404" title="缺少专家编号，请从专家管理进入" />;
  if (expert.isError) return <Result status="warning" title={expert.error.message} />;
  if (!expert.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const e = expert.data;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: expertKeys.expert(id) });
    void queryClient.invalidateQueries({ queryKey: expertKeys.record(id) });
  };
  const canEdit = can(EXPERT_PAGES.library.edit);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space wrap size={8}>
            <span>{e.name}</span>
            <ExpertStatusTag expert={e} />
          </Space>
        }
        extra={
          canEdit && (
            <Space wrap>
              <ToggleStatus expert={e} onDone={refresh} button />
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                编辑
              </Button>
            </Space>
          )
        }
      >
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {e.status === ExpertStatus.PENDING && (
            <Alert
              type="info"
              showIcon
              message={e.callId ? '入库申请待审核（通过专家征集报名）' : '入库申请待审核'}
              description={
                e.callId ? (
                  <Link to={`${CALL_DETAIL_PATH}?id=${e.callId}`}>前往征集详情处理</Link>
                ) : (
                  <Link to={`${EXPERT_PAGES.audit.path}?id=${e.id}`}>前往专家审核处理</Link>
                )
              }
            />
          )}
          {e.changePending && (
            <Alert
              type="warning"
              showIcon
              message="专家提交的信息变更待审核，审核通过后以下信息才会更新"
              description={<Link to={`${EXPERT_PAGES.audit.path}?id=${e.id}`}>前往专家审核处理</Link>}
            />
          )}
          <ExpertProfile
            expert={e}
            extra={
              e.status === ExpertStatus.REJECTED && e.rejectReason ? (
                <Descriptions.Item label="未通过原因" span={PROFILE_COLUMNS}>
                  {e.rejectReason}
                </Descriptions.Item>
              ) : undefined
            }
          />
        </Space>
      </Card>
      <ExpertRecord id={id} />
      {canEdit && (
        <ResourceForm
          key={editing ? 'open' : 'closed'}
          contract={EXPERTS}
          resource={expertResource}
          widgets={EXPERT_WIDGETS}
          editingId={id}
          width={640}
          open={editing}
          onOpenChange={setEditing}
          onSaved={refresh}
        />
      )}
    </Space>
  );
}
