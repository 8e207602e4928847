import { render } from 'preact';
import '../ui/base.css';
import { HostStatusView } from '../ui/host-status-view';

function Popup() {
  return (
    <main style={{ width: '360px', padding: '12px' }}>
      <h1 style={{ fontSize: '15px', margin: '0 0 8px' }}>ReplyApply</h1>
      <HostStatusView />
    </main>
  );
}

render(<Popup />, document.getElementById('app')!);
