import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../app/typed-api';

/**
 * Whether this server offers WeChat login and binding (GET /wechat/available: a production server
 * without a configured WeChat provider does not). Undefined while unknown; small on purpose: the
 * login page imports it.
 */
export function useWechatAvailable(): boolean | undefined {
  const answer = useQuery({
    queryKey: ['wechat', 'available'],
    queryFn: () => apiCall.get('/wechat/available', {}, { silent: true, persistent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  return answer.data?.available;
}
