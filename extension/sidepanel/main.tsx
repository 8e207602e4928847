import { render } from 'preact';
import '../ui/base.css';
import { HostStatusView } from '../ui/host-status-view';

function SidePanel() {
  return (
    <main style={{ padding: '12px' }}>
      <h1 style={{ fontSize: '15px', margin: '0 0 8px' }}>ReplyApply review</h1>
      <HostStatusView />
    </main>
  );
}

render(<SidePanel />, document.getElementById('app')!);
