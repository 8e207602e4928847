import { clamp } from './util/math';

console.log(clamp(5, 0, 3));
