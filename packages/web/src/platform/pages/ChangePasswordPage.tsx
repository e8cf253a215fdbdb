import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { ChangePasswordForm } from '../auth/pages/ChangePasswordForm';

/** /personalCenterChangePassword: change the password from the console. */
export default function ChangePasswordPage() {
  const navigate = useNavigate();
  return (
    <Card title="修改密码" style={{ maxWidth: 480 }}>
      <ChangePasswordForm
        submitText="确认修改"
        onDone={() => {
          void feedback.message.success('密码修改成功');
          void navigate('/');
        }}
      />
    </Card>
  );
}
