import { SendOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  PROJECT_PAGES as P,
  type TDeclaration,
  type TGradingPreview,
  type TGradingRow,
  type TProject,
} from '@shetuan/shared/projects';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Input, Result, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { feedback } from '../../../app/feedback';
import { useCan } from '../../../platform/auth/can';
import { barOption, Chart } from '../../../platform/charts/Chart';
import { ListPage } from '../../../platform/components/ListPage';
import { projectKeys, projectPaths, projectsApi } from '../api';
import { Screen } from '../applicant/Screen';
import { type DecisionStage, decisionOf, expertRounds, reviewMode, scoreText, timeText } from './flow-helpers';
import { ProjectPicker, useChosenProject } from './ProjectPicker';

const NO_GRADE = '未立项';
// Tag colours whose text reads at 4.5:1 on their own background (with the screens' theme).
const GRADE_COLORS = [
  'success',
  'processing',
  'purple',
  'geekblue',
  'magenta',
  'warning',
  'red',
  'blue',
  'purple',
  'geekblue',
];

/**
 * /grading?projectId= (评分等级): the declarations at the decision stage ranked with the grade each
 * would get, their distribution, and 发布评审结果 (the results and the publicity period).
 */
export default function GradingPage() {
  return (
    <Screen>
      <GradingPageContent />
    </Screen>
  );
}

function GradingPageContent() {
  const { projects, loading, chosen, setProjectId } = useChosenProject(
    (p) => !p.isTemplate && decisionOf(p.flow) !== undefined,
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <ProjectPicker projects={projects} loading={loading} value={chosen?.id} onChange={setProjectId} />
      </Card>
      {chosen ? (
        <Grading key={chosen.id} project={chosen} />
      ) : (
        <Card>
          <Empty description={loading ? '加载中…' : '暂无设置了“评审结果”环节的已发布项目'} />
        </Card>
      )}
    </Space>
  );
}

function gradeText(stage: DecisionStage, approval: boolean): string {
  return stage.grades
    .map((g) =>
      stage.method === 'quota' ? `${g.name} 前${g.percent ?? 0}%` : `${g.name} ≥ ${g.min ?? 0}${approval ? '%' : '分'}`,
    )
    .join('，');
}

/** Scores in ten bands of the ranking, each band's count per grade (stacked), as the server counted them. */
function distributionOption(preview: TGradingPreview, grades: string[]): EChartsOption {
  const width = preview.bandWidth;
  const bands = Array.from({ length: 10 }, (_, i) => `${i * width}–${(i + 1) * width}`);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: bands, axisLabel: { interval: 0, rotate: 30 } },
    yAxis: { type: 'value', minInterval: 1, name: '申报数' },
    series: grades.map((g) => ({
      type: 'bar',
      name: g,
      stack: 'grade',
      barMaxWidth: 36,
      data: bands.map((_, i) => preview.bands.find((b) => b.band === i && (b.grade ?? NO_GRADE) === g)?.n ?? 0),
    })),
  };
}

function Grading({ project }: { project: TProject }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const decision = decisionOf(project.flow) as DecisionStage;
  const approval = reviewMode(project.flow) === 'approval';
  const rounds = expertRounds(project.flow);
  const [page, setPage] = useState({ current: 1, pageSize: 20, keyword: '' });
  const query = { current: page.current, pageSize: page.pageSize, ...(page.keyword ? { keyword: page.keyword } : {}) };
  const preview = useQuery({
    queryKey: projectKeys.grading(project.id, query),
    queryFn: () => projectsApi.grading(project.id, query),
    placeholderData: keepPreviousData,
  });
  const data = preview.data;
  const waiting = data?.waiting ?? 0;
  const rows = data?.page.records ?? [];
  const grades = [...decision.grades.map((g) => g.name), NO_GRADE];
  const counts = grades.map((g) => ({
    label: g,
    count: data?.counts.find((c) => (c.grade ?? NO_GRADE) === g)?.n ?? 0,
  }));
  const colorOf = (grade: string | null) => (grade ? (GRADE_COLORS[grades.indexOf(grade)] ?? 'blue') : 'default');
  const decided = useMemo(() => ({ status: 'decided' }), []);

  const publish = () =>
    feedback.modal.confirm({
      title: '发布评审结果',
      content: `将按拟定等级为 ${waiting} 份申报发布结果${
        decision.publicityDays > 0 ? `，并公示 ${decision.publicityDays} 天` : ''
      }。申报人会收到通知，发布后不能撤销。`,
      okText: '发布',
      cancelText: '取消',
      onOk: async () => {
        const r = await projectsApi.publishResults(project.id);
        void feedback.message.success(
          `评审结果已发布（${r.decided} 份）${decision.publicityDays > 0 ? `，公示 ${decision.publicityDays} 天` : ''}`,
        );
        await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      },
    });

  const resultColumns: ProColumns<TDeclaration & Record<string, unknown>>[] = [
    { title: '排名', dataIndex: 'rank', width: 70, render: (_, d) => d.rank ?? '—' },
    {
      title: '申报名称',
      dataIndex: 'title',
      render: (_, d) => <Link to={`/projectDetail?id=${d.id}`}>{d.title}</Link>,
    },
    { title: '推荐单位', dataIndex: 'unitName', render: (_, d) => d.unitName || '—' },
    { title: '得分', dataIndex: 'score', width: 90, render: (_, d) => scoreText(d.score) },
    {
      title: '等级',
      dataIndex: 'grade',
      width: 100,
      render: (_, d) => <Tag color={colorOf(d.grade)}>{d.grade ?? NO_GRADE}</Tag>,
    },
    { title: '状态', dataIndex: 'statusText', width: 200 },
    { title: '公示截止', dataIndex: 'publicityEndsAt', width: 150, render: (_, d) => timeText(d.publicityEndsAt) },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="定级预览"
        extra={
          can(P.declarations.decide) && (
            <Button type="primary" icon={<SendOutlined />} disabled={waiting === 0} onClick={publish}>
              发布评审结果
            </Button>
          )
        }
      >
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col xs={12} md={6}>
            <Statistic title="待定级申报" value={waiting} loading={preview.isPending} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="拟立项" value={data?.graded ?? 0} loading={preview.isPending} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="定级方式" value={decision.method === 'quota' ? '按比例' : '按分数线'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="公示天数" value={decision.publicityDays} suffix="天" />
          </Col>
        </Row>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`等级设置：${gradeText(decision, approval)}；未达到的为“${NO_GRADE}”。${approval ? '审批制按同意比例（%）排名。' : ''}`}
        />
        {preview.isError ? (
          <Result status="warning" title={preview.error.message} />
        ) : waiting === 0 && !preview.isPending ? (
          <Empty description="没有待定级的申报：专家评审完成（在申报列表中“完成评审”）后，申报会进入这里" />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={10}>
                <Card size="small" title="各等级申报数">
                  <Chart label="各等级申报数" option={barOption(counts)} height={220} />
                </Card>
              </Col>
              <Col xs={24} xl={14}>
                <Card size="small" title={approval ? '同意比例分布' : '得分分布'}>
                  {data && <Chart label="按等级的得分分布" option={distributionOption(data, grades)} height={220} />}
                </Card>
              </Col>
            </Row>
            <Input.Search
              allowClear
              aria-label="搜索申报名称或推荐单位"
              placeholder="申报名称或推荐单位"
              style={{ maxWidth: 320 }}
              onSearch={(keyword) => setPage((p) => ({ ...p, current: 1, keyword: keyword.trim() }))}
            />
            <Table<TGradingRow>
              size="small"
              rowKey="declarationId"
              loading={preview.isFetching}
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              pagination={{
                current: page.current,
                pageSize: page.pageSize,
                total: data?.page.total ?? 0,
                showSizeChanger: true,
                hideOnSinglePage: true,
                showTotal: (total) => `共 ${total} 条`,
                onChange: (current, pageSize) => setPage((p) => ({ ...p, current, pageSize })),
              }}
              columns={[
                { title: '排名', dataIndex: 'rank', width: 70 },
                {
                  title: '申报名称',
                  dataIndex: 'title',
                  render: (_, r) => <Link to={`/projectDetail?id=${r.declarationId}`}>{r.title}</Link>,
                },
                { title: '推荐单位', dataIndex: 'unitName', render: (v: string) => v || '—' },
                { title: '评审数', dataIndex: 'reviews', width: 90 },
                // 多轮评审: each round's figure, then their weighted combination.
                ...(rounds.length > 1
                  ? rounds.map((round) => ({
                      title: `${round.stage.name}（权重${round.stage.resultWeight ?? 1}）`,
                      key: `round-${round.index}`,
                      width: 130,
                      render: (_: unknown, r: TGradingRow) => scoreText(r.roundScores[String(round.index)]),
                    }))
                  : []),
                {
                  title: rounds.length > 1 ? '综合得分' : approval ? '同意比例' : '得分',
                  dataIndex: 'score',
                  width: 100,
                  render: (v: number) => scoreText(v),
                },
                {
                  title: '拟定等级',
                  dataIndex: 'grade',
                  width: 120,
                  render: (g: string | null) => <Tag color={colorOf(g)}>{g ?? NO_GRADE}</Tag>,
                },
              ]}
            />
          </Space>
        )}
      </Card>
      <ListPage<TDeclaration & Record<string, unknown>>
        key={`results-${preview.dataUpdatedAt}`}
        title="已发布的结果"
        rowKey="id"
        path={projectPaths.declarations(project.id)}
        params={decided}
        columns={resultColumns}
        searchPlaceholder="申报名称或申报人"
      />
      <Typography.Text type="secondary">
        结果发布后申报人在“历史申报”中查看；公示期内状态显示为“公示中”。
      </Typography.Text>
    </Space>
  );
}
