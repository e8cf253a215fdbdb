import { ProForm, ProFormText } from '@ant-design/pro-components';
import { maskPhone } from '@shetuan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { feedback } from '../../app/feedback';
import { api } from '../../app/request';
import { authKeys, useIdentities, useSessionInfo } from '../auth/api';
import { WechatBindCard } from '../wechat/WechatBindCard';
import { PhoneEntryCard } from './PhoneEntryCard';

/** /personalCenter: the person's own data, identities, and the ways to change them. */
export default function PersonalCenterPage() {
  const info = useSessionInfo();
  const identities = useIdentities();
  const queryClient = useQueryClient();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="基本资料" loading={info.isPending}>
          {info.data && (
            <ProForm
              initialValues={{ name: info.data.name }}
              submitter={{ searchConfig: { submitText: '保存' }, resetButtonProps: false }}
              onFinish={async (values: { name: string }) => {
                await api.request('/auth/profile', 'PUT', values);
                void feedback.message.success('保存成功');
                await queryClient.invalidateQueries({ queryKey: authKeys.session() });
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
            </ProForm>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="账号安全" loading={info.isPending}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="手机号">
              <Space>
                {maskPhone(info.data?.mobile) || '未绑定'}
                <Link to="/personalCenterChangePhone">更换</Link>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="邮箱">
              <Space>
                {info.data?.email || '未绑定'}
                <Link to={info.data?.email ? '/personalCenterChangeEmail' : '/personalCenterBindEmail'}>
                  {info.data?.email ? '更换' : '绑定'}
                </Link>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="登录密码">
              <Link to="/personalCenterChangePassword">修改密码</Link>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <PhoneEntryCard />
      </Col>
      <Col xs={24} lg={12}>
        <WechatBindCard />
      </Col>
      <Col xs={24} lg={12}>
        <Card title="我的身份" loading={identities.isPending}>
          <Space wrap>
            {(identities.data ?? []).map((i) => (
              <Tag key={i.identityId} color={i.identityId === info.data?.identity?.identityId ? 'blue' : undefined}>
                {i.identityName}（{i.companyName}）
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
