import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** /405: the no-permission page (spec 001, section 2.0). Code 100002 and some 401s lead here. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权限访问"
      subTitle="您当前的身份没有访问该页面的权限，请切换身份或联系管理员开通。"
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          返回
        </Button>,
        <Button key="home" type="primary" onClick={() => navigate('/')}>
          返回首页
        </Button>,
      ]}
    />
  );
}
