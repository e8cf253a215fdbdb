import { IdentityStatus } from '@shetuan/shared/identity';
import { Button, Descriptions, Result, Space } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { Navigate, useNavigate } from 'react-router';
import { session } from '../../../app/session';
import { authApi, useIdentities } from '../api';
import { AuthShell } from '../components/AuthShell';

interface ResultConfig {
  status: ResultStatusType;
  title: string;
  detail: string;
  /** The text for an identity whose status says otherwise (the expert page covers two states). */
  detailByStatus?: Partial<Record<number, string>>;
  /** The identities this page is about. */
  codes: number[];
}

// The same codes as the server's page types (server modules/identity/page-type.ts): a
// self-registered individual user (16) is answered as a member, a unit user (15) as a unit member.
const MEMBER = [1, 12, 16, 103, 109];
const UNIT = [13, 15, 110];
const EXPERT = [3, 17, 104, 111];

/** The page-type result screens (spec 000 §2): one screen, configured per route. */
export const RESULT_PAGES: Record<string, ResultConfig> = {
  '/memberForbidden': {
    status: 'error',
    title: '会员身份已停用',
    detail: '您的会员身份已被停用，暂时无法进入后台。如有疑问，请联系所在学会。',
    codes: [...MEMBER, ...UNIT],
  },
  '/memberExamineResult': {
    status: 'info',
    title: '入会申请审核中',
    detail: '您的入会申请已提交，正在审核，审核通过后即可进入后台。',
    codes: MEMBER,
  },
  '/memberExamineResultExport': {
    status: 'info',
    title: '单位会员申请审核中',
    detail: '贵单位的入会申请已提交，正在审核，审核通过后即可进入后台。',
    codes: UNIT,
  },
  '/login-member-result': {
    status: 'warning',
    title: '入会申请未通过',
    detail: '您的入会申请未通过审核，请根据审核意见修改后重新提交。',
    codes: [...MEMBER, ...UNIT],
  },
  '/regist-nopay': {
    status: 'warning',
    title: '入会申请已通过，待缴纳会费',
    detail: '缴纳会费后即可进入后台，请联系所在学会完成缴费。',
    codes: [...MEMBER, ...UNIT],
  },
  '/login-expert-result': {
    status: 'info',
    title: '专家注册审核结果',
    detail: '您的专家注册信息正在审核或未通过审核，审核通过后即可进入后台。',
    detailByStatus: {
      [IdentityStatus.PENDING]: '您的专家注册信息正在审核，审核通过后即可进入后台。',
      [IdentityStatus.REJECTED]: '您的专家注册未通过审核，请根据审核意见修改后重新提交。',
    },
    codes: EXPERT,
  },
};

const STATUS_TEXT: Record<number, string> = {
  [IdentityStatus.ACTIVE]: '正常',
  [IdentityStatus.DISABLED]: '已停用',
  [IdentityStatus.PENDING]: '审核中',
  [IdentityStatus.REJECTED]: '未通过',
  [IdentityStatus.UNPAID]: '待缴费',
};

function ResultScreen({ config }: { config: ResultConfig }) {
  const navigate = useNavigate();
  const identities = useIdentities();
  const mine = (identities.data ?? []).filter((i) => config.codes.includes(i.identityCode));
  // The page speaks of the visitor's own identities: one that has none of them (or nobody logged
  // in) is sent where they belong, the console, which sends a visitor to the login.
  if (!session.isLoggedIn() || (identities.isSuccess && mine.length === 0)) return <Navigate to="/" replace />;
  const statuses = new Set(mine.map((i) => i.status));
  const only = statuses.size === 1 ? [...statuses][0] : undefined;
  const detail = (only !== undefined && config.detailByStatus?.[only]) || config.detail;
  const backToLogin = async () => {
    await authApi.logout().catch(() => undefined);
    session.clear();
    void navigate(session.enterPath());
  };
  return (
    <AuthShell title={config.title} width={560}>
      <Result
        status={config.status}
        // The title is the page's own (AuthShell): the result only says what it means.
        subTitle={detail}
        extra={
          <Space>
            {(identities.data?.length ?? 0) > 1 && (
              <Button onClick={() => navigate('/chooseIdentity')}>切换身份</Button>
            )}
            <Button type="primary" onClick={backToLogin}>
              返回登录
            </Button>
          </Space>
        }
      >
        {mine.map((i) => (
          <Descriptions
            key={i.identityId}
            column={1}
            size="small"
            bordered
            labelStyle={{ width: 96, whiteSpace: 'nowrap' }}
            style={{ marginBottom: 12 }}
          >
            <Descriptions.Item label="身份">{i.identityName}</Descriptions.Item>
            <Descriptions.Item label="所属单位">{i.companyName}</Descriptions.Item>
            <Descriptions.Item label="状态">{STATUS_TEXT[i.status] ?? i.status}</Descriptions.Item>
            {i.remark && <Descriptions.Item label="审核意见">{i.remark}</Descriptions.Item>}
          </Descriptions>
        ))}
      </Result>
    </AuthShell>
  );
}

/** A screen per result route, for the lazy route registry. */
export function resultScreen(path: keyof typeof RESULT_PAGES) {
  const config = RESULT_PAGES[path] as ResultConfig;
  return function ResultRoute() {
    return <ResultScreen config={config} />;
  };
}
