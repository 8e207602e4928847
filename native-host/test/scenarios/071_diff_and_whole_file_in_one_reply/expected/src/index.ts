import { clamp, lerp } from './math';

console.log(clamp(lerp(0, 10, 0.5), 0, 3));
