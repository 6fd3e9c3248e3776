import { Outlet } from 'react-router';
import { FrameEscape } from '../../features/games/frame-escape.tsx';
import { EmptyShell } from '../../features/shell/default-shell.tsx';

export default function EmptyLayout() {
  return (
    <EmptyShell>
      <FrameEscape />
      <Outlet />
    </EmptyShell>
  );
}
