import {
  IDENTITY_GROUPS,
  IdentityStatus,
  LOGIN_MESSAGES,
  type LoginResultRoute,
  type TVisitor,
  type TVisitorResult,
} from '@shetuan/shared/identity';
import { Button, Descriptions, type DescriptionsProps, Flex, Result, Spin } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { queryClient } from '../../../app/query-client';
import { session } from '../../../app/session';
import { authApi, authKeys, useVisitor } from '../api';
import { AuthShell } from '../components/AuthShell';
import { followVisitor } from '../flow';

interface Words {
  title: string;
  detail: string;
}

interface ResultConfig {
  /** What the page says of each state it shows (the server places each identity on one page). */
  words: Partial<Record<number, Words>>;
  /** The same for people registered as users (15, 16): theirs is a registration, not an application to join. */
  registered?: Partial<Record<number, Words>>;
  /** Identities in different states on one page (the expert page shows pending and refused). */
  mixed?: Words;
}

const { ACTIVE, DISABLED, PENDING, REJECTED, UNPAID } = IdentityStatus;

/** The page-type result screens (spec 000 §2): one screen, its words per route and state. */
export const RESULT_PAGES: Record<LoginResultRoute, ResultConfig> = {
  '/memberForbidden': {
    words: {
      [DISABLED]: {
        title: '会员身份已停用',
        detail: '您的会员身份已被停用，暂时无法进入后台。如有疑问，请联系所在学会。',
      },
    },
    registered: {
      [DISABLED]: {
        title: '用户身份已停用',
        detail: '您的用户身份已被停用，暂时无法进入后台。如有疑问，请联系管理员。',
      },
    },
  },
  '/memberExamineResult': {
    words: {
      [PENDING]: { title: '入会申请审核中', detail: '您的入会申请已提交，正在审核，审核通过后即可进入后台。' },
    },
    registered: {
      [PENDING]: { title: '注册申请审核中', detail: '您的注册申请已提交，正在审核，审核通过后即可进入后台。' },
    },
  },
  '/memberExamineResultExport': {
    words: {
      [PENDING]: { title: '单位会员申请审核中', detail: '贵单位的入会申请已提交，正在审核，审核通过后即可进入后台。' },
    },
    registered: {
      [PENDING]: { title: '单位注册申请审核中', detail: '贵单位的注册申请已提交，正在审核，审核通过后即可进入后台。' },
    },
  },
  '/login-member-result': {
    words: {
      [REJECTED]: { title: '入会申请未通过', detail: '您的入会申请未通过审核，请根据审核意见修改后重新提交。' },
    },
    registered: {
      [REJECTED]: {
        title: '注册申请未通过',
        detail: '您的注册申请未通过审核，审核意见如下。如有疑问，请联系管理员。',
      },
    },
  },
  '/regist-nopay': {
    words: {
      [UNPAID]: { title: '入会申请已通过，待缴纳会费', detail: '缴纳会费后即可进入后台，请联系所在学会完成缴费。' },
    },
  },
  '/login-expert-result': {
    words: {
      [PENDING]: { title: '专家注册审核中', detail: '您的专家注册信息正在审核，审核通过后即可进入后台。' },
      [REJECTED]: { title: '专家注册未通过', detail: '您的专家注册未通过审核，请根据审核意见修改后重新提交。' },
    },
    mixed: { title: '专家注册审核结果', detail: '您的专家注册审核情况如下，审核通过后即可进入后台。' },
  },
};

const STATUS_TEXT: Record<number, string> = {
  [ACTIVE]: '正常',
  [DISABLED]: '已停用',
  [PENDING]: '审核中',
  [REJECTED]: '未通过',
  [UNPAID]: '待缴费',
};

const STATUS_ICON: Record<number, ResultStatusType> = {
  [DISABLED]: 'error',
  [PENDING]: 'info',
  [REJECTED]: 'warning',
  [UNPAID]: 'warning',
};

const REGISTERED = new Set<number>(IDENTITY_GROUPS.registeredUser);

/** The words for the identities a page shows: by their one state, or the page's words for several. */
function wordsFor(config: ResultConfig, shown: TVisitorResult[]): Words & { icon: ResultStatusType } {
  const states = [...new Set(shown.map((i) => i.status))];
  const state = states.length === 1 ? states[0] : undefined;
  const registered = shown.length > 0 && shown.every((i) => REGISTERED.has(i.identityCode));
  const first = Object.values(config.words)[0] as Words;
  const words =
    state === undefined
      ? (config.mixed ?? first)
      : ((registered ? config.registered?.[state] : undefined) ?? config.words[state] ?? first);
  return { ...words, icon: (state !== undefined && STATUS_ICON[state]) || 'info' };
}

function identityRows(i: TVisitorResult): DescriptionsProps['items'] {
  return [
    { key: 'identity', label: '身份', children: i.identityName },
    { key: 'company', label: '所属单位', children: i.companyName },
    { key: 'status', label: '状态', children: STATUS_TEXT[i.status] ?? i.status },
    // Only a remark that exists: no empty row at the end of the box.
    ...(i.remark ? [{ key: 'remark', label: '审核意见', children: i.remark }] : []),
  ];
}

function Waiting() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/** Logs the session out (it is this browser's own) and returns to the login page the person used. */
async function backToLogin(go: (path: string) => void): Promise<void> {
  await authApi.logout().catch(() => undefined);
  const enter = session.enterPath();
  session.clear();
  queryClient.removeQueries({ queryKey: authKeys.all });
  go(enter);
}

/**
 * One result page. It shows the visitor's own identities that this page speaks of, as the server
 * has them now (GET /auth/visitor); a visitor with none of them is sent where they belong (the
 * console, another result page, the identity choice), and one not logged in to the login page.
 */
function ResultScreen({ path }: { path: LoginResultRoute }) {
  const navigate = useNavigate();
  const loggedIn = session.isLoggedIn();
  const visitor = useVisitor(loggedIn);
  const data: TVisitor | undefined = visitor.data;
  const shown = (data?.results ?? []).filter((r) => r.route === path);
  const next = data?.next;
  const elsewhere = Boolean(
    data?.loggedIn && shown.length === 0 && next?.canEnter && next.route && next.route !== path,
  );
  const leaving = useRef(false);

  useEffect(() => {
    if (!data || leaving.current) return;
    const go = (to: string) => void navigate(to, { replace: true });
    if (!data.loggedIn) {
      // The browser kept a login that no longer holds: forget it quietly.
      leaving.current = true;
      session.clear();
      go(session.enterPath());
    } else if (elsewhere && next) {
      leaving.current = true;
      void followVisitor(next, go).finally(() => {
        leaving.current = false;
      });
    }
  }, [data, next, elsewhere, navigate]);

  if (!loggedIn) return <Navigate to={session.enterPath()} replace />;
  if (visitor.isError) {
    return (
      <AuthShell title="登录结果" width={560}>
        <Result status="warning" subTitle={visitor.error.message} extra={<BackButtons navigate={navigate} />} />
      </AuthShell>
    );
  }
  if (!data?.loggedIn || elsewhere) return <Waiting />;
  if (shown.length === 0) {
    // Nowhere to go: no identity here that may enter (the status check's 无法进入后台！).
    return (
      <AuthShell title={data.next?.msg ?? LOGIN_MESSAGES.cannotEnter} width={560}>
        <Result
          status="warning"
          subTitle="您在本机构暂无可用的身份，如有疑问，请联系管理员。"
          extra={<BackButtons navigate={navigate} />}
        />
      </AuthShell>
    );
  }
  const words = wordsFor(RESULT_PAGES[path], shown);
  return (
    <AuthShell title={words.title} width={560}>
      {/* The title is the card's: the result only says what it means. */}
      <Result status={words.icon} subTitle={words.detail} style={{ padding: '8px 0 24px' }} />
      <Flex vertical gap={12}>
        {shown.map((i) => (
          <Descriptions
            key={i.identityId}
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
            items={identityRows(i)}
          />
        ))}
      </Flex>
      <BackButtons navigate={navigate} canSwitch={data.identityCount > 1} />
    </AuthShell>
  );
}

function BackButtons({
  navigate,
  canSwitch = false,
}: {
  navigate: ReturnType<typeof useNavigate>;
  canSwitch?: boolean;
}) {
  return (
    <Flex justify="center" gap={12} wrap style={{ marginTop: 24 }}>
      {canSwitch && <Button onClick={() => navigate('/chooseIdentity')}>切换身份</Button>}
      <Button type="primary" onClick={() => void backToLogin((to) => navigate(to))}>
        返回登录
      </Button>
    </Flex>
  );
}

/** A screen per result route, for the lazy route registry. */
export function resultScreen(path: LoginResultRoute) {
  return function ResultRoute() {
    return <ResultScreen path={path} />;
  };
}
