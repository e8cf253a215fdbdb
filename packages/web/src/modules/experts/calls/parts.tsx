import { ApplicationStatus, CallStatus, callStatusName } from '@shetuan/shared/experts';
import { DatePicker, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ResourceWidgets } from '../../../platform/resource';
import { DomainTreeSelect } from '../library/fields';

export { CALL_DETAIL_PATH } from './paths';

const DAY = 'YYYY-MM-DD';

/** A China day as the contract takes it (YYYY-MM-DD), picked from a calendar. */
export function DayField({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <DatePicker
      id={id}
      value={value ? dayjs(value, DAY) : null}
      onChange={(d) => onChange?.(d ? d.format(DAY) : '')}
      placeholder={placeholder ?? '请选择日期'}
      style={{ width: '100%' }}
    />
  );
}

const CALL_TONES: Record<string, string> = {
  [CallStatus.UPCOMING]: 'default',
  [CallStatus.OPEN]: 'processing',
  [CallStatus.CLOSED]: 'default',
};

/** A call's state: 未开始, 征集中, 已结束. */
export function CallStatusTag({ status }: { status: string }) {
  return (
    <Tag color={CALL_TONES[status]} style={{ marginInlineEnd: 0 }}>
      {callStatusName(status)}
    </Tag>
  );
}

const APPLICATION_TONES: Record<string, string> = {
  [ApplicationStatus.PENDING]: 'warning',
  [ApplicationStatus.APPROVED]: 'success',
  [ApplicationStatus.REFUSED]: 'error',
};

/** An application's state: 待审核, 已通过, 未通过. */
export function ApplicationStatusTag({ status, name }: { status: string; name: string }) {
  return (
    <Tag color={APPLICATION_TONES[status]} style={{ marginInlineEnd: 0 }}>
      {name}
    </Tag>
  );
}

/** The call form's own controls: the domain tree (several), the two days. */
export const CALL_WIDGETS: ResourceWidgets = {
  domainIds: <DomainTreeSelect multiple placeholder="不选则不限领域" />,
  openDate: <DayField placeholder="开始报名的日期" />,
  closeDate: <DayField placeholder="截止报名的日期（含当天）" />,
};
