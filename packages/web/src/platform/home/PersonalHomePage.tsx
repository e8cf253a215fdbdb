import { Space } from 'antd';
import { usePersonalHome } from './api';
import { Greeting, HomeState, Section, TodoCards } from './HomeParts';

/**
 * /personalHomepage (个人首页): the person's own to-dos — orders to pay, declarations returned,
 * reviews assigned, unread messages… whatever the installed modules contribute and the identity
 * may open (server platform/home).
 */
export default function PersonalHomePage() {
  const home = usePersonalHome();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Greeting />
      <HomeState loading={home.isPending} failed={home.isError} />
      {home.data && (
        <Section title="我的待办">
          <TodoCards todos={home.data.todos} />
        </Section>
      )}
    </Space>
  );
}
