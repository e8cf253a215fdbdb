import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ordersApi, paymentKeys } from '../api';

/** The shell's order: ?orderId= read as the payer's own order (GET /payments/mine/orders/:id). */
export function useMineOrder() {
  const [search] = useSearchParams();
  const orderId = Number(search.get('orderId')) || 0;
  const order = useQuery({
    queryKey: paymentKeys.order('mine', orderId),
    queryFn: () => ordersApi.get('mine', orderId),
    enabled: orderId > 0,
    retry: false,
  });
  return { orderId, order };
}
