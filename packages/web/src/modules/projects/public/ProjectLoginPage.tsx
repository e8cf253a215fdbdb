import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { session } from '../../../app/session';
import { LoginScreen } from '../../../platform/auth/pages/LoginPage';
import { projectKeys } from '../api';
import { screensApi } from '../screens-api';

/**
 * /projectLogin[?projectId=] 申报登录: the login of applicants. With a call it names the call and,
 * once logged in (and the identity chosen), opens 我的申报 on that call's declaration; without one
 * it leads to 我的申报. The login itself is the platform's (password, SMS, the page-type flow).
 */
export default function ProjectLoginPage() {
  const [search] = useSearchParams();
  const projectId = Number(search.get('projectId')) || 0;
  const call = useQuery({
    queryKey: [...projectKeys.all, 'public', 'detail', projectId],
    queryFn: () => screensApi.publicProject(projectId),
    enabled: projectId > 0,
  });
  useEffect(() => {
    // Where the login goes: 我的申报, which opens the call's declaration (the menu has /DeclareList).
    session.setCallback(projectId ? `/DeclareList?declare=${projectId}` : '/DeclareList');
  }, [projectId]);
  return (
    <>
      <div
        role="note"
        style={{ background: '#e6f4ff', padding: '10px 16px', textAlign: 'center', borderBottom: '1px solid #91caff' }}
      >
        {call.data ? (
          <Typography.Text>
            登录后继续申报：<Typography.Text strong>{call.data.name}</Typography.Text>
            {'　'}
            <Link to={`/login-declare-detail?id=${call.data.id}`}>返回项目详情</Link>
          </Typography.Text>
        ) : (
          <Typography.Text>
            请使用申报人账号登录。<Link to="/login-declare">查看可申报的项目</Link>
          </Typography.Text>
        )}
      </div>
      <LoginScreen title="申报登录" forgetPath="/forgetPassword" />
    </>
  );
}
