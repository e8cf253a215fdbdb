import { ProForm, ProFormText } from '@ant-design/pro-components';
import { PASSWORD_MIN_MESSAGE } from '@shetuan/shared';
import { authApi } from '../api';

/** Old password, new password twice; the server applies the tenant's policy. */
export function ChangePasswordForm({ submitText, onDone }: { submitText: string; onDone: () => Promise<void> | void }) {
  return (
    <ProForm
      submitter={{
        searchConfig: { submitText },
        resetButtonProps: false,
        submitButtonProps: { block: true, size: 'large' },
      }}
      onFinish={async (values: { oldPassword: string; newPassword: string }) => {
        await authApi.changePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
        await onDone();
        return true;
      }}
    >
      <ProFormText.Password
        name="oldPassword"
        label="原密码"
        rules={[{ required: true, message: '请输入原密码' }]}
        fieldProps={{ autoComplete: 'current-password' }}
      />
      <ProFormText.Password
        name="newPassword"
        label="新密码"
        rules={[
          { required: true, message: '请输入新密码' },
          { min: 6, message: PASSWORD_MIN_MESSAGE },
        ]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      <ProFormText.Password
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_: unknown, value: string) =>
              !value || getFieldValue('newPassword') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
        fieldProps={{ autoComplete: 'new-password' }}
      />
    </ProForm>
  );
}
