import { BellOutlined } from '@ant-design/icons';
import { Badge, Dropdown, Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { detailPath, useLatestMessages } from './api';

/** The header bell: a dot while the newest message is unread; the newest three; a link to all. */
export function MessageBell() {
  const latest = useLatestMessages();
  const navigate = useNavigate();
  const list = latest.data?.list ?? [];
  const dot = list[0]?.status === 0;
  // Closed by any choice inside it (a message, or a link to the list).
  const [open, setOpen] = useState(false);
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => (
        <div style={{ width: 320, background: '#fff', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,0.12)' }}>
          <div style={{ padding: '10px 16px', borderBottom: '1px solid #f0f0f0', fontWeight: 600 }}>
            站内消息{latest.data?.unread ? `（${latest.data.unread} 条未读）` : ''}
          </div>
          {list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" style={{ padding: 16 }} />
          ) : (
            list.map((m) => (
              <button
                type="button"
                key={m.id}
                onClick={() => go(detailPath(m))}
                style={{
                  display: 'block',
                  width: '100%',
                  textAlign: 'left',
                  border: 0,
                  background: 'transparent',
                  padding: '8px 16px',
                  cursor: 'pointer',
                }}
              >
                <Badge status={m.status === 0 ? 'processing' : 'default'} />
                <Typography.Text strong={m.status === 0}>{m.title}</Typography.Text>
                <div style={{ color: '#999', fontSize: 12, paddingLeft: 14 }}>
                  {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
                </div>
              </button>
            ))
          )}
          <div style={{ padding: '8px 16px', borderTop: '1px solid #f0f0f0', textAlign: 'center' }}>
            <Space split="|">
              <Link to="/messagePlatform" onClick={() => setOpen(false)}>
                查看全部消息
              </Link>
              {list.some((m) => m.status === 0) && (
                <Link to="/messagePlatform?tab=unread" onClick={() => setOpen(false)}>
                  查看未读消息
                </Link>
              )}
            </Space>
          </div>
        </div>
      )}
    >
      <button
        type="button"
        aria-label="站内消息"
        style={{ cursor: 'pointer', padding: '0 8px', border: 0, background: 'transparent' }}
      >
        <Badge dot={dot} offset={[-2, 2]}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </button>
    </Dropdown>
  );
}
