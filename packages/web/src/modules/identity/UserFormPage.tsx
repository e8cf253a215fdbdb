import { ProForm } from '@ant-design/pro-components';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Tag } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback';
import { apiCall } from '../../app/typed-api';
import { identityAdminKeys } from './keys';
import { UserFields, type UserFormValues, userCreateBody, userUpdateBody } from './UserFields';
import { listOf, USER_FORM_SCREENS } from './user-screens';

/** /user-management/unit-add, unit-edit (?id=), personal-add, personal-edit (?id=): one configured form page. */
export default function UserFormPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screen = USER_FORM_SCREENS[pathname];
  const kind = screen ? listOf(screen.list) : undefined;
  const id = Number(search.get('id'));
  const editing = screen?.mode === 'edit';
  const user = useQuery({
    queryKey: identityAdminKeys.user(kind?.api ?? '', id),
    queryFn: kind && editing && id > 0 ? () => apiCall.get(`${kind.api}/{id}`, { path: { id } }) : skipToken,
  });
  if (!screen || !kind) return null;
  const back = () => void navigate(kind.menu);
  if (editing && !(id > 0)) {
    return (
      <Card title={screen.title}>
        <p>缺少用户编号，请从用户列表进入。</p>
      </Card>
    );
  }
  if (editing && !user.data) {
    return <Card title={screen.title}>{user.isError ? <p>用户不存在</p> : <Skeleton active />}</Card>;
  }
  const initial = user.data;
  return (
    <Card title={screen.title} style={{ maxWidth: 720 }}>
      {initial && (
        <Descriptions size="small" column={2} style={{ marginBottom: 24 }}>
          <Descriptions.Item label="手机号">{initial.mobile || '—'}</Descriptions.Item>
          <Descriptions.Item label="用户类型">{initial.userTypeName}</Descriptions.Item>
          <Descriptions.Item label="身份" span={2}>
            {initial.identities.map((i) => (
              <Tag key={i.identityId}>
                {i.identityName}
                {i.orgName ? `（${i.orgName}）` : ''}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      )}
      <ProForm<UserFormValues>
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 16 }}
        initialValues={
          initial ? { name: initial.name, status: initial.status, deptId: initial.deptId ?? undefined } : undefined
        }
        submitter={{
          searchConfig: { submitText: '保存', resetText: '返回' },
          resetButtonProps: { onClick: back },
          render: (_, dom) => <div style={{ paddingLeft: '20.8%', display: 'flex', gap: 8 }}>{dom}</div>,
        }}
        onFinish={async (values) => {
          if (initial) {
            await apiCall.put(`${kind.api}/{id}`, { path: { id: initial.userId }, body: userUpdateBody(values) });
            void feedback.message.success('保存成功');
          } else {
            const res = await apiCall.post(kind.api, { body: userCreateBody(kind, screen.userType, values) });
            void feedback.message.success(
              res.existed ? '该手机号已注册，已将其加入本机构' : '新增成功，首次登录须修改密码',
            );
          }
          await queryClient.invalidateQueries({ queryKey: identityAdminKeys.all });
          back();
          return true;
        }}
      >
        <UserFields kind={kind} userType={screen.userType} mode={screen.mode} />
      </ProForm>
    </Card>
  );
}
