import type { TProject } from '@shetuan/shared/projects';
import { Space, Tag, Typography } from 'antd';

/** The flow as tags joined by arrows: 单位推荐 → 形式审查 → 专家评审 → 评审结果. */
export function FlowTags({ project }: { project: Pick<TProject, 'flow'> }) {
  return (
    <Space size={2} wrap>
      {project.flow.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: stages are positions of the flow
        <span key={i}>
          {i > 0 && <Typography.Text type="secondary"> → </Typography.Text>}
          <Tag style={{ marginInlineEnd: 0 }}>{s.name}</Tag>
        </span>
      ))}
    </Space>
  );
}
