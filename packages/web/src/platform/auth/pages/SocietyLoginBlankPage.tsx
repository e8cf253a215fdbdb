import type { TSocietyEntry } from '@shetuan/shared/identity';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/request';
import { authApi } from '../api';
import { AuthShell } from '../components/AuthShell';

/** Where the entry leaves for: this domain's /societyLogin, or the society's own domain. */
export function societyLoginTarget(entry: TSocietyEntry, here: Location = window.location): string {
  if (entry.current || !entry.domain) return '/societyLogin';
  return `${here.protocol}//${entry.domain}${here.port ? `:${here.port}` : ''}/new/societyLogin`;
}

/**
 * /societyLoginBlank?tenantId= — the society's login entry (a link a society hands out): a blank
 * page that finds the society in its address and forwards to its login: /societyLogin here when it
 * is this domain's, or the login on the society's own domain. A society that is unknown or
 * disabled says so and offers the login here.
 */
export default function SocietyLoginBlankPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const tenantId = search.get('tenantId') ?? search.get('societyId') ?? '';
  const entry = useQuery({
    queryKey: ['auth', 'society-entry', tenantId],
    queryFn: () => authApi.societyEntry(Number(tenantId)),
    enabled: tenantId !== '',
    retry: false,
  });
  useEffect(() => {
    if (!entry.data) return;
    const target = societyLoginTarget(entry.data);
    if (target.startsWith('/')) void navigate(target, { replace: true });
    else window.location.replace(target);
  }, [entry.data, navigate]);

  if (tenantId === '' || entry.isError) {
    return (
      <AuthShell title="学会登录">
        <Result
          status="warning"
          title={entry.error instanceof ApiError ? entry.error.message : '未找到该学会'}
          subTitle="请核对登录链接，或直接登录。"
          extra={
            <Button type="primary" onClick={() => void navigate('/societyLogin')}>
              前往登录
            </Button>
          }
        />
      </AuthShell>
    );
  }
  return (
    <Flex vertical align="center" justify="center" gap={16} style={{ minHeight: '100vh' }}>
      <Spin size="large" />
      <span>正在前往{entry.data?.companyName ?? '学会'}登录…</span>
    </Flex>
  );
}
