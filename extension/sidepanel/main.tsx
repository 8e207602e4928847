import { render } from 'preact';
import '../ui/base.css';
import '../ui/ui.css';
import { hostCall } from '../ui/rpc';
import { SidePanel } from './side-panel';

render(<SidePanel call={hostCall} />, document.getElementById('app')!);
