import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Unknown paths and /404 (spec 000, section 2). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="找不到页面"
      subTitle="您访问的页面不存在，可能已被移除或地址有误。"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>
      }
    />
  );
}
