import { MobileOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Form } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../../app/feedback';
import { session } from '../../../app/session';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';
import { phoneRules, SmsCodeField } from '../components/SmsCodeField';
import { routeByStatus } from '../flow';

/** /set-phone and /bindPhone (pageType 15): bind a phone number, verified by SMS, then go on. */
export default function SetPhonePage() {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  return (
    <AuthShell title="绑定手机号">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="为保障账号安全，请先绑定手机号，之后可用手机号登录和找回密码。"
      />
      <ProForm
        form={form}
        submitter={{
          searchConfig: { submitText: '绑定并继续' },
          resetButtonProps: false,
          submitButtonProps: { block: true, size: 'large' },
        }}
        onFinish={async (values: { phoneNumber: string; code: string }) => {
          await authApi.bindPhone(values);
          void feedback.message.success('手机号绑定成功');
          await routeByStatus(session.userId() ?? 0, (path) => navigate(path));
          return true;
        }}
      >
        <ProFormText
          name="phoneNumber"
          placeholder="手机号"
          fieldProps={{ size: 'large', prefix: <MobileOutlined />, maxLength: 14 }}
          rules={phoneRules}
        />
        <SmsCodeField form={form} purpose="bind" />
      </ProForm>
    </AuthShell>
  );
}
