import type { TFormDetail } from '@shetuan/shared/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { createContext, type ReactNode, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { formApi, formKeys } from './api';

const TABS = [
  { key: 'editor', label: '设计' },
  { key: 'logic', label: '逻辑' },
  { key: 'theme', label: '外观' },
  { key: 'setting', label: '设置' },
  { key: 'publish', label: '发布' },
  { key: 'statistics', label: '统计' },
];

/**
 * A tab with unsaved work (the designer) registers how to save it: 发布 saves it first, so what is
 * published is what the person sees.
 */
export const BeforePublish = createContext<{ register: (save: (() => Promise<boolean>) | null) => void }>({
  register: () => undefined,
});

/** Saving one part of a form (design, logic, theme, settings): busy flag, the new detail cached, 保存成功. */
export function useSaveDetail(key: string) {
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const save = async (work: () => Promise<TFormDetail>): Promise<TFormDetail | null> => {
    setSaving(true);
    try {
      const detail = await work();
      queryClient.setQueryData(formKeys.detail(key), detail);
      void feedback.message.success('保存成功');
      return detail;
    } catch {
      return null;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

/** The form's key from ?key= and its detail, for every /project/form/* screen. */
export function useFormDetail() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const query = useQuery({ queryKey: formKeys.detail(key), queryFn: () => formApi.detail(key), enabled: Boolean(key) });
  return { key, query };
}

/**
 * The frame of /project/form/*: the form's name and state, the tabs 设计 逻辑 外观 设置 发布 统计,
 * and 发布 (which makes the design the next version when it changed).
 */
export function FormShell({ children, extra }: { children: (form: TFormDetail) => ReactNode; extra?: ReactNode }) {
  const { key, query } = useFormDetail();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const last = location.pathname.split('/').pop() ?? 'editor';
  const active = last === 'form' ? 'editor' : last;
  const beforePublish = useRef<(() => Promise<boolean>) | null>(null);
  const guard = useMemo(
    () => ({ register: (save: (() => Promise<boolean>) | null) => (beforePublish.current = save) }),
    [],
  );
  if (!key) return <Result status="404" title="表单不存在或已删除" />;
  if (query.isError) return <Result status="warning" title={query.error.message} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  const form = query.data;
  const publish = async () => {
    if (beforePublish.current && !(await beforePublish.current())) return;
    const detail = await formApi.publish(key);
    queryClient.setQueryData(formKeys.detail(key), detail);
    void queryClient.invalidateQueries({ queryKey: formKeys.publicForm(key) });
    void feedback.message.success('发布成功');
    void navigate(`/project/form/publish?key=${key}`);
  };
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" styles={{ body: { paddingBottom: 0 } }}>
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}
        >
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {form.name}
            </Typography.Title>
            <Tag color={form.status === 1 ? 'processing' : form.status === 2 ? 'warning' : 'default'}>
              {form.statusName}
            </Tag>
            {form.publishedVersion > 0 && <Tag>第 {form.publishedVersion} 版</Tag>}
            {form.unpublishedChanges && form.publishedVersion > 0 && <Tag color="orange">有未发布的修改</Tag>}
          </Space>
          <Space>
            {extra}
            <Button type="primary" onClick={() => void publish()}>
              {form.publishedVersion > 0 ? '发布更新' : '发布'}
            </Button>
          </Space>
        </div>
        <Tabs
          activeKey={active}
          onChange={(k) => void navigate(`/project/form/${k}?key=${key}`)}
          items={TABS.map((t) => ({ key: t.key, label: t.label }))}
          style={{ marginBottom: 0 }}
        />
      </Card>
      <BeforePublish.Provider value={guard}>{children(form)}</BeforePublish.Provider>
    </Space>
  );
}
