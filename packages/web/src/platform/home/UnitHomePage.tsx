import { HOME_PAGES } from '@shetuan/shared/home';
import { Col, Grid, Row, Space } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../auth/can';
import { useUnitHome } from './api';
import { FigureCards, Greeting, HomeState, Section, SeriesCard, TodoCards } from './HomeParts';

/**
 * /homepage (单位首页): the unit's to-dos and key figures for the current identity — what each
 * installed module contributes and the identity may open (server platform/home) — and a small
 * chart when a module offers a series. No infrastructure details: those are for operators' tools.
 */
export default function UnitHomePage() {
  const home = useUnitHome();
  const can = useCan();
  const phone = !Grid.useBreakpoint().md;
  const data = home.data;
  const personal = can(HOME_PAGES.personal.path) ? (
    <Link to={HOME_PAGES.personal.path}>查看我的个人待办</Link>
  ) : undefined;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Greeting extra={personal} />
      <HomeState loading={home.isPending} failed={home.isError} />
      {data && (
        <>
          <Section title="待办事项">
            <TodoCards todos={data.todos} />
          </Section>
          {data.figures.length > 0 && (
            <Section title="关键数据">
              <FigureCards figures={data.figures} />
            </Section>
          )}
          {data.series.length > 0 && (
            <Section title="趋势">
              <Row gutter={[12, 12]}>
                {data.series.map((s) => (
                  <Col key={s.key} xs={24} lg={12}>
                    <SeriesCard series={s} height={phone ? 200 : 240} />
                  </Col>
                ))}
              </Row>
            </Section>
          )}
        </>
      )}
    </Space>
  );
}
