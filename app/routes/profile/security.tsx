import { SecurityPage } from '../../features/profile/security-page.tsx';

/** /profile/security: everything it shows comes from the root data (two_factor_auth, login). */
export default function ProfileSecurity() {
  return <SecurityPage />;
}
