import { Outlet } from 'react-router';
import { DefaultShell } from '../../features/shell/default-shell.tsx';

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}
