import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { authKeys } from '../auth/api';

/** /personalCenterBindEmail and /personalCenterChangeEmail: one screen, confirmed by the password. */
export function EmailScreen({ title }: { title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card title={title} style={{ maxWidth: 480 }}>
      <ProForm
        submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
        onFinish={async (values: ApiBody<'post', '/auth/email'>) => {
          await apiCall.post('/auth/email', { body: values });
          void feedback.message.success('邮箱已保存');
          await queryClient.invalidateQueries({ queryKey: authKeys.session() });
          void navigate('/personalCenter');
          return true;
        }}
      >
        <ProFormText
          name="email"
          label="邮箱"
          rules={[
            { required: true, message: '请输入邮箱' },
            { type: 'email', message: '邮箱格式错误' },
            { max: 24, message: '邮箱格式错误' },
          ]}
        />
        <ProFormText.Password
          name="password"
          label="登录密码"
          rules={[{ required: true, message: '请输入登录密码' }]}
          fieldProps={{ autoComplete: 'current-password' }}
        />
      </ProForm>
    </Card>
  );
}

export const BindEmailPage = () => <EmailScreen title="绑定邮箱" />;
export const ChangeEmailPage = () => <EmailScreen title="更换邮箱" />;
