import { EXPERT_SOURCE_NAMES, type TExpert } from '@shetuan/shared/experts';
import { Descriptions, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

/** A time as the console writes it, — when there is none. */
export const timeText = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Names as tags, — when there are none. */
export function Tags({ names, color }: { names: readonly string[]; color?: string }) {
  if (names.length === 0) return <>—</>;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {names.map((n) => (
        <Tag key={n} color={color} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </span>
  );
}

const text = (v: string) => v || '—';

/**
 * The profile's columns per breakpoint, every one given: Descriptions fills those left out with
 * its own (3 from md up). In a drawer two at most.
 */
export const PROFILE_COLUMNS = { xs: 1, sm: 2, md: 2, lg: 2, xl: 3, xxl: 3 };
const NARROW_COLUMNS = { xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 };

/**
 * An expert's profile as a person reads it: who, where, which domains and labels, which units to
 * avoid, the answers to the tenant's own questions, where the record came from and when; the
 * introduction in full below.
 */
export function ExpertProfile({
  expert: e,
  extra,
  narrow,
}: {
  expert: TExpert;
  extra?: ReactNode;
  /** In a drawer: two columns at most, whatever the screen. */
  narrow?: boolean;
}) {
  const full = narrow ? NARROW_COLUMNS : PROFILE_COLUMNS;
  return (
    <>
      <Descriptions
        column={full}
        size="small"
        bordered
        // A label on one line: a phone's narrow label column would stack its characters.
        styles={{ label: { whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label="姓名">{e.name}</Descriptions.Item>
        <Descriptions.Item label="手机号">{e.mobile}</Descriptions.Item>
        <Descriptions.Item label="性别">{text(e.gender)}</Descriptions.Item>
        <Descriptions.Item label="工作单位">{text(e.unitName)}</Descriptions.Item>
        <Descriptions.Item label="职务">{text(e.position)}</Descriptions.Item>
        <Descriptions.Item label="职称">{text(e.title)}</Descriptions.Item>
        <Descriptions.Item label="学历">{text(e.education)}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{text(e.email)}</Descriptions.Item>
        <Descriptions.Item label="所在地区">{text(e.regionName)}</Descriptions.Item>
        <Descriptions.Item label="专业领域" span={full}>
          <Tags names={e.domainNames} color="blue" />
        </Descriptions.Item>
        <Descriptions.Item label="标签" span={full}>
          <Tags names={e.labelNames} />
        </Descriptions.Item>
        <Descriptions.Item label="回避单位" span={full}>
          <Tags names={e.avoidUnitNames} />
        </Descriptions.Item>
        {e.answers.map((a) => (
          <Descriptions.Item key={a.id} label={a.label}>
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.text}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="来源">{EXPERT_SOURCE_NAMES[e.source] ?? text(e.source)}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{timeText(e.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="入库时间">{timeText(e.approvedAt)}</Descriptions.Item>
        {extra}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        个人简介
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {e.intro || <Typography.Text type="secondary">未填写</Typography.Text>}
      </Typography.Paragraph>
    </>
  );
}
