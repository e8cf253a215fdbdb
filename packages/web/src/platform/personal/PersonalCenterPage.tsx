import { maskPhone } from '@shetuan/shared';
import { Card, Col, Descriptions, Row, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useIdentities, useSessionInfo } from '../auth/api';
import { WechatBindCard } from '../wechat/WechatBindCard';
import { PhoneEntryCard } from './PhoneEntryCard';
import { ProfileCard } from './ProfileCard';

/** /personalCenter: the person's own data, identities, and the ways to change them. */
export default function PersonalCenterPage() {
  const info = useSessionInfo();
  const identities = useIdentities();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ProfileCard />
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
