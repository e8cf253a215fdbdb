import { MEMBER_PROFILE_MESSAGES } from '@shetuan/shared/identity';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { session } from '../../app/session';
import { useRequiredComplete } from './profile-api';

const DISMISSED_KEY = 'memberProfilePrompt';
/** One login of one identity: a new login (new token) or another identity asks again. */
const loginKey = () => `${session.identityId() ?? ''}:${(session.token() ?? '').slice(-16)}`;

/** This login has been asked already (/setUserMsg asked it): the console's prompt stays away. */
export function dismissProfilePrompt(): void {
  localStorage.setItem(DISMISSED_KEY, loginKey());
}

/**
 * Custom type 34 (spec 000 §6): after login the console asks the server whether the member
 * profile lacks a field the tenant requires, and when it does offers to go and fill it in
 * (/personalCenter). Once per login: 稍后再说 (or closing) leaves it for this login, and nothing is
 * blocked — the header, its logout included, stays usable. The server's answer decides; the
 * personal centre keeps naming what is missing until it is complete.
 */
export function MemberProfilePrompt() {
  const check = useRequiredComplete();
  const navigate = useNavigate();
  const location = useLocation();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY) === loginKey());
  const missing = check.data?.checked && !check.data.complete ? check.data.missing : [];
  const open = missing.length > 0 && !dismissed && location.pathname !== '/personalCenter';

  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, loginKey());
    setDismissed(true);
  };
  return (
    <Modal
      open={open}
      title={MEMBER_PROFILE_MESSAGES.title}
      onCancel={dismiss}
      footer={[
        <Button key="later" onClick={dismiss}>
          {MEMBER_PROFILE_MESSAGES.later}
        </Button>,
        <Button
          key="go"
          type="primary"
          onClick={() => {
            dismiss();
            void navigate('/personalCenter');
          }}
        >
          {MEMBER_PROFILE_MESSAGES.go}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{MEMBER_PROFILE_MESSAGES.prompt}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {MEMBER_PROFILE_MESSAGES.missing}
        {missing.map((m) => m.label).join('、')}
      </Typography.Paragraph>
    </Modal>
  );
}
