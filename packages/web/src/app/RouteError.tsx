import { Button } from 'antd';
import { useEffect } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { claimReload, isChunkLoadError } from './chunk-reload';
import { StatusPage } from './StatusPage';

/**
 * The error boundary of every route. A screen chunk that failed to load reloads the pending
 * path once; anything else shows a plain error page with a way back.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const target = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${location.pathname}${location.search}${location.hash}`;
  const reload = isChunkLoadError(error) && claimReload(target);

  useEffect(() => {
    if (reload) window.location.assign(target);
  }, [reload, target]);

  if (reload) return null;
  return (
    <StatusPage
      status="error"
      title="页面加载失败"
      subTitle={
        isChunkLoadError(error) ? '页面文件未能加载，可能是网络中断或系统刚刚更新。' : '页面出现异常，请刷新后重试。'
      }
      extra={
        <Button type="primary" onClick={() => window.location.assign(target)}>
          重新加载
        </Button>
      }
    />
  );
}
