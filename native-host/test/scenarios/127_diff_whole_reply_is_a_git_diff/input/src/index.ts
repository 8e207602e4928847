import { clamp } from './math';

console.log(clamp(5, 0, 3));
