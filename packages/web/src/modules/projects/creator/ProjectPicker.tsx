import { ProjectStatus, type TProject } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { projectKeys, projectsApi } from '../api';

/** The published projects (the newest 100), for the pickers of the operators' screens. */
export function usePublishedProjects() {
  return useQuery({
    queryKey: [...projectKeys.all, 'published'],
    queryFn: async () => {
      const page = await projectsApi.list({ current: 1, pageSize: 100 });
      return page.records.filter((p) => p.status !== ProjectStatus.DRAFT);
    },
  });
}

/** A number from the query string (projectId, stage), or undefined. */
export function useNumberParam(name: string): [number | undefined, (value: number | undefined) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get(name);
  const value = raw !== null && raw !== '' && Number.isInteger(Number(raw)) ? Number(raw) : undefined;
  const set = (next: number | undefined) =>
    setSearch(
      (prev) => {
        const copy = new URLSearchParams(prev);
        if (next === undefined) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      },
      { replace: true },
    );
  return [value, set];
}

/**
 * The project of an operators' screen: ?projectId= when it is one of `accept`'s, else the newest
 * that is (written back to the address, so a reload or a shared link opens the same project).
 */
export function useChosenProject(accept: (p: TProject) => boolean) {
  const projects = usePublishedProjects();
  const [projectId, setProjectId] = useNumberParam('projectId');
  const list = (projects.data ?? []).filter(accept);
  const chosen = list.find((p) => p.id === projectId) ?? (projectId === undefined ? list[0] : undefined);
  const fallback = list[0]?.id;
  const loaded = projects.isSuccess;
  useEffect(() => {
    if (loaded && projectId === undefined && fallback !== undefined) setProjectId(fallback);
  });
  return { projects: list, loading: projects.isPending, chosen, projectId, setProjectId, refetch: projects.refetch };
}

/** The project select: name and state; searchable. */
export function ProjectPicker({
  projects,
  value,
  onChange,
  loading,
  label = '项目',
}: {
  projects: TProject[];
  value: number | undefined;
  onChange: (id: number) => void;
  loading?: boolean;
  label?: string;
}) {
  return (
    <Space wrap>
      <Typography.Text strong>{label}</Typography.Text>
      <Select
        aria-label={label}
        showSearch
        optionFilterProp="title"
        style={{ minWidth: 320 }}
        loading={loading}
        placeholder="请选择项目"
        notFoundContent="暂无项目"
        value={projects.some((p) => p.id === value) ? value : undefined}
        onChange={onChange}
        options={projects.map((p) => ({
          value: p.id,
          title: p.name,
          label: (
            <Space size={6}>
              {p.name}
              <Tag color={p.status === ProjectStatus.OPEN ? 'processing' : 'default'} style={{ marginInlineEnd: 0 }}>
                {p.statusName}
              </Tag>
            </Space>
          ),
        }))}
      />
    </Space>
  );
}
