import { render } from 'preact';
import '../ui/base.css';
import '../ui/ui.css';
import { hostCall } from '../ui/rpc';
import { Popup } from './popup';

render(<Popup call={hostCall} />, document.getElementById('app')!);
