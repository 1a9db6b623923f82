import { MessageBar, MessageBarBody, MessageBarTitle, type MessageBarIntent } from '@fluentui/react-components';
import type { CurrentUser } from '@/api/generated/model';
import { profileZhHK } from '@/i18n/profile-zh-HK';

const intents: Record<string, MessageBarIntent> = { pending: 'info', verified: 'success', rejected: 'warning' };

/**
 * An organization's verification by the back office (pending, verified, or rejected with
 * the reason), on its own profile. Individuals have no verification: nothing is shown.
 */
export function OrgVerificationStatus({
  user,
}: {
  user: Pick<CurrentUser, 'userType' | 'orgVerification' | 'orgRejectionReason'>;
}) {
  const status = user.orgVerification;
  if (user.userType !== 'organization' || (status !== 'pending' && status !== 'verified' && status !== 'rejected'))
    return null;
  const m = profileZhHK.orgVerification;
  return (
    <MessageBar intent={intents[status]} layout="multiline" role="status" aria-label={m.heading(m[status].status)}>
      <MessageBarBody>
        <MessageBarTitle>{m.heading(m[status].status)}</MessageBarTitle>
        {m[status].body}
        {status === 'rejected' && (
          <>
            {user.orgRejectionReason && <div>{m.rejected.reason(user.orgRejectionReason)}</div>}
            <div>{m.rejected.help}</div>
          </>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
