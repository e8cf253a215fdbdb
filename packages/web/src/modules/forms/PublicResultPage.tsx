import { useQuery } from '@tanstack/react-query';
import { Card, Col, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { formApi, formKeys, usePublicForm } from './api';
import { FormFrame } from './FillPage';
import { FieldStatCard } from './StatisticsPage';

/** /project/public/result?key=: the choice questions' statistics, where the form makes them public. */
export default function PublicResultPage() {
  const [search] = useSearchParams();
  const key = search.get('key') ?? '';
  const form = usePublicForm(key);
  const result = useQuery({
    queryKey: formKeys.publicResult(key),
    queryFn: () => formApi.publicResult(key),
    enabled: Boolean(key),
    retry: false,
  });
  if (!key || form.isError || result.isError)
    return <Result status="info" title={(result.error ?? form.error)?.message || '表单不存在或已删除'} />;
  if (!form.data || !result.data) return <Skeleton active />;
  return (
    <FormFrame form={form.data}>
      <Card>
        <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
          {form.data.name} · 结果
        </Typography.Title>
        <Statistic title="答卷总数" value={result.data.total} style={{ marginBottom: 16 }} />
        <Row gutter={[16, 16]}>
          {result.data.fields.map((s) => (
            <Col key={s.id} span={24}>
              <FieldStatCard stat={s} />
            </Col>
          ))}
        </Row>
      </Card>
    </FormFrame>
  );
}
