import { ID_CARD_MESSAGE, isIdCard } from '@shetuan/shared';
import {
  GENDERS,
  MEMBER_PROFILE_MESSAGES,
  type MemberProfileFieldKey,
  type TMemberProfile,
  type TProfileInput,
} from '@shetuan/shared/identity';
import { Button, Flex, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { type ReactNode, useState } from 'react';
import { feedback } from '../../app/feedback';
import { FormRadioGroup } from '../components/form-controls';
import { useSaveProfile } from './profile-api';

/**
 * The person's own details: the name, and for a member identity the member profile, the fields the
 * tenant requires (custom type 34) marked so. One form for the personal centre's 基本资料 and for
 * /setUserMsg; plain antd, so the login-side page stays light.
 */
export function ProfileForm({
  data,
  submitText = '保存',
  onSaved,
  extra,
  block = false,
}: {
  data: TMemberProfile;
  submitText?: string;
  onSaved?: () => void;
  /** Another action beside the submit button (稍后再说). */
  extra?: ReactNode;
  block?: boolean;
}) {
  const save = useSaveProfile();
  const [saving, setSaving] = useState(false);
  const required = (key: MemberProfileFieldKey, label: string, more: Rule[] = []): Rule[] => [
    ...(data.required.includes(key) ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []),
    ...more,
  ];
  return (
    <Form<TProfileInput>
      layout="vertical"
      initialValues={data}
      onFinish={async (values) => {
        setSaving(true);
        try {
          await save(data.member ? values : { name: values.name });
          void feedback.message.success(MEMBER_PROFILE_MESSAGES.saved);
          onSaved?.();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form.Item
        name="name"
        label="姓名"
        rules={[
          { required: true, message: '请输入姓名' },
          { max: 30, message: '姓名最多30个字' },
        ]}
      >
        <Input />
      </Form.Item>
      {data.member && (
        <>
          <Form.Item name="gender" label="性别" rules={required('gender', '性别')}>
            <FormRadioGroup options={GENDERS.map((g) => ({ value: g, label: g }))} />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label="身份证号"
            rules={required('idNumber', '身份证号', [
              {
                validator: async (_, v?: string) => (!v || isIdCard(v) ? undefined : Promise.reject(ID_CARD_MESSAGE)),
              },
            ])}
          >
            <Input maxLength={18} />
          </Form.Item>
          <Form.Item
            name="unitName"
            label="工作单位"
            rules={required('unitName', '工作单位', [{ max: 60, message: '工作单位最多60个字' }])}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="title"
            label="职称"
            rules={required('title', '职称', [{ max: 30, message: '职称最多30个字' }])}
          >
            <Input />
          </Form.Item>
        </>
      )}
      <Flex gap={12} vertical={block}>
        <Button type="primary" htmlType="submit" loading={saving} block={block} size={block ? 'large' : 'middle'}>
          {submitText}
        </Button>
        {extra}
      </Flex>
    </Form>
  );
}
