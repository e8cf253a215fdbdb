import { Alert } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { session } from '../../../app/session';
import { AuthShell } from '../components/AuthShell';
import { routeByStatus } from '../flow';
import { ChangePasswordForm } from './ChangePasswordForm';

/** /login-change (pageType 16): the password must change before entering. */
export default function LoginChangePage() {
  const navigate = useNavigate();
  return (
    <AuthShell title="修改密码">
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="首次登录或密码已被重置，请先修改密码。" />
      <ChangePasswordForm
        submitText="修改并继续"
        onDone={async () => {
          void feedback.message.success('密码修改成功');
          await routeByStatus(session.userId() ?? 0, (path) => navigate(path));
        }}
      />
    </AuthShell>
  );
}
