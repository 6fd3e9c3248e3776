import { Outlet } from 'react-router';
import { EmptyShell } from '../../features/shell/default-shell.tsx';

export default function EmptyLayout() {
  return (
    <EmptyShell>
      <Outlet />
    </EmptyShell>
  );
}
