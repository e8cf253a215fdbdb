import type { TPayeeContext } from '@shetuan/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Select } from 'antd';
import { useState } from 'react';
import { payeeApi, paymentKeys } from './api';

/**
 * Whom the caller receives money as (server payments/payees): the tenant itself, whose people are
 * its operators (every payee in 订单运营, 运营流水, 提现记录; 打款 and 驳回; the tenant's settings), or
 * one of its organisations, whose administrator sees only its own. Undefined while loading.
 */
export function usePayee(): TPayeeContext | undefined {
  return useQuery({ queryKey: paymentKeys.payee(), queryFn: payeeApi.mine, staleTime: 60_000 }).data;
}

/**
 * The operators' payee filter (收款方): the tenant itself or one of its organisations, searched by
 * name on the server. `value` is 0 for the tenant itself, an organisation's id, or undefined (all).
 */
export function PayeeFilter({
  id,
  value,
  onChange,
  itemStyle,
}: {
  id: string;
  value: number | undefined;
  onChange: (payee: number | undefined) => void;
  itemStyle: { style: { marginBottom: number } };
}) {
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: paymentKeys.payees(keyword),
    queryFn: () => payeeApi.options(keyword),
    staleTime: 30_000,
  });
  return (
    <Col xs={24} md={12} xl={6}>
      <Form.Item label="收款方" htmlFor={id} {...itemStyle}>
        <Select
          id={id}
          allowClear
          showSearch
          filterOption={false}
          placeholder="全部收款方"
          loading={options.isFetching}
          options={options.data ?? []}
          value={value ?? null}
          onSearch={setKeyword}
          onChange={(v: number | null | undefined) => {
            setKeyword('');
            onChange(typeof v === 'number' ? v : undefined);
          }}
        />
      </Form.Item>
    </Col>
  );
}

/** What an organisation's administrator reads on a page of the tenant's own settings. */
export function OperatorOnlyNotice({ what }: { what: string }) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={`${what}由平台运营方统一设置`}
      description="本单位的款项由平台代收，扣除服务费后可在“申请提现”中提现到本单位的银行卡。"
    />
  );
}
