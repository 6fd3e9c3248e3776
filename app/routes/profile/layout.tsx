import { Outlet } from 'react-router';
import { ProfileLayout } from '../../features/profile/profile-layout.tsx';

/** The profile's frame around each section (player card, section navigation, toast query). */
export default function ProfileLayoutRoute() {
  return (
    <ProfileLayout>
      <Outlet />
    </ProfileLayout>
  );
}
