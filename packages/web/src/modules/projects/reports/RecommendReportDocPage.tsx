import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TRecommendReport } from '@shetuan/shared/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { projectKeys } from '../api';
import { fmtTime } from '../applicant/DeclarationParts';
import { Screen } from '../applicant/Screen';
import { screensApi } from '../screens-api';

/**
 * /ini-rec-report-w?projectId=[&unitId=] 推荐报告: a unit's recommendation of a project as a
 * document — the declarations it recommended in the order it did, its other figures, the
 * statement and the lines to sign and seal. 打印 prints the sheet alone (the console's chrome and
 * these buttons are not printed); 下载推荐汇总表 is the same report as an .xlsx file. Without
 * unitId it is the caller's own unit's (初审人); with it, any unit's (推荐报告, the operators).
 */
export default function RecommendReportDocPage() {
  const [search] = useSearchParams();
  const projectId = Number(search.get('projectId')) || 0;
  const unitId = Number(search.get('unitId')) || undefined;
  return <Screen>{projectId ? <Report projectId={projectId} unitId={unitId} /> : <Missing />}</Screen>;
}

function Missing() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="请选择项目"
      subTitle="推荐报告从“推荐情况”或“推荐报告”列表打开。"
      extra={
        <Button type="primary" onClick={() => void navigate('/jsTrialUnitDetails')}>
          查看推荐情况
        </Button>
      }
    />
  );
}

function Report({ projectId, unitId }: { projectId: number; unitId?: number }) {
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const report = useQuery({
    queryKey: [...projectKeys.project(projectId), 'recommend-report', unitId ?? 'own'],
    queryFn: () => (unitId ? screensApi.unitReport(projectId, unitId) : screensApi.ownReport(projectId)),
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
      返回
    </Button>
  );
  if (report.isError) return <Result status="warning" title={report.error.message} extra={back} />;
  const r = report.data;
  if (!r)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const download = async () => {
    setDownloading(true);
    try {
      await screensApi.downloadReport(projectId, unitId, `${r.projectName}-${r.unitName}推荐汇总表.xlsx`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap className="no-print">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
          下载推荐汇总表
        </Button>
      </Space>
      <Card className="print-sheet">
        <ReportSheet report={r} />
      </Card>
    </Space>
  );
}

/** The report itself, as printed. */
function ReportSheet({ report: r }: { report: TRecommendReport }) {
  const quota = r.quota > 0 ? `${r.quota} 项` : '不限';
  return (
    <article aria-label="推荐报告" style={{ maxWidth: 960, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {r.projectName}推荐汇总表
      </Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'unit', label: '推荐单位', children: r.unitName },
          { key: 'stage', label: '推荐环节', children: r.stageName },
          { key: 'quota', label: '推荐名额', children: `${quota}（已推荐 ${r.rows.length} 项）` },
        ]}
      />
      <Table
        size="small"
        bordered
        rowKey="declarationId"
        pagination={false}
        dataSource={r.rows}
        locale={{ emptyText: <EmptyState description="本单位尚未推荐申报" /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '序号', dataIndex: 'order', width: 60, align: 'center' },
          { title: '申报名称', dataIndex: 'title' },
          { title: '申报人', dataIndex: 'applicantName', width: 100 },
          { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string | null) => fmtTime(v) },
          { title: '推荐时间', dataIndex: 'recommendedAt', width: 150, render: (v: string) => fmtTime(v) },
          { title: '当前状态', dataIndex: 'statusText', width: 130 },
          { title: '推荐意见', dataIndex: 'remark', render: (v: string) => v || '同意推荐' },
        ]}
      />
      <Typography.Paragraph style={{ marginTop: 16 }}>
        本单位另有待推荐 {r.pending} 项、退回修改 {r.returned} 项、不予推荐 {r.rejected} 项。
      </Typography.Paragraph>
      <Typography.Paragraph>经本单位审核，以上申报材料真实有效，同意推荐。</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 24, marginTop: 32 }}>
        <span>经办人：{r.recommenders.join('、') || '—'}</span>
        <span>单位负责人（签字）：＿＿＿＿＿＿</span>
        <span>单位（盖章）</span>
      </div>
      <Typography.Paragraph style={{ textAlign: 'right', marginTop: 24, color: '#595959' }}>
        生成时间：{fmtTime(r.generatedAt)}
      </Typography.Paragraph>
    </article>
  );
}
