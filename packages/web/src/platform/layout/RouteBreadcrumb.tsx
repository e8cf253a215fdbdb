import { LeftOutlined } from '@ant-design/icons';
import { Breadcrumb, Button } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { RouteMeta } from '../../app/route-registry';

/**
 * The route's breadcrumb (spec 000 §2): its routerList, entries with a path as links, and a 返回
 * link that goes back. Screens without a routerList show none.
 */
export function RouteBreadcrumb({ meta }: { meta: RouteMeta | undefined }) {
  const navigate = useNavigate();
  const list = meta?.routerList ?? [];
  if (list.length === 0) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
      <Button
        size="small"
        type="link"
        icon={<LeftOutlined />}
        style={{ paddingInline: 0 }}
        onClick={() => {
          if (window.history.length > 1) void navigate(-1);
          else void navigate('/');
        }}
      >
        返回
      </Button>
      <Breadcrumb
        items={list.map((c) => ({
          key: `${c.name}-${c.path ?? ''}`,
          title: c.path ? <Link to={c.path}>{c.name}</Link> : c.name,
        }))}
      />
    </div>
  );
}
