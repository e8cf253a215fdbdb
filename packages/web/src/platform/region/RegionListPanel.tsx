import type { TRegionListItem } from '@shetuan/shared/region';
import { Empty, Input, List, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { regionApi } from './api';

/**
 * The region-list panel (spec 000 §9): regions 50 at a time, the next 50 loaded as the list is
 * scrolled to its end; a keyword narrows it. Choosing one calls onPick.
 */
export function RegionListPanel({
  parent,
  onPick,
  height = 360,
}: {
  parent?: string;
  onPick: (region: TRegionListItem) => void;
  height?: number;
}) {
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<TRegionListItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const loadingRef = useRef(false);
  const sentinel = useRef<HTMLDivElement | null>(null);

  const load = useCallback(
    async (next: number, reset: boolean) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      try {
        const res = await regionApi.list({ parent, keyword: keyword || undefined, current: next });
        setItems((old) => (reset ? res.records : [...old, ...res.records]));
        setTotal(res.total);
        setPage(next);
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
    },
    [parent, keyword],
  );

  useEffect(() => {
    void load(1, true);
  }, [load]);

  const more = items.length < total;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void load(page + 1, false);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, page, load]);

  return (
    <div>
      <Input.Search
        placeholder="搜索地区名称"
        allowClear
        onSearch={(v) => setKeyword(v.trim())}
        style={{ marginBottom: 8 }}
      />
      <div style={{ height, overflowY: 'auto' }} data-testid="region-list">
        <List<TRegionListItem>
          size="small"
          dataSource={items}
          locale={{ emptyText: loading ? ' ' : <Empty description="暂无数据" /> }}
          renderItem={(r) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => onPick(r)}>
              <Typography.Text>{r.n}</Typography.Text>
              <Typography.Text type="secondary">{r.fullName}</Typography.Text>
            </List.Item>
          )}
        />
        <div ref={sentinel} style={{ textAlign: 'center', padding: 8 }}>
          {loading ? (
            <Spin size="small" />
          ) : more ? (
            ''
          ) : items.length > 0 ? (
            <Typography.Text type="secondary">共 {total} 个地区</Typography.Text>
          ) : null}
        </div>
      </div>
    </div>
  );
}
