import { useQuery } from '@tanstack/react-query';
import { Card, Col, Result, Row, Skeleton, Statistic } from 'antd';
import { useSearchParams } from 'react-router';
import { formApi, formKeys, usePublicForm } from './api';
import { FormFrame, FormTitle } from './FormFrame';
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
    return (
      <main>
        <Result status="info" title={(result.error ?? form.error)?.message || '表单不存在或已删除'} />
      </main>
    );
  if (!form.data || !result.data)
    return (
      <main style={{ maxWidth: 760, margin: '40px auto', padding: 12 }}>
        <Skeleton active />
      </main>
    );
  return (
    <FormFrame form={form.data} standalone>
      <Card>
        <FormTitle name={`${form.data.name} · 结果`} />
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
