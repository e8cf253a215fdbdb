import { MobileOutlined } from '@ant-design/icons';
import { ProForm, ProFormText } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Form } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { authKeys } from '../auth/api';
import { phoneRules, SmsCodeField } from '../auth/components/SmsCodeField';

/** /personalCenterChangePhone: a new phone number, verified by an SMS code sent to it. */
export default function ChangePhonePage() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card title="更换手机号" style={{ maxWidth: 480 }}>
      <ProForm
        form={form}
        submitter={{ searchConfig: { submitText: '确认更换' }, resetButtonProps: false }}
        onFinish={async (values: ApiBody<'post', '/auth/phone/change'>) => {
          await apiCall.post('/auth/phone/change', { body: values });
          void feedback.message.success('手机号已更换');
          await queryClient.invalidateQueries({ queryKey: authKeys.session() });
          void navigate('/personalCenter');
          return true;
        }}
      >
        <ProFormText
          name="phoneNumber"
          label="新手机号"
          fieldProps={{ prefix: <MobileOutlined />, maxLength: 14, type: 'tel', inputMode: 'tel', autoComplete: 'tel' }}
          rules={phoneRules}
        />
        <SmsCodeField form={form} purpose="change" />
      </ProForm>
    </Card>
  );
}
