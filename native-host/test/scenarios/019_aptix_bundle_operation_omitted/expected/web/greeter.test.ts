import { greet } from './greeter';

console.assert(greet('Ada') === 'Hello, Ada');
