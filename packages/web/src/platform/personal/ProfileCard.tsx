import { MEMBER_PROFILE_MESSAGES } from '@shetuan/shared/identity';
import { Alert, Card } from 'antd';
import { ProfileForm } from './ProfileForm';
import { useMemberProfile, useRequiredComplete } from './profile-api';

/**
 * /personalCenter's 基本资料: the name, and for a member identity the member profile (会员资料). In
 * a tenant of custom type 34 the fields it requires are marked and the missing ones named above
 * (spec 000 §6); saving asks the server's check again, so the notice goes once the profile is complete.
 */
export function ProfileCard() {
  const profile = useMemberProfile();
  const check = useRequiredComplete();
  const data = profile.data;
  const missing = check.data?.checked && !check.data.complete ? check.data.missing : [];
  return (
    <Card title="基本资料" loading={profile.isPending}>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={MEMBER_PROFILE_MESSAGES.title}
          description={`${MEMBER_PROFILE_MESSAGES.missing}${missing.map((m) => m.label).join('、')}`}
        />
      )}
      {data && <ProfileForm data={data} />}
    </Card>
  );
}
