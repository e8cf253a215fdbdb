import { ProForm, ProFormText } from '@ant-design/pro-components';
import { ID_CARD_MESSAGE, isIdCard } from '@shetuan/shared';
import {
  GENDERS,
  MEMBER_PROFILE_MESSAGES,
  type MemberProfileFieldKey,
  type TProfileInput,
} from '@shetuan/shared/identity';
import { Alert, Card } from 'antd';
import type { Rule } from 'antd/es/form';
import { feedback } from '../../app/feedback';
import { FormRadioGroup } from '../components/form-controls';
import { useMemberProfile, useRequiredComplete, useSaveProfile } from './profile-api';

/**
 * /personalCenter's 基本资料: the name, and for a member identity the member profile (会员资料). In
 * a tenant of custom type 34 the fields it requires are marked and the missing ones named above
 * (spec 000 §6); saving asks the server's check again, so the notice goes once the profile is complete.
 */
export function ProfileCard() {
  const profile = useMemberProfile();
  const check = useRequiredComplete();
  const save = useSaveProfile();
  const data = profile.data;
  const required = (key: MemberProfileFieldKey, label: string, more: Rule[] = []): Rule[] => [
    ...(data?.required.includes(key) ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []),
    ...more,
  ];
  const missing = check.data?.checked && !check.data.complete ? check.data.missing : [];
  return (
    <Card title="基本资料" loading={profile.isPending}>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={MEMBER_PROFILE_MESSAGES.title}
          description={`${MEMBER_PROFILE_MESSAGES.missing}${missing.map((m) => m.label).join('、')}`}
        />
      )}
      {data && (
        <ProForm<TProfileInput>
          initialValues={data}
          submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
          onFinish={async (values) => {
            await save(
              data.member
                ? values
                : {
                    name: values.name,
                  },
            );
            void feedback.message.success(MEMBER_PROFILE_MESSAGES.saved);
            return true;
          }}
        >
          <ProFormText
            name="name"
            label="姓名"
            rules={[
              { required: true, message: '请输入姓名' },
              { max: 30, message: '姓名最多30个字' },
            ]}
          />
          {data.member && (
            <>
              <ProForm.Item name="gender" label="性别" rules={required('gender', '性别')}>
                <FormRadioGroup options={GENDERS.map((g) => ({ value: g, label: g }))} />
              </ProForm.Item>
              <ProFormText
                name="idNumber"
                label="身份证号"
                fieldProps={{ maxLength: 18 }}
                rules={required('idNumber', '身份证号', [
                  {
                    validator: async (_, v?: string) =>
                      !v || isIdCard(v) ? undefined : Promise.reject(ID_CARD_MESSAGE),
                  },
                ])}
              />
              <ProFormText
                name="unitName"
                label="工作单位"
                rules={required('unitName', '工作单位', [{ max: 60, message: '工作单位最多60个字' }])}
              />
              <ProFormText
                name="title"
                label="职称"
                rules={required('title', '职称', [{ max: 30, message: '职称最多30个字' }])}
              />
            </>
          )}
        </ProForm>
      )}
    </Card>
  );
}
