import { render } from 'preact';
import '../ui/base.css';
import '../ui/ui.css';
import { Options } from './options';

render(<Options />, document.getElementById('app')!);
