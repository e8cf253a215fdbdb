import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { identityNames } from '@shetuan/shared';
import { type UserListKind, UserType } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { type ApiBody, apiCall } from '../../app/typed-api';
import { StatusRadio } from '../../platform/components/status';
import { identityAdminKeys } from './keys';
import type { AddedList, EditedList, UserList } from './user-screens';

const PERSONAL_IDENTITIES = Object.entries(identityNames)
  .filter(([code]) => !['14', '15'].includes(code))
  .map(([value, label]) => ({ value: Number(value), label: `${label}（${value}）` }));

/**
 * The fields of a person on every user form: the unit (required for unit and enterprise users),
 * the identity (fixed for them, chosen for personal users), the department (personal users), and
 * on adding the mobile and the initial password, on editing the state.
 */
export function UserFields({ kind, userType, mode }: { kind: UserListKind; userType: number; mode: 'add' | 'edit' }) {
  const add = kind.adds.find((a) => a.userType === userType);
  const orgs = useQuery({
    queryKey: identityAdminKeys.orgOptions(),
    queryFn: async () => (await apiCall.get('/org/orgs/options')).list,
    enabled: mode === 'add',
  });
  const departments = useQuery({
    queryKey: identityAdminKeys.departmentOptions(),
    queryFn: async () => (await apiCall.get('/org/departments/options')).list,
    enabled: userType === UserType.PERSONAL,
  });
  return (
    <>
      <ProFormText
        name="name"
        label={userType === UserType.PERSONAL ? '姓名' : '联系人姓名'}
        rules={[
          { required: true, message: '请输入姓名' },
          { max: 30, message: '姓名最多30个字' },
        ]}
      />
      {mode === 'add' && (
        <>
          <ProFormText
            name="mobile"
            label="手机号"
            tooltip="作为登录账号；已注册的手机号将加入本机构并沿用原密码"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号' },
            ]}
          />
          {add?.needsOrg ? (
            <ProFormSelect
              name="orgId"
              label="所属单位"
              showSearch
              rules={[{ required: true, message: '请选择所属单位' }]}
              options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          ) : (
            <ProFormSelect
              name="orgId"
              label="所属单位"
              showSearch
              allowClear
              options={(orgs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
          )}
          {userType === UserType.PERSONAL ? (
            <ProFormSelect
              name="identityCode"
              label="身份"
              showSearch
              options={PERSONAL_IDENTITIES}
              rules={[{ required: true, message: '请选择身份' }]}
            />
          ) : (
            <ProFormText
              name="identityCode"
              label="身份"
              readonly
              fieldProps={{ value: add ? identityNames[add.identityCode as keyof typeof identityNames] : '' }}
            />
          )}
        </>
      )}
      {userType === UserType.PERSONAL && (
        <ProFormSelect
          name="deptId"
          label="所属部门"
          showSearch
          allowClear
          placeholder="本机构工作人员可选择部门"
          options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
      )}
      {mode === 'add' ? (
        <ProFormText.Password
          name="password"
          label="初始密码"
          tooltip="首次登录须修改；手机号已注册的，沿用其原密码"
          rules={[
            { required: true, message: '请输入初始密码' },
            { min: 6, message: '密码最少为6位字符' },
          ]}
        />
      ) : (
        <StatusRadio tooltip="停用后，该用户在本机构的登录立即失效" />
      )}
    </>
  );
}

/**
 * What the user forms hold: the add form every field but the state (its rules require what the
 * route requires), the edit form the name, the state and the department.
 */
export interface UserFormValues {
  name: string;
  status: number;
  deptId?: number | null;
  mobile: string;
  password: string;
  orgId?: number | null;
  identityCode?: number;
}

/** The request body of an edit (an empty department is null). */
export function userUpdateBody(values: UserFormValues): ApiBody<'put', `${UserList<EditedList>['api']}/{id}`> {
  return { name: values.name, status: values.status, deptId: values.deptId ?? null };
}

/** The request body of an add: the fixed identity of unit and enterprise users, nulls for empty selects. */
export function userCreateBody(
  kind: UserListKind,
  userType: number,
  values: UserFormValues,
): ApiBody<'post', UserList<AddedList>['api']> {
  const add = kind.adds.find((a) => a.userType === userType);
  return {
    name: values.name,
    mobile: values.mobile,
    password: values.password,
    userType,
    // Personal users choose it (the form requires it); the list's add fixes it for the others.
    identityCode: (userType === UserType.PERSONAL ? values.identityCode : add?.identityCode) as number,
    orgId: values.orgId ?? null,
    deptId: values.deptId ?? null,
  };
}
