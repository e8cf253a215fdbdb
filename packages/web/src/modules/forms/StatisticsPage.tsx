import type { ActionType, ProColumns } from '@ant-design/pro-components';
import {
  answerLines,
  answerText,
  DISPLAY_TYPES,
  FORMS_PAGES,
  fieldName,
  fromStoredPairs,
  type TFieldStat,
  type TFormAnswer,
  type TFormDetail,
} from '@shetuan/shared/forms';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Popconfirm,
  Result,
  Row,
  Space,
  Statistic,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { feedback } from '../../app/feedback';
import { useCan } from '../../platform/auth/can';
import { barOption, Chart, dailyOption } from '../../platform/charts/Chart';
import { LinkButton } from '../../platform/components/LinkButton';
import { ListPage } from '../../platform/components/ListPage';
import { CountUp } from '../../platform/widgets/CountUp';
import { EmptyState } from '../../platform/widgets/EmptyState';
import { formApi, formKeys, formPaths, usePublicForm } from './api';
import { FormShell } from './FormShell';

/** /project/form/statistics?key=: totals, answers per day, a chart per question, and the answers. */
export default function StatisticsPage() {
  return (
    <FormShell>
      {(form) =>
        form.publishedVersion === 0 ? (
          <Card>
            <Result status="info" title="表单尚未发布，暂无统计" />
          </Card>
        ) : (
          <Statistics key={form.key} form={form} />
        )
      }
    </FormShell>
  );
}

export function FieldStatCard({ stat }: { stat: TFieldStat }) {
  return (
    <Card
      size="small"
      title={stat.label}
      extra={
        <Typography.Text type="secondary">
          {stat.type} · {stat.answered} 人作答
        </Typography.Text>
      }
    >
      {stat.options.length > 0 ? (
        <Chart
          label={`${stat.label}的统计`}
          option={barOption(stat.options)}
          height={Math.max(120, stat.options.length * 40)}
        />
      ) : stat.average !== null ? (
        <Statistic title="平均值" value={stat.average} />
      ) : (
        <Typography.Text type="secondary">文本类题目请在答卷列表中查看</Typography.Text>
      )}
    </Card>
  );
}

function Statistics({ form }: { form: TFormDetail }) {
  const stats = useQuery({ queryKey: formKeys.stats(form.key), queryFn: () => formApi.stats(form.key) });
  const ref = useRef<ActionType | undefined>(undefined);
  const can = useCan();
  const [viewing, setViewing] = useState<TFormAnswer | null>(null);
  const [range, setRange] = useState<[string, string] | null>(null);
  const params = useMemo(() => ({ from: range?.[0], to: range?.[1] }), [range]);
  // Answers read with the published version (its options, and a dictionary's items as published),
  // not with the designer's copy, whose options may have changed since.
  const published = usePublicForm(form.key);
  const schema = published.data?.schema ?? form.schema;
  const questions = useMemo(() => schema.fields.filter((f) => !DISPLAY_TYPES.has(f.type)), [schema.fields]);
  const readable = (a: TFormAnswer) => fromStoredPairs(schema, a.data);
  const exportJob = can(FORMS_PAGES.mine.export) ? formPaths.answersExportJob(form.key) : undefined;

  const columns: ProColumns<TFormAnswer & Record<string, unknown>>[] = [
    { title: '序号', dataIndex: 'serial', width: 70 },
    ...questions.slice(0, 4).map(
      (f): ProColumns<TFormAnswer & Record<string, unknown>> => ({
        title: f.label,
        key: f.id,
        ellipsis: true,
        render: (_, a) => {
          const values = readable(a);
          return answerText(f, values[fieldName(f.id)], values) || '—';
        },
      }),
    ),
    { title: '填写人', dataIndex: 'userName', width: 100, render: (_, a) => a.userName || '访客' },
    { title: '提交时间', dataIndex: 'createdAt', valueType: 'dateTime', width: 170 },
    {
      title: '操作',
      valueType: 'option',
      width: 110,
      render: (_, a) => (
        <Space size={12}>
          <LinkButton onClick={() => setViewing(a)}>查看</LinkButton>
          {can(FORMS_PAGES.mine.delete) && (
            <Popconfirm
              title="删除后无法恢复，确定删除这份答卷吗？"
              onConfirm={async () => {
                await formApi.deleteAnswer(form.key, a.id);
                void feedback.message.success('删除成功');
                void ref.current?.reload();
                void stats.refetch();
              }}
            >
              <LinkButton danger>删除</LinkButton>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        {[
          { title: '答卷总数', value: stats.data?.total },
          { title: '今日新增', value: stats.data?.today },
        ].map((x) => (
          <Col key={x.title} xs={24} md={8}>
            <Card>
              <Statistic
                title={x.title}
                value={x.value ?? 0}
                loading={stats.isPending}
                formatter={(v) => <CountUp value={Number(v)} />}
              />
            </Card>
          </Col>
        ))}
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title="平均用时"
              value={stats.data?.averageSeconds ?? '—'}
              suffix={stats.data?.averageSeconds !== null ? '秒' : undefined}
              loading={stats.isPending}
            />
          </Card>
        </Col>
      </Row>
      <Card title="近30天答卷">
        {stats.data && <Chart label="近30天答卷数" option={dailyOption(stats.data.daily)} height={220} />}
      </Card>
      <Row gutter={[16, 16]}>
        {(stats.data?.fields ?? []).map((s) => (
          <Col key={s.id} xs={24} lg={12}>
            <FieldStatCard stat={s} />
          </Col>
        ))}
        {stats.data?.fields.length === 0 && <EmptyState />}
      </Row>
      <ListPage<TFormAnswer & Record<string, unknown>>
        title="答卷"
        rowKey="id"
        path={formPaths.answers(form.key)}
        actionRef={ref}
        columns={columns}
        searchPlaceholder="搜索答卷内容"
        params={params}
        toolbar={[
          <DatePicker.RangePicker
            key="range"
            aria-label="提交日期"
            placeholder={['提交开始日期', '提交结束日期']}
            onChange={(d) => setRange(d?.[0] && d[1] ? [d[0].format('YYYY-MM-DD'), d[1].format('YYYY-MM-DD')] : null)}
          />,
        ]}
        exportPath={exportJob}
        exportJobPath={exportJob}
        exportName={`${form.name}-答卷`}
      />
      <Drawer
        open={Boolean(viewing)}
        width={560}
        title={viewing ? `答卷 #${viewing.serial}` : ''}
        onClose={() => setViewing(null)}
      >
        {viewing && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              ...answerLines(schema, readable(viewing)).map((l) => ({
                key: l.id,
                label: l.label,
                children: l.text || '—',
              })),
              { key: '_user', label: '填写人', children: viewing.userName || '访客' },
              { key: '_ip', label: 'IP', children: viewing.ip },
              { key: '_ua', label: '浏览器', children: viewing.userAgent || '—' },
              { key: '_seconds', label: '用时', children: viewing.seconds === null ? '—' : `${viewing.seconds} 秒` },
              { key: '_v', label: '表单版本', children: `第 ${viewing.version} 版` },
              {
                key: '_time',
                label: '提交时间',
                children: new Date(viewing.createdAt).toLocaleString('zh-CN', { hour12: false }),
              },
            ]}
          />
        )}
      </Drawer>
    </Space>
  );
}
