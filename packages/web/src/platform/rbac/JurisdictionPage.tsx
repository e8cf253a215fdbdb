import type { TMenuNode, TRoleGrants } from '@shetuan/shared/rbac';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Empty, Input, List, Row, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';
import { useCan } from '../auth/can';

export const rbacKeys = {
  all: ['rbac'] as const,
  roles: () => [...rbacKeys.all, 'roles', 'all'] as const,
  tree: () => [...rbacKeys.all, 'tree'] as const,
  grants: (roleId: number) => [...rbacKeys.all, 'grants', roleId] as const,
};

interface TreeRenderContext {
  fnChecked: Set<number>;
  menuChecked: Set<number>;
  editable: boolean;
  toggleFn: (id: number, on: boolean) => void;
}

function toTreeData(nodes: TMenuNode[], ctx: TreeRenderContext): DataNode[] {
  return nodes.map((m) => ({
    key: `m-${m.id}`,
    title: (
      <Space size={8} wrap>
        <span>{m.name}</span>
        {m.path && <Typography.Text type="secondary">{m.path}</Typography.Text>}
        {m.hidden && <Tag>活动级</Tag>}
        {m.functions.map((f) => (
          <Checkbox
            key={f.id}
            checked={ctx.fnChecked.has(f.id)}
            disabled={!ctx.editable || !ctx.menuChecked.has(m.id)}
            onClick={(e) => e.stopPropagation()}
            onChange={(e) => ctx.toggleFn(f.id, e.target.checked)}
          >
            {f.name}
          </Checkbox>
        ))}
      </Space>
    ),
    children: m.children.length ? toTreeData(m.children, ctx) : undefined,
  }));
}

function matchingKeys(nodes: TMenuNode[], text: string, parents: string[] = []): string[] {
  return nodes.flatMap((m) => {
    const here = m.name.includes(text) || m.path.toLowerCase().includes(text.toLowerCase()) ? parents : [];
    return [...here, ...matchingKeys(m.children, text, [...parents, `m-${m.id}`])];
  });
}

/** /jurisdiction: which menus and function points a role grants. */
export default function JurisdictionPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const roleId = Number(params.get('roleId')) || null;
  const roles = useQuery({
    queryKey: rbacKeys.roles(),
    queryFn: async () => (await apiCall.get('/rbac/roles', { query: { current: 1, pageSize: 100 } })).records,
  });
  const tree = useQuery({
    queryKey: rbacKeys.tree(),
    queryFn: async () => (await apiCall.get('/rbac/menus/tree')).tree,
  });
  const grants = useQuery({
    queryKey: rbacKeys.grants(roleId ?? 0),
    queryFn: roleId ? () => apiCall.get('/rbac/roles/{id}/grants', { path: { id: roleId } }) : skipToken,
  });
  const [menuChecked, setMenuChecked] = useState<Set<number>>(new Set());
  const [fnChecked, setFnChecked] = useState<Set<number>>(new Set());
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!grants.data) return;
    setMenuChecked(new Set(grants.data.menuIds));
    setFnChecked(new Set(grants.data.functionIds));
  }, [grants.data]);
  const editable = can(PLATFORM_PAGES.jurisdiction.edit);
  const treeData = useMemo(
    () =>
      toTreeData(tree.data ?? [], {
        fnChecked,
        menuChecked,
        editable,
        toggleFn: (id, on) =>
          setFnChecked((prev) => {
            const next = new Set(prev);
            if (on) next.add(id);
            else next.delete(id);
            return next;
          }),
      }),
    [tree.data, fnChecked, menuChecked, editable],
  );
  const allGroups = (tree.data ?? []).map((m) => `m-${m.id}`);

  const onMenuCheck = (keys: string[]) => {
    const next = new Set(keys.map((k) => Number(k.slice(2))));
    // A function point goes when its menu goes.
    const fnMenu = new Map(
      (tree.data ?? []).flatMap(function walk(m): [number, number][] {
        return [...m.functions.map((f): [number, number] => [f.id, m.id]), ...m.children.flatMap(walk)];
      }),
    );
    setFnChecked((prev) => new Set([...prev].filter((id) => next.has(fnMenu.get(id) ?? -1))));
    setMenuChecked(next);
  };

  const save = async () => {
    if (!roleId) return;
    setSaving(true);
    try {
      const body: TRoleGrants = { menuIds: [...menuChecked], functionIds: [...fnChecked] };
      await apiCall.put('/rbac/roles/{id}/grants', { path: { id: roleId }, body });
      void feedback.message.success('权限已保存');
      await queryClient.invalidateQueries({ queryKey: rbacKeys.all });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card title="角色" loading={roles.isPending}>
          <List
            dataSource={roles.data ?? []}
            renderItem={(r) => (
              <List.Item
                onClick={() => setParams({ roleId: String(r.id) })}
                style={{ cursor: 'pointer', paddingInline: 8, background: r.id === roleId ? '#e6f4ff' : undefined }}
              >
                <List.Item.Meta title={r.name} description={`菜单 ${r.menuCount} · 身份 ${r.identityCount}`} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Card
          title="菜单与功能点"
          extra={
            editable && roleId ? (
              <Button type="primary" loading={saving} onClick={() => void save()}>
                保存权限
              </Button>
            ) : null
          }
        >
          {!roleId && <Empty description="请在左侧选择一个角色" />}
          {roleId && (tree.isPending || grants.isPending) && <Spin />}
          {roleId && tree.data && grants.data && (
            <>
              <Typography.Paragraph type="secondary">
                勾选菜单时，其上级分组会一并授权；功能点须在所属菜单勾选后才能勾选。
              </Typography.Paragraph>
              <Space style={{ marginBottom: 12 }} wrap>
                <Input.Search
                  placeholder="搜索菜单名称或路径"
                  allowClear
                  style={{ width: 260 }}
                  onSearch={(text) =>
                    setExpanded(text.trim() ? [...new Set(matchingKeys(tree.data, text.trim()))] : [])
                  }
                />
                <Button onClick={() => setExpanded(allGroups)}>全部展开</Button>
                <Button onClick={() => setExpanded([])}>全部收起</Button>
              </Space>
              <Tree
                checkable
                checkStrictly
                selectable={false}
                treeData={treeData}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(String))}
                checkedKeys={[...menuChecked].map((id) => `m-${id}`)}
                onCheck={(keys) => onMenuCheck((Array.isArray(keys) ? keys : keys.checked).map(String))}
                disabled={!editable}
              />
            </>
          )}
        </Card>
      </Col>
    </Row>
  );
}
