import { Outlet } from 'react-router';
import { FrameEscape } from '../../features/games/frame-escape.tsx';
import { DefaultShell } from '../../features/shell/default-shell.tsx';

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <FrameEscape />
      <Outlet />
    </DefaultShell>
  );
}
