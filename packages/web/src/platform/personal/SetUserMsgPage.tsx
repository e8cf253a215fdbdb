import { MEMBER_PROFILE_MESSAGES } from '@shetuan/shared/identity';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { AuthShell } from '../auth/components/AuthShell';
import { AFTER_PROFILE_KEY } from '../auth/flow';
import { dismissProfilePrompt } from './MemberProfilePrompt';
import { ProfileForm } from './ProfileForm';
import { useMemberProfile, useRequiredComplete } from './profile-api';

/**
 * /setUserMsg: completing one's own details after the first login (an activation) where the
 * tenant requires them — custom type 34's check (GET /auth/profile/required-complete) names what
 * is missing, the personal centre's form fills it. Never a wall: 稍后再说 goes on, and the
 * console's prompt (once per login) is not shown again for this login.
 */
export default function SetUserMsgPage() {
  const navigate = useNavigate();
  const profile = useMemberProfile();
  const check = useRequiredComplete();
  const missing = check.data?.checked && !check.data.complete ? check.data.missing : [];
  const goOn = () => {
    dismissProfilePrompt();
    const next = sessionStorage.getItem(AFTER_PROFILE_KEY) || '/';
    sessionStorage.removeItem(AFTER_PROFILE_KEY);
    if (/^https?:\/\//i.test(next)) window.location.assign(next);
    else void navigate(next);
  };
  return (
    <AuthShell title="完善个人信息" width={520}>
      {profile.isPending || check.isPending ? (
        <Spin />
      ) : profile.isError ? (
        <Result status="warning" title={profile.error.message} />
      ) : (
        <>
          {missing.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="本机构要求填写以下会员资料，请补全后进入系统"
              description={`${MEMBER_PROFILE_MESSAGES.missing}${missing.map((m) => m.label).join('、')}`}
            />
          ) : (
            <Typography.Paragraph type="secondary">请核对您的个人信息，保存后进入系统。</Typography.Paragraph>
          )}
          {profile.data && (
            <ProfileForm
              data={profile.data}
              block
              submitText="保存并进入"
              onSaved={goOn}
              extra={
                <Button type="link" onClick={goOn}>
                  {MEMBER_PROFILE_MESSAGES.later}
                </Button>
              }
            />
          )}
        </>
      )}
    </AuthShell>
  );
}
