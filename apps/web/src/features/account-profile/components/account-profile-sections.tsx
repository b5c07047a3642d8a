// The profile part of /account: name, e-mail address, password and connected sign-in methods.
import { ConnectedAccountsSection } from './connected-accounts-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';

export function AccountProfileSections({
  user,
}: {
  user: { id: string; name: string; email: string; emailVerified: boolean };
}) {
  return (
    <>
      <ProfileSection name={user.name} />
      <EmailSection user={user} />
      <PasswordSection user={user} />
      <ConnectedAccountsSection userId={user.id} />
    </>
  );
}
